import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REALTIME_PATH } from '@blaster/contract';
import { createPostgresBus } from './cluster/bus';
import { configFromEnv } from './config';
import type { AppContext } from './context';
import { openDatabase } from './db';
import { startRetention } from './jobs/retention';
import { PLATFORM_FOLD_EVERY_MS, startPlatformFold } from './db/platform-sums';
import { DatabaseLockedError } from './db/lock';
import { seed, signingSecret } from './db/seed';
import { sweepImportsAtStart } from './modules/imports/sweep';
import { beginShutdown } from './modules/ops/readiness';
import {
  adminCredentialsFile,
  dropStaleAdminCredentials,
  saveAdminCredentials,
} from './modules/auth/admin-credentials';
import { createTokenService } from './lib/tokens';
import { isDatabaseUnavailable } from './lib/errors';
import { boundHeapGrowth } from './memory';
import { createAppContext } from './runtime';
import { startRealtimeServer } from './realtime/server';
import { buildApp } from './server';

boundHeapGrowth();
// Work started in the background (an acknowledgement written, a cache refreshed) may meet a database
// that is away; that is weather, to be logged, not a reason to stop serving. Any other unhandled
// rejection is a bug and still ends the process, as Node.js does by default.
process.on('unhandledRejection', (reason) => {
  if (isDatabaseUnavailable(reason)) {
    console.warn('database unavailable in background work:', String(reason));
    return;
  }
  console.error('unhandled rejection:', reason);
  process.exit(1);
});
const config = configFromEnv();
// The sandbox network's record outlives the process, beside the embedded database.
config.sandboxRecordDir ??= join(config.dataDir, 'sandbox-network');
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : join(config.dataDir, 'db'),
  port: config.port || undefined,
}).catch((error: unknown) => {
  if (!(error instanceof DatabaseLockedError)) throw error;
  console.error(error.message);
  process.exit(1);
});
const { seeded, secret } = await database.setupLock(async () => ({
  seeded: await seed(database.db, { email: config.adminEmail, password: config.adminPassword }),
  secret: await signingSecret(database.db, config.jwtSecret),
}));
// Kept before anything else can fail (a taken port, say): the generated password exists nowhere else,
// and the next start no longer generates one.
const credentialsFile =
  seeded.generatedPassword && database.kind === 'pglite'
    ? saveAdminCredentials(config, seeded.adminEmail, seeded.generatedPassword)
    : null;
// Imports cut off by a crash or a restart leave staged rows behind.
await sweepImportsAtStart(database.db, database.kind);
// Several instances on one PostgreSQL tell each other about events and jobs; alone, nobody listens.
const bus =
  database.kind === 'postgres' && config.databaseUrl
    ? await createPostgresBus({
        connectionString: config.databaseUrl,
        instanceId: config.instanceId,
        db: database.db,
      })
    : undefined;
const ctx: AppContext = createAppContext({
  db: database.db,
  tokens: createTokenService(secret),
  config,
  bus,
});

const app = await buildApp(ctx, { log: { level: config.logLevel } });
/** Shows a password generated on this start even when the start fails, since none is generated again. */
function showCredentialsOnFailure(error: unknown): never {
  if (seeded.generatedPassword)
    console.error(
      [
        'The first admin was created before the start failed:',
        `Admin e-mail:    ${seeded.adminEmail}`,
        `Admin password:  ${seeded.generatedPassword}`,
        ...(credentialsFile ? [`(also saved to ${credentialsFile} until the password is changed)`] : []),
      ].join('\n'),
    );
  throw error;
}
await app.listen({ port: config.port, host: config.host }).catch(showCredentialsOnFailure);
const listening = app.server.address();
if (listening && typeof listening === 'object') database.folderLock?.setPort(listening.port);
const realtime = startRealtimeServer(ctx, { port: config.realtimePort, host: config.host });
await realtime.ready.catch(showCredentialsOnFailure);
// Blasts that were running when the process stopped go on where they were.
await ctx.blast.resume();
await ctx.lookups.resume();
// Webhook deliveries left waiting go out, from this instance or whichever holds the dispatcher.
await ctx.webhooks.resume();
// Old logs and account history go in small batches, on every instance, while sends go on.
const retention = startRetention(database.db, config.retention, (error) =>
  app.log.warn({ err: error }, 'retention pass failed; the next one tries again'),
);
// The platform's figures add a minute's changes at most to its one row an hour.
const platformFold = startPlatformFold(database.db, PLATFORM_FOLD_EVERY_MS, (error) =>
  app.log.warn({ err: error }, 'folding the platform sums failed; the next fold tries again'),
);

const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
const lines = [
  `Blaster Panel is running at http://${shownHost}:${config.port}`,
  `Realtime socket: ws://${shownHost}:${config.port}${REALTIME_PATH} (also ws://${shownHost}:${config.realtimePort})`,
  `Chat gateway:    sandbox (simulated devices, seed ${config.sandboxSeed})`,
  `Database:        ${database.kind === 'pglite' ? `embedded (${join(config.dataDir, 'db')})` : `PostgreSQL (DATABASE_URL), instance ${config.instanceId}`}`,
  `Admin e-mail:    ${seeded.adminEmail}`,
];
if (seeded.generatedPassword) {
  // Generated on this first start and shown this once; a password the operator gave is never printed.
  lines.push(`Admin password:  ${seeded.generatedPassword}`);
  if (credentialsFile) lines.push(`(also saved to ${credentialsFile} until the password is changed)`);
} else if (config.adminPassword) {
  lines.push('Admin password:  the one given in ADMIN_PASSWORD');
} else {
  // The file goes once the admin changes the password (here, or before this start).
  await dropStaleAdminCredentials(database.db, config);
  const file = adminCredentialsFile(config);
  lines.push(
    existsSync(file)
      ? `Admin password:  set when first started (see ${file})`
      : 'Admin password:  set by the admin (set ADMIN_PASSWORD to reset it)',
  );
}
console.log(lines.join('\n'));

/** A stop that has not finished by then is cut short: a supervisor waits about this long before killing. */
const STOP_HARD_CAP_MS = 10_000;
let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  const since = performance.now();
  // Out of the load balancer's rotation at once; the rest may take a round's length.
  beginShutdown(app);
  console.log(`${signal} received, stopping...`);
  setTimeout(() => {
    console.error(
      `Stopped by force after ${STOP_HARD_CAP_MS / 1000} s: the current step did not end in time.`,
    );
    // The leases expire on their own; the folder lock must not outlive the process.
    database.folderLock?.release();
    process.exit(1);
  }, STOP_HARD_CAP_MS).unref();
  // Sockets are told first (the panels show they reconnect); HTTP stops taking requests, cutting
  // keep-alive connections and long polls; each job finishes its current step and hands its lease back.
  await Promise.all([
    realtime.close(),
    app.close(),
    ctx.blast.stopAll(),
    ctx.lookups.stopAll(),
    ctx.webhooks.stopAll(),
    retention.stop(),
    platformFold.stop(),
  ]);
  await ctx.leases.stop();
  ctx.gateway.close();
  await ctx.bus.close();
  await database.close();
  console.log(`Stopped cleanly in ${Math.round(performance.now() - since)} ms.`);
  process.exit(0);
}
function stopOn(signal: NodeJS.Signals) {
  process.on(signal, () =>
    shutdown(signal).catch((error: unknown) => {
      console.error('Stopping failed:', error);
      database.folderLock?.release();
      process.exit(1);
    }),
  );
}
stopOn('SIGINT');
stopOn('SIGTERM');
