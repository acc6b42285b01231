import type { PGlite } from '@electric-sql/pglite';
import { driverOf, type Db } from '../db';

/** The statements prepared in each embedded database (one session each): name to its PREPARE. */
const preparedIn = new WeakMap<PGlite, Map<string, Promise<unknown>>>();

/**
 * A statement the panel runs on most page loads, with integer values only, on each driver's cheapest
 * path. PostgreSQL keeps it prepared under its name on each pooled connection, so it is parsed and
 * planned once. The embedded database, whose parameterised path costs six calls into the database per
 * statement (longer than the statement itself), prepares it once with PREPARE and runs it with
 * EXECUTE and the integers written in: one simple-protocol call, no parsing or planning.
 *
 * `text` must be the same for a given name (a fixed text built once), with $1, $2… for `values`.
 */
export async function runIntegerStatement<Row>(
  db: Db,
  statement: { name: string; text: string },
  values: readonly number[],
): Promise<Row[]> {
  for (const value of values)
    if (!Number.isSafeInteger(value)) throw new TypeError(`${statement.name}: not an integer: ${value}`);
  const driver = driverOf(db);
  if (driver.kind === 'postgres') {
    const result = await driver.pool.query({
      name: statement.name,
      text: statement.text,
      values: [...values],
    });
    return result.rows as Row[];
  }
  const client = driver.client;
  let prepared = preparedIn.get(client);
  if (!prepared) preparedIn.set(client, (prepared = new Map()));
  let preparing = prepared.get(statement.name);
  if (!preparing) {
    preparing = client.exec(`prepare ${statement.name} as ${statement.text}`);
    prepared.set(statement.name, preparing);
    preparing.catch(() => prepared.delete(statement.name));
  }
  await preparing;
  // Only integers, checked above, are written into the text.
  const results = await client.exec(`execute ${statement.name}(${values.join(', ')})`);
  return results[results.length - 1]!.rows as Row[];
}
