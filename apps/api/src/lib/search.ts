import { ilike, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { users, whatsappAccounts } from '../db/schema';

/** `%` and `_` in what a user typed are letters, not wildcards. */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Rows where any of the columns contains the text, case-insensitively. */
export function containsText(text: string, columns: (AnyColumn | SQL)[]): SQL {
  const pattern = `%${escapeLike(text)}%`;
  return or(...columns.map((column) => ilike(column, pattern)))!;
}

/** Chat accounts (and the jobs that use them) are found by push name, number or device id. */
export const accountMatches = (text: string) =>
  containsText(text, [whatsappAccounts.pushname, whatsappAccounts.phonenumber, whatsappAccounts.clientid]);

/** People are found by either name, both as shown ('Rina Wulan'), or e-mail. */
export const personMatches = (text: string) =>
  containsText(text, [
    users.firstname,
    users.lastname,
    users.email,
    sql`${users.firstname} || ' ' || ${users.lastname}`,
  ]);
