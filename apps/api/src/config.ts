import { hostname } from 'node:os';
import { resolve } from 'node:path';
import { HTTP_PORT, REALTIME_PORT, UPLOAD_LIMITS } from '@blaster/contract';
import { originOf } from './lib/same-origin';
import { repoRoot } from './paths';
import { parseAllowList, type AllowList } from './lib/outbound/addresses';

export { repoRoot };

export interface Config {
  port: number;
  host: string;
  realtimePort: number;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string | undefined;
  adminEmail: string;
  adminPassword: string | undefined;
  webDist: string;
  /**
   * Where recipients reach this server (PUBLIC_URL, default http://localhost:PORT): blast messages'
   * short links and opt-out links start with it.
   */
  publicUrl: string;
  /** Calendar days ("today's income") are counted in this zone. */
  timeZone: string;
  sandboxSeed: number;
  sandboxTimeScale: number;
  /** Share of sandbox sends that fail (default 0.1) and that get the account suspended (default 0). */
  sandboxFailRate: number;
  sandboxSuspendRate: number;
  /** Share of recipients who answer STOP (default 0.02), acks lost (0.05), messages read (0.7). */
  sandboxReplyRate: number;
  sandboxAckLossRate: number;
  sandboxReadRate: number;
  /** Share of recipients who read a message with a short link and open it (SANDBOX_CLICK_RATE, 0.1). */
  sandboxClickRate: number;
  /**
   * Share of blast messages a sandbox recipient answers in words (SANDBOX_CONVERSATION_RATE, 0.03):
   * a question or a thank-you in Indonesian or English, beside the STOP replies of sandboxReplyRate.
   */
  sandboxConversationRate: number;
  /**
   * An inbound message is attributed to the last blast message its account sent the number within
   * this many hours (REPLY_ATTRIBUTION_HOURS, default 72); an older one leaves it unattributed.
   */
  replyAttributionHours: number;
  /**
   * The sandbox network's rules for bulk senders (SANDBOX_REPUTATION=on; off by default): the tier a
   * new sender starts at (SANDBOX_START_TIER: 250, 2000, 10000, 100000 or unlimited; 250 by default)
   * and the shares of recipients who block (SANDBOX_BLOCK_RATE, 0.005) or report (SANDBOX_REPORT_RATE,
   * 0.001) a sender, which a dev changes per device and per template in the sandbox controls.
   */
  sandboxReputation: { startTier: number; reactions: { blockRate: number; reportRate: number } } | null;
  /** Where the sandbox network appends every delivered message (one JSON line each), if anywhere. */
  sandboxJournal: string | undefined;
  /**
   * Where the sandbox network records every send it took (SANDBOX_NETWORK_DIR; the server defaults
   * it to `<DATA_DIR>/sandbox-network`): instances sharing a database should share it, as they would
   * share a real network.
   */
  sandboxRecordDir: string | undefined;
  /** This process among several on one PostgreSQL; job leases carry it. */
  instanceId: string;
  /** How long a job lease lasts without renewal: another instance takes over after it. */
  jobLeaseSeconds: number;
  /** Lowest level logged (JSON lines on stdout): 'warn' by default, so 5xx answers show, requests not. */
  logLevel: LogLevel;
  /**
   * Which proxies' X-Forwarded-For/-Proto/-Host to believe: none (default), a hop count, or
   * addresses and CIDR ranges. Believing any client would let it pick its own address.
   */
  trustProxy: false | number | string[];
  /**
   * Pages of other origins allowed to send state-changing requests with the panel's cookie and to open
   * its sockets (ALLOWED_ORIGINS, comma-separated): the panel's own origin always may.
   */
  allowedOrigins: string[];
  /** Sockets one address may hold before they are signed in (REALTIME_ANONYMOUS_PER_ADDRESS, default 20). */
  realtimeAnonymousPerAddress: number;
  /**
   * How long a client may take to send a whole request (REQUEST_TIMEOUT_MS, default 30 s) and its
   * headers (at most 10 s); a slower one has its connection closed. Waiting for the answer is not counted.
   */
  requestTimeoutMs: number;
  /**
   * The largest import file accepted (IMPORT_MAX_BYTES), at most each kind's own limit (UPLOAD_LIMITS):
   * an operator may lower it, never raise it.
   */
  importMaxBytes: number;
  /**
   * How many bytes of an import's rows go to the database at once (IMPORT_CHUNK_BYTES, default 1 MiB):
   * memory per import stays bounded by twice this. Smaller chunks mean more statements.
   */
  importChunkBytes: number;
  /**
   * GET /metrics: on the main port only with this bearer token (METRICS_TOKEN); and/or on a listener of
   * its own (METRICS_PORT, on METRICS_ADDRESS, loopback by default). Neither: nowhere.
   */
  metrics: { token: string | undefined; port: number | undefined; address: string };
  /** How long old rows are kept (jobs/retention.ts); webhook deliveries have their own below. */
  retention: RetentionSettings;
  /** Outbound webhooks: retry after base × 2^attempt up to max, each request cut off after timeout. */
  webhooks: {
    retryBaseMs: number;
    retryMaxMs: number;
    timeoutMs: number;
    pollMs: number;
    batchSize: number;
    /** A delivery still failing after this many attempts, or this many hours, is dead until replayed. */
    maxAttempts: number;
    maxAgeHours: number;
    /** Delivered rows are deleted after this many hours, dead ones after the second; so many at a time. */
    retentionHours: number;
    deadRetentionHours: number;
    pruneBatch: number;
    /** Test events an endpoint is sent per minute at most, whoever asks. */
    testsPerMinute: number;
    /** Hosts and ranges inside the network that receivers may be at (public addresses only otherwise). */
    allowedHosts: AllowList;
  };
}

export interface RetentionSettings {
  /** Settled message logs (with their delivery stages) are deleted this many days after creation; 0 keeps them. */
  messageLogDays: number;
  /** A chat account's history (connections, suspensions, pauses, schedules); 0 keeps it. */
  accountEventDays: number;
  /** Rows one statement deletes: small enough that sends never wait long behind it. */
  batch: number;
  /** How often a pass starts. */
  everyMs: number;
  /**
   * Webhook deliveries' retention (the WEBHOOK_* settings), pruned by the pass as well as by the
   * dispatcher when idle; absent, the pass leaves them to the dispatcher.
   */
  webhooks?: { retentionHours: number; deadRetentionHours: number };
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * LOG_LEVEL (default 'warn'); LOG_REQUESTS=1 means "log every request", that is at least 'info'.
 * An unknown level stops the start with a message naming the accepted ones.
 */
function logLevelFromEnv(env: NodeJS.ProcessEnv): LogLevel {
  const wanted = (env.LOG_LEVEL || 'warn').toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(wanted))
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got '${env.LOG_LEVEL}')`);
  const level = wanted as LogLevel;
  if (env.LOG_REQUESTS === '1' && ['fatal', 'error', 'warn', 'silent'].includes(level)) return 'info';
  return level;
}

/** TRUST_PROXY: unset, "", "false" or "0" = off; "1", "2"... = hops; otherwise a comma-separated list. */
export function trustProxyFromEnv(value: string | undefined): Config['trustProxy'] {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false' || text === '0') return false;
  if (/^\d+$/.test(text)) return Number(text);
  // "true" would trust every hop, which is what any client could then claim to be: refuse it.
  if (text === 'true')
    throw new Error('TRUST_PROXY=true would trust any client; give a hop count or the proxy addresses');
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** ALLOWED_ORIGINS: comma-separated origins ('https://panel.example.com'); anything else stops the start. */
export function allowedOriginsFromEnv(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const origin = originOf(part);
      if (!origin)
        throw new Error(
          `ALLOWED_ORIGINS must list origins such as https://panel.example.com (got '${part}')`,
        );
      return origin;
    });
}

function numberFromEnv(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(parsed) ? parsed : fallback;
}

/** The argon2id cost of a password hash: memory in KiB, passes, lanes. */
export interface PasswordHashingCost {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/**
 * The cheapest argon2id setting OWASP still recommends (19 MiB, 2 passes, 1 lane): no setting goes
 * below it. The test suites hash at this cost, which is a fifth of the default's work.
 */
export const LEAST_PASSWORD_HASHING_COST: PasswordHashingCost = {
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

/** PASSWORD_HASH_MEMORY_KIB, PASSWORD_HASH_PASSES, PASSWORD_HASH_LANES; argon2's own defaults otherwise. */
export function passwordHashingFromEnv(env: NodeJS.ProcessEnv): PasswordHashingCost {
  const least = LEAST_PASSWORD_HASHING_COST;
  return {
    memoryCost: Math.max(least.memoryCost, numberFromEnv(env.PASSWORD_HASH_MEMORY_KIB, 65_536)),
    timeCost: Math.max(least.timeCost, numberFromEnv(env.PASSWORD_HASH_PASSES, 3)),
    parallelism: Math.max(least.parallelism, numberFromEnv(env.PASSWORD_HASH_LANES, 4)),
  };
}

const START_TIERS = ['250', '2000', '10000', '100000', 'unlimited'];

function sandboxReputationFromEnv(env: NodeJS.ProcessEnv): Config['sandboxReputation'] {
  if (env.SANDBOX_REPUTATION !== 'on') return null;
  const startTier = START_TIERS.indexOf((env.SANDBOX_START_TIER ?? '250').replaceAll(/[,_]/g, ''));
  return {
    startTier: Math.max(0, startTier),
    reactions: {
      blockRate: numberFromEnv(env.SANDBOX_BLOCK_RATE, 0.005),
      reportRate: numberFromEnv(env.SANDBOX_REPORT_RATE, 0.001),
    },
  };
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  const port = numberFromEnv(env.PORT, HTTP_PORT);
  const webhookRetentionHours = Math.max(0, numberFromEnv(env.WEBHOOK_RETENTION_HOURS, 7 * 24));
  const webhookDeadRetentionHours = Math.max(0, numberFromEnv(env.WEBHOOK_DEAD_RETENTION_HOURS, 30 * 24));
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    realtimePort: numberFromEnv(env.REALTIME_PORT, REALTIME_PORT),
    dataDir: resolve(env.DATA_DIR ?? resolve(repoRoot, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    adminEmail: (env.ADMIN_EMAIL ?? 'admin@blaster.local').toLowerCase(),
    adminPassword: env.ADMIN_PASSWORD || undefined,
    webDist: resolve(env.WEB_DIST ?? resolve(repoRoot, 'apps/web/dist')),
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    timeZone: env.APP_TIME_ZONE ?? 'Asia/Jakarta',
    sandboxSeed: numberFromEnv(env.SANDBOX_SEED, 1),
    sandboxTimeScale: numberFromEnv(env.SANDBOX_TIME_SCALE, 1),
    sandboxFailRate: numberFromEnv(env.SANDBOX_FAIL_RATE, 0.1),
    sandboxSuspendRate: numberFromEnv(env.SANDBOX_SUSPEND_RATE, 0),
    sandboxReplyRate: numberFromEnv(env.SANDBOX_REPLY_RATE, 0.02),
    sandboxAckLossRate: numberFromEnv(env.SANDBOX_ACK_LOSS_RATE, 0.05),
    sandboxReadRate: numberFromEnv(env.SANDBOX_READ_RATE, 0.7),
    sandboxClickRate: numberFromEnv(env.SANDBOX_CLICK_RATE, 0.1),
    sandboxConversationRate: numberFromEnv(env.SANDBOX_CONVERSATION_RATE, 0.03),
    replyAttributionHours: Math.max(0, numberFromEnv(env.REPLY_ATTRIBUTION_HOURS, 72)),
    sandboxReputation: sandboxReputationFromEnv(env),
    sandboxJournal: env.SANDBOX_JOURNAL || undefined,
    sandboxRecordDir: env.SANDBOX_NETWORK_DIR ? resolve(env.SANDBOX_NETWORK_DIR) : undefined,
    // Stable across restarts of the same process, so a restarted instance picks its own jobs up at once.
    instanceId: env.INSTANCE_ID || `${hostname()}:${port}`,
    jobLeaseSeconds: Math.max(1, numberFromEnv(env.JOB_LEASE_SECONDS, 10)),
    logLevel: logLevelFromEnv(env),
    trustProxy: trustProxyFromEnv(env.TRUST_PROXY),
    allowedOrigins: allowedOriginsFromEnv(env.ALLOWED_ORIGINS),
    realtimeAnonymousPerAddress: Math.max(1, numberFromEnv(env.REALTIME_ANONYMOUS_PER_ADDRESS, 20)),
    requestTimeoutMs: Math.max(100, numberFromEnv(env.REQUEST_TIMEOUT_MS, 30_000)),
    importMaxBytes: Math.min(
      UPLOAD_LIMITS.phoneNumbers,
      Math.max(1024, numberFromEnv(env.IMPORT_MAX_BYTES, UPLOAD_LIMITS.phoneNumbers)),
    ),
    importChunkBytes: Math.max(4096, numberFromEnv(env.IMPORT_CHUNK_BYTES, 1024 * 1024)),
    metrics: {
      token: env.METRICS_TOKEN || undefined,
      port: env.METRICS_PORT ? numberFromEnv(env.METRICS_PORT, 0) : undefined,
      address: env.METRICS_ADDRESS || '127.0.0.1',
    },
    retention: {
      messageLogDays: Math.max(0, numberFromEnv(env.MESSAGE_LOG_RETENTION_DAYS, 180)),
      accountEventDays: Math.max(0, numberFromEnv(env.ACCOUNT_EVENT_RETENTION_DAYS, 180)),
      batch: Math.max(1, numberFromEnv(env.RETENTION_BATCH, 5_000)),
      everyMs: Math.max(1_000, numberFromEnv(env.RETENTION_EVERY_MS, 10 * 60_000)),
      webhooks: { retentionHours: webhookRetentionHours, deadRetentionHours: webhookDeadRetentionHours },
    },
    webhooks: {
      retryBaseMs: Math.max(1, numberFromEnv(env.WEBHOOK_RETRY_BASE_MS, 10_000)),
      retryMaxMs: Math.max(1, numberFromEnv(env.WEBHOOK_RETRY_MAX_MS, 10 * 60_000)),
      timeoutMs: Math.max(100, numberFromEnv(env.WEBHOOK_TIMEOUT_MS, 10_000)),
      pollMs: Math.max(10, numberFromEnv(env.WEBHOOK_POLL_MS, 1_000)),
      batchSize: Math.max(1, numberFromEnv(env.WEBHOOK_BATCH_SIZE, 50)),
      maxAttempts: Math.max(1, numberFromEnv(env.WEBHOOK_MAX_ATTEMPTS, 150)),
      maxAgeHours: Math.max(0, numberFromEnv(env.WEBHOOK_MAX_AGE_HOURS, 24)),
      retentionHours: webhookRetentionHours,
      deadRetentionHours: webhookDeadRetentionHours,
      pruneBatch: Math.max(1, numberFromEnv(env.WEBHOOK_PRUNE_BATCH, 1_000)),
      testsPerMinute: Math.max(1, numberFromEnv(env.WEBHOOK_TESTS_PER_MINUTE, 5)),
      allowedHosts: parseAllowList(env.WEBHOOK_ALLOWED_HOSTS),
    },
  };
}
