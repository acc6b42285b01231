import { driverOf, type Db } from '../db';

/**
 * A statement the panel runs on most page loads, with integer values only, on each driver's cheapest
 * path. PostgreSQL keeps it prepared under its name on each pooled connection, so it is parsed and
 * planned once. The embedded database gets the integers written into the text and one simple-protocol
 * call: its parameterised path costs six calls into the database per statement, which took longer
 * than the statement itself.
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
  // Only integers, checked above, are written into the text.
  const text = statement.text.replace(/\$(\d+)/g, (_, index: string) => String(values[Number(index) - 1]));
  const results = await driver.client.exec(text);
  return results[results.length - 1]!.rows as Row[];
}
