import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Role } from '@blaster/contract';
import type { ClusterBus } from '../../src/cluster/bus';
import { linkedBuses } from './linked-buses';
import { configFromEnv } from '../../src/config';
import type { AppContext } from '../../src/context';
import { openDatabase, queryRows, type Database } from '../../src/db';
import { createScratchDatabase } from '../../src/db/scratch';
import { openRecycledEmbedded, releaseDatabase } from './recycled-database';
import { users } from '../../src/db/schema';
import { seed } from '../../src/db/seed';
import { createTokenService } from '../../src/lib/tokens';
import type { Resolver } from '../../src/lib/outbound/guard';
import { createAppContext, sandboxGateway } from '../../src/runtime';
import type { SandboxGateway } from '../../src/gateway/sandbox';
import { buildApp } from '../../src/server';

export const ADMIN = { email: 'admin@test.local', password: 'admin-test-password' };

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** The app's sandbox itself, for what tests check of the simulated network (its deliveries). */
  sandbox: SandboxGateway;
  database: Database;
  call<T = Record<string, unknown>>(
    method: string,
    url: string,
    options?: {
      token?: string;
      body?: unknown;
      headers?: Record<string, string>;
      /** The client's address as the server's socket sees it (default 127.0.0.1). */
      remoteAddress?: string;
    },
  ): Promise<{ status: number; body: T }>;
  /** Registers a user through the API and gives it the role directly in the database. */
  createUser(
    role: Role,
    overrides?: Record<string, unknown>,
  ): Promise<{ id: number; token: string; email: string }>;
  close(): Promise<void>;
}

let counter = 0;

let migratedArchive: Blob | undefined;

/**
 * A database of its own for one test app: in-memory PGlite, or, when TEST_DATABASE_URL names a
 * PostgreSQL server, a fresh database on it that is dropped again on close. Either starts as a copy
 * of the database the run migrated once (support/global-database.ts).
 */
export async function openTestDatabase(): Promise<Database> {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) {
    migratedArchive ??= new Blob([readFileSync(inject('migratedDataDirArchive'))]);
    return openRecycledEmbedded(migratedArchive);
  }
  const scratch = await createScratchDatabase(server, { template: inject('migratedTemplateDatabase') });
  const database = await openDatabase({ databaseUrl: scratch.url });
  return {
    ...database,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}

/**
 * The resolver of outbound requests in tests unless one is given: it knows localhost and nothing
 * else, so no test ever asks a real DNS server, let alone connects where a name points.
 */
export const loopbackOnlyResolver: Resolver = async (hostname) => {
  if (hostname === 'localhost') return [{ address: '127.0.0.1', family: 4 }];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
};

/** A real app on a fresh database, migrated and seeded like production. */
export async function startTestApp(
  env: Record<string, string> = {},
  options: { database?: Database; gateway?: SandboxGateway; bus?: ClusterBus; resolver?: Resolver } = {},
): Promise<TestApp> {
  const database = options.database ?? (await openTestDatabase());
  await seed(database.db, ADMIN);
  // The sandbox answers at once: a test that measures pacing sets a time scale of its own.
  const config = configFromEnv({ SANDBOX_TIME_SCALE: '0', ...env });
  const sandbox = options.gateway ?? sandboxGateway(config);
  const ctx: AppContext = createAppContext({
    db: database.db,
    tokens: createTokenService('test-secret-test-secret-test-secret'),
    config,
    gateway: sandbox,
    bus: options.bus,
    resolver: options.resolver ?? loopbackOnlyResolver,
  });
  // A 500 names its cause in the test's output: without it a failure under load says only "500".
  const app = await buildApp(ctx, { log: { level: 'error' } });
  await app.ready();

  const call: TestApp['call'] = async (method, url, options = {}) => {
    const response = await app.inject({
      method: method as 'GET',
      url,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...options.headers,
      },
      ...(options.body === undefined ? {} : { payload: options.body as object }),
      ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    });
    let body: unknown = null;
    try {
      body = response.json();
    } catch {
      body = response.body;
    }
    return { status: response.statusCode, body: body as never };
  };

  return {
    app,
    ctx,
    sandbox,
    database,
    call,
    async createUser(role, overrides = {}) {
      counter += 1;
      const email = `${role}${counter}@test.local`;
      const answer = await call<{ token: string; user: { id: number } }>('POST', '/api/auth/register', {
        // Each test user signs up from an address of its own (documentation range), so the sign-up
        // limit per address stays with the tests that are about it.
        remoteAddress: `2001:db8::${counter.toString(16)}`,
        body: {
          firstName: `${role[0]!.toUpperCase()}${role.slice(1)}`,
          lastName: `Nomor${counter}`,
          email,
          password: 'rahasia-123',
          password2: 'rahasia-123',
          agreeToTerms: true,
          ...overrides,
        },
      });
      if (answer.status !== 200) throw new Error(`register failed: ${JSON.stringify(answer.body)}`);
      if (role !== 'member')
        await database.db.update(users).set({ role }).where(eq(users.id, answer.body.user.id));
      return { id: answer.body.user.id, token: answer.body.token, email };
    },
    async close() {
      await ctx.blast.stopAll();
      await ctx.lookups.stopAll();
      await ctx.webhooks.stopAll();
      await ctx.leases.stop();
      await app.close();
      await releaseDatabase(database);
    },
  };
}

/**
 * Stops an instance's jobs, its lease renewals and its HTTP side, leaving its database open for
 * another instance on it, or for the same data after a restart. Jobs abandoned by a simulated crash
 * (`kill`) keep their leases, as a process that died leaves them; its renewals stop all the same.
 */
export async function stopInstance(t: TestApp) {
  await t.ctx.webhooks.stopAll();
  await t.ctx.blast.stopAll();
  await t.ctx.lookups.stopAll();
  await t.ctx.leases.stop();
  await t.app.close();
}

/**
 * Closes test apps that share the first one's database, and empties the list: the others stop their
 * jobs and app first, then whatever else is given, and the first closes everything, its database too.
 */
export async function closeSharedApps(opened: TestApp[], alsoBeforeOwner: { close(): Promise<void> }[] = []) {
  const [owner, ...others] = opened.splice(0);
  for (const other of others) await stopInstance(other);
  for (const closable of alsoBeforeOwner) await closable.close();
  await owner?.close();
}

/**
 * Two instances on one database and one simulated network: on PostgreSQL (TEST_DATABASE_URL) the
 * second has a connection pool of its own, as a second process would; on the embedded database they
 * share it. Their buses are joined (support/linked-buses.ts): what one tells the cluster (an event, a
 * change of templates or settings) reaches the other at once, as in production. Both go into
 * `opened` and that pool into `extraDatabases`, for closeSharedApps.
 */
export async function startTwoInstances(
  env: Record<string, string>,
  opened: TestApp[],
  extraDatabases: Database[],
) {
  const [busOfA, busOfB] = linkedBuses(['a', 'b']);
  const a = await startTestApp({ ...env, INSTANCE_ID: 'a' }, { bus: busOfA });
  opened.push(a);
  let database = a.database;
  if (process.env.TEST_DATABASE_URL) {
    const [row] = await queryRows<{ name: string }>(a.ctx.db, sql`select current_database() as name`);
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.pathname = `/${row!.name}`;
    database = await openDatabase({ databaseUrl: url.toString() });
    extraDatabases.push(database);
  }
  const b = await startTestApp({ ...env, INSTANCE_ID: 'b' }, { database, gateway: a.sandbox, bus: busOfB });
  opened.push(b);
  return { a, b };
}
