import type { ClusterBus } from './cluster/bus';
import type { JobLeases } from './cluster/leases';
import type { Config } from './config';
import type { Db } from './db';
import type { TokenService } from './lib/tokens';
import type { ShortLinks } from './lib/short-links';
import type { RouteEntry } from './lib/route-entry';
import type { AccessWatch } from './realtime/access';
import type { SignedInUsers } from './lib/signed-in-users';
import type { users } from './db/schema';
import type { RealtimeHub } from './realtime/hub';
import type { ChatGateway, SandboxControls } from './gateway/gateway';
import type { BlastEngine } from './jobs/blast';
import type { DeliveryTracker } from './jobs/delivery';
import type { LookupRunner } from './jobs/lookup';
import type { WebhookDispatcher } from './jobs/webhooks';
import type { OutboundGuard } from './lib/outbound/guard';
import type { EventRecorder } from './modules/monitor/recorder';
import type { InboxRecorder } from './modules/inbox/recorder';
import type { PendingDevices } from './modules/whatsapp/pending-devices';
import type { LevelTable } from './domain/levels';
import type { CachedRead } from './lib/cached-read';

/** What every module needs, built once per process (or per test). */
export interface AppContext {
  db: Db;
  tokens: TokenService;
  /** Blast messages' short links and opt-out links: made and read back (lib/short-links.ts). */
  links: ShortLinks;
  hub: RealtimeHub;
  config: Config;
  routeTable: RouteEntry[];
  gateway: ChatGateway;
  /** The sandbox's controls (scan, connection changes, suspensions), for the sandbox module only. */
  sandbox: SandboxControls;
  /** The other API instances on the same database (none with the embedded one). */
  bus: ClusterBus;
  leases: JobLeases;
  blast: BlastEngine;
  /**
   * The levels and their colours, as pages of users show them: kept in memory and read again when an
   * operator changes levels or settings on any instance (as the blasts' own configuration is).
   */
  levels: CachedRead<LevelTable>;
  lookups: LookupRunner;
  /** Sends queued webhook events (one instance at a time, by lease). */
  webhooks: WebhookDispatcher;
  /** Keeps webhook URLs away from the host's own network, on saving and at every connection. */
  outbound: OutboundGuard;
  monitors: { gateway: EventRecorder; socket: EventRecorder };
  /** Devices being connected, by device id: who asked (the account row exists only after saving). */
  pendingDevices: PendingDevices;
  /** Role and token-version changes, so open sockets are re-checked on every instance. */
  access: AccessWatch;
  /** Recent requests' user rows, dropped on every instance when a role or token version changes. */
  signedIn: SignedInUsers<typeof users.$inferSelect>;
  /** Delivery acknowledgements and opt-out replies from the gateway (jobs/delivery.ts). */
  delivery: DeliveryTracker;
  /** Every message recipients send to the accounts, filed in the inbox (modules/inbox). */
  inbox: InboxRecorder;
}
