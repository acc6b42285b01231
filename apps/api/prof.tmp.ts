import { sql, eq } from 'drizzle-orm';
import { openDatabase } from '/work/main/apps/api/src/db';
import { seed } from '/work/main/apps/api/src/db/seed';
import { users } from '/work/main/apps/api/src/db/schema';
import { readAccountsPage } from '/work/main/apps/api/src/modules/whatsapp/service';
import { configFromEnv } from '/work/main/apps/api/src/config';
import { createTokenService } from '/work/main/apps/api/src/lib/tokens';
import { createAppContext } from '/work/main/apps/api/src/runtime';
import { buildApp } from '/work/main/apps/api/src/server';

const database = await openDatabase({});
const db = database.db;
await seed(db, { email: 'bench@blaster.local', password: 'bench-password' });
await db.execute(sql`insert into users (firstname, lastname, email, password_hash, referral_code)
    select 'Member', 'No ' || i, 'member' || i || '@bench.local', 'x', 'REF' || i from generate_series(1, 1000) i`);
await db.execute(sql`insert into whatsapp_accounts (user_id, clientid, phonenumber, pushname, state, count_success, count_fail)
    select 2 + (i % 1000), 'id-1700000000000-' || i, '62811' || lpad(i::text, 8, '0'), 'Bench ' || i,
      case when i % 3 = 0 then 'disconnected' else 'connected' end, i % 50, i % 7
    from generate_series(1, 50000) i`);
await db.execute(sql`analyze`);
const cpu = async (label: string, n: number, fn: () => Promise<unknown>) => {
  for (let i = 0; i < 50; i++) await fn();
  const c = process.cpuUsage();
  for (let i = 0; i < n; i++) await fn();
  const d = process.cpuUsage(c);
  console.log(label, ((d.user + d.system) / 1000 / n).toFixed(3), 'ms cpu');
};
await cpu('user by pk', 500, () => db.select().from(users).where(eq(users.id, 1)));
await cpu('select 1', 500, () => db.execute(sql`select 1`));
await cpu('page 2500', 300, () => readAccountsPage(db, undefined, { page: 2500 }));
await cpu('page 1', 300, () => readAccountsPage(db, undefined, { page: 1 }));
const ctx = createAppContext({ db, tokens: createTokenService('bench-secret-bench-secret-bench-secret'), config: configFromEnv({ HOST: '127.0.0.1', PORT: '0', REALTIME_PORT: '0' }) });
const app = await buildApp(ctx);
const token = await ctx.tokens.sign(1);
await cpu('inject page 2500', 300, () => app.inject({ url: '/api/admin/whatsapp/list-per-page?page=2500', headers: { authorization: `Bearer ${token}` } }));
await cpu('inject unknown-ish (auth only) /api/auth/me?', 300, () => app.inject({ url: '/api/admin/whatsapp/count/all', headers: { authorization: `Bearer ${token}` } }));
await cpu('jwt verify', 2000, () => ctx.tokens.verify(token));
process.exit(0);
