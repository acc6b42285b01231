import { createLocalBus, type ClusterBus } from './cluster/bus';
import { JobLeases } from './cluster/leases';
import type { Config } from './config';
import type { AppContext } from './context';
import type { Db } from './db';
import { SandboxGateway } from './gateway/sandbox';
import { loadLevelTable } from './domain/levels';
import { BlastEngine } from './jobs/blast';
import { CONFIG_REFRESH_MS } from './jobs/blast-config';
import { DeliveryTracker } from './jobs/delivery';
import { LookupRunner } from './jobs/lookup';
import { WebhookDispatcher } from './jobs/webhooks';
import { CachedRead } from './lib/cached-read';
import type { TokenService } from './lib/tokens';
import { createShortLinks } from './lib/short-links';
import { OutboundGuard, type Resolver } from './lib/outbound/guard';
import { EventRecorder } from './modules/monitor/recorder';
import { InboxRecorder } from './modules/inbox/recorder';
import { forwardGatewayEvents } from './modules/whatsapp/gateway-events';
import { PendingDevices } from './modules/whatsapp/pending-devices';
import { SignedInUsers } from './lib/signed-in-users';
import { createAccessWatch } from './realtime/access';
import { createHub } from './realtime/hub';
import { requirePermits } from './policy/permit';

/** The chat gateway the product ships: the sandbox, as the configuration sets it up. */
export function sandboxGateway(config: Config) {
  return new SandboxGateway({
    seed: config.sandboxSeed,
    timeScale: config.sandboxTimeScale,
    failRate: config.sandboxFailRate,
    suspendRate: config.sandboxSuspendRate,
    replyRate: config.sandboxReplyRate,
    ackLossRate: config.sandboxAckLossRate,
    readRate: config.sandboxReadRate,
    clickRate: config.sandboxClickRate,
    conversationRate: config.sandboxConversationRate,
    reputation: config.sandboxReputation ?? undefined,
    journal: config.sandboxJournal,
    recordDir: config.sandboxRecordDir,
  });
}

/** Everything a process needs: database, tokens, realtime hub, sandbox gateway and the blast engine. */
export function createAppContext(options: {
  db: Db;
  tokens: TokenService;
  config: Config;
  gateway?: SandboxGateway;
  /** How this instance reaches the others; alone by default (the embedded database, tests). */
  bus?: ClusterBus;
  /** How outbound requests resolve names (the system's resolver by default; a stub in tests). */
  resolver?: Resolver;
}): AppContext {
  const { db, config } = options;
  const bus = options.bus ?? createLocalBus(config.instanceId);
  const hub = createHub(bus);
  const gateway = options.gateway ?? sandboxGateway(config);
  // Every send passes the send policy: the gateway refuses one that comes without its permit.
  requirePermits(gateway);
  const monitors = { gateway: new EventRecorder(), socket: new EventRecorder() };
  // One event goes to the owner's and the operators' channels; the monitor shows it once.
  const recorded = new WeakSet<object>();
  hub.tap((channel, message) => {
    // An import's progress is its uploader's alone, and frequent: the monitor leaves it out.
    if (recorded.has(message) || message.event === 'import_progress') return;
    recorded.add(message);
    monitors.socket.record({
      event: message.event,
      payload: { channel, ...message.payload },
      sender: message.sender,
    });
  });
  const leases = new JobLeases(db, config.instanceId, config.jobLeaseSeconds * 1000, (kind, jobId) =>
    (kind === 'blast' ? ctx.blast : kind === 'lookup' ? ctx.lookups : ctx.webhooks).leaseLost(jobId),
  );
  const access = createAccessWatch(bus);
  const outbound = new OutboundGuard(config.webhooks.allowedHosts, options.resolver);
  const links = createShortLinks(options.tokens, config.publicUrl);
  const ctx: AppContext = {
    db,
    links,
    tokens: options.tokens,
    hub,
    config,
    routeTable: [],
    gateway,
    sandbox: gateway,
    bus,
    leases,
    blast: new BlastEngine({
      db,
      hub,
      gateway,
      leases,
      bus,
      timeScale: config.sandboxTimeScale,
      timeZone: config.timeZone,
      renderLinks: (text, logId) => links.render(text, logId),
    }),
    levels: new CachedRead(() => loadLevelTable(db), CONFIG_REFRESH_MS),
    lookups: new LookupRunner({ db, hub, gateway, leases, bus, timeScale: config.sandboxTimeScale }),
    webhooks: new WebhookDispatcher({ db, leases, bus, outbound, settings: config.webhooks }),
    outbound,
    monitors,
    pendingDevices: new PendingDevices((deviceId) => void gateway.removeClient(deviceId)),
    access,
    signedIn: new SignedInUsers(access),
    delivery: new DeliveryTracker({
      db,
      hub,
      gateway,
      links,
      templatesChanged: () => ctx.blast.config.changed(),
    }),
    inbox: new InboxRecorder({ db, hub, gateway, attributionHours: config.replyAttributionHours }),
  };
  ctx.blast.config.onChange(() => ctx.levels.drop());
  forwardGatewayEvents(ctx);
  return ctx;
}
