import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../../config';
import type { Db } from '../../db';
import { verifyPassword } from './passwords';
import { accountRepository } from './repository';

/**
 * The first admin's generated password, kept beside the embedded database so a lost terminal does
 * not lock the operator out, and only as long as it still opens the account.
 */
export function adminCredentialsFile(config: Pick<Config, 'dataDir'>) {
  return join(config.dataDir, 'admin-credentials.txt');
}

export function saveAdminCredentials(config: Pick<Config, 'dataDir'>, email: string, password: string) {
  const file = adminCredentialsFile(config);
  writeFileSync(file, `${email}\n${password}\n`, { mode: 0o600 });
  return file;
}

/**
 * Deletes the file once its password no longer signs in to its account (the admin changed it): a
 * stale copy of a password helps nobody but whoever finds it. A file naming an account this database
 * does not hold is left alone (it may belong to another database kept in the same folder).
 */
export async function dropStaleAdminCredentials(db: Db, config: Pick<Config, 'dataDir'>) {
  const file = adminCredentialsFile(config);
  if (!existsSync(file)) return false;
  const [email = '', password = ''] = readFileSync(file, 'utf8').split('\n');
  const user = await accountRepository.byEmail(db, email.trim().toLowerCase());
  if (!user || (password && (await verifyPassword(user.passwordHash, password)))) return false;
  rmSync(file, { force: true });
  return true;
}
