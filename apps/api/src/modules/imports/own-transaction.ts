import pg from 'pg';

/** A transaction on a connection of its own, begun; `close` commits or rolls back and disconnects. */
export async function ownTransaction(pool: pg.Pool) {
  const client = new pg.Client(pool.options);
  client.on('error', () => {});
  await client.connect();
  let open = true;
  const close = async (statement: 'commit' | 'rollback') => {
    if (!open) return;
    open = false;
    try {
      await client.query(statement);
    } catch (error) {
      if (statement === 'commit') throw error;
    } finally {
      await client.end().catch(() => {});
    }
  };
  try {
    await client.query('begin');
  } catch (error) {
    await client.end().catch(() => {});
    throw error;
  }
  return { client, close };
}
