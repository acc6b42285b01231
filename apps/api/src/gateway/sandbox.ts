import { createHash } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { PAIRING_CODE_LENGTH, type ConnectionState } from '@blaster/contract';
import type {
  ChatGateway,
  ClientInfo,
  EngagementRates,
  GatewayErrorKind,
  GatewayEvent,
  ReactionRates,
  SandboxControls,
  SenderReport,
  SenderStanding,
  SendOutcome,
  SendResult,
} from './gateway';
import { SenderReputation, type RecipientReaction } from './reputation';
import { SandboxNetworkRecord } from './sandbox-record';

/** Simulated delays (before the time scale) of the recipient's phone after a message arrives. */
const DELIVERED_AFTER_MS = [300, 1_500] as const;
const READ_AFTER_MS = [1_000, 6_000] as const;
const REPLY_AFTER_MS = [2_000, 8_000] as const;
const CLICK_AFTER_MS = [500, 4_000] as const;
/** A short link of the app in a message's text (lib/short-links.ts). */
const SHORT_LINK = /https?:\/\/\S+?\/l\/[0-9a-z]+-[0-9a-z]+-[A-Za-z0-9_-]{12}/;
/** The words recipients use to opt out (in the sandbox: either, by the seed). */
export const SANDBOX_STOP_WORDS = ['STOP', 'BERHENTI'] as const;
/**
 * What sandbox recipients write back when they answer in words, in Indonesian and English (picked by
 * the seed per message). None is an opt-out: a keyword inside a sentence never is.
 */
export const SANDBOX_REPLY_TEXTS = [
  'Halo, ini promo apa ya?',
  'Berapa harganya kak?',
  'Terima kasih infonya',
  'Masih ada stoknya?',
  'Bisa kirim detailnya lewat sini?',
  'Hi, what is this about?',
  'How much does it cost?',
  'Thanks for the info',
  'Is it still available?',
  'Can you send me more details?',
] as const;

export interface SandboxOptions {
  seed: number;
  /** Multiplies every simulated delay; tests run at 0.01. */
  timeScale: number;
  /** Share of sends that fail, decided per (device, target) by the seed. */
  failRate?: number;
  /** Share of sends after which the account is suspended. */
  suspendRate?: number;
  /** Share of numbers that have an account (generators and validators). */
  accountRate?: number;
  /** Share of recipients who answer a blast with STOP or BERHENTI, a while after it arrived. */
  replyRate?: number;
  /**
   * Share of messages whose reader (one who does not STOP) answers in words, one of
   * SANDBOX_REPLY_TEXTS, a while after reading it (default 0: only the server's configuration, at
   * SANDBOX_CONVERSATION_RATE, turns conversations on).
   */
  conversationRate?: number;
  /** Share of delivery and read acknowledgements the network loses (each decided by the seed). */
  ackLossRate?: number;
  /** Share of delivered messages the recipient reads. */
  readRate?: number;
  /** Share of recipients who read a message with a short link (`/l/`) and open it (default 0.1). */
  clickRate?: number;
  /**
   * A file the simulated network appends each delivered message to. It outlives the process, so
   * several instances (or a killed one) can be checked for a target reached twice.
   */
  journal?: string;
  /**
   * The network's rules for bulk senders (gateway/reputation.ts): tiers, quality from recipients'
   * blocks and reports, throughput and pair rate. Off when absent: senders have no limits.
   */
  reputation?: {
    /** The tier a new sender starts at, an index into the network's tiers (0: 250 recipients). */
    startTier: number;
    /** How recipients react unless set per device or per template. */
    reactions: ReactionRates;
  };
  /**
   * The folder where the simulated network records every send it took, so that any process given
   * the same folder can learn, after a crash or a lost database, whether a send in doubt left.
   */
  recordDir?: string;
}

interface Device {
  deviceId: string;
  phoneNumber: string | null;
  state: ConnectionState | null;
  qr: string | null;
  code: string | null;
  info: ClientInfo | null;
  sent: Map<string, SendOutcome>;
  sends: number;
  suspendNext: boolean;
}

const sandboxDevice = (deviceId: string, phoneNumber: string | null): Device => ({
  deviceId,
  phoneNumber,
  state: null,
  qr: null,
  code: null,
  info: null,
  sent: new Map(),
  sends: 0,
  suspendNext: false,
});

/** A number in [0, 1) decided only by the seed and the parts. */
export function seededUnit(seed: number, ...parts: (string | number)[]): number {
  const digest = createHash('sha256')
    .update([seed, ...parts].join('|'))
    .digest();
  return digest.readUInt32BE(0) / 2 ** 32;
}

/**
 * How many send outcomes a device remembers. Only sends still pending in the database are ever asked
 * about (a blast round holds at most a few dozen), so older ones are forgotten and memory stays flat.
 */
export const REMEMBERED_SENDS = 10_000;
/** How many recent deliveries the simulated network keeps for inspection (tests, monitors). */
export const REMEMBERED_DELIVERIES = 10_000;

function remember(device: Device, key: string, outcome: SendOutcome) {
  device.sent.delete(key);
  device.sent.set(key, outcome);
  if (device.sent.size > REMEMBERED_SENDS) device.sent.delete(device.sent.keys().next().value!);
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Simulated chat network: devices, QR and pairing codes, sends, suspensions. It never opens a socket. */
export class SandboxGateway implements ChatGateway, SandboxControls {
  readonly kind = 'sandbox' as const;
  private readonly devices = new Map<string, Device>();
  private readonly listeners = new Set<(event: GatewayEvent) => void>();
  /**
   * The latest sends that reached the simulated network, in order (tests check nothing is sent twice);
   * at least the last REMEMBERED_DELIVERIES and never twice as many, so a long-running server does not
   * grow. The journal file,
   * when set, keeps all of them.
   */
  readonly delivered: { deviceId: string; to: string; text: string; key: string }[] = [];
  /** Every delivery since start, including those no longer kept in `delivered`. */
  deliveredCount = 0;

  private readonly record: SandboxNetworkRecord | null;
  /** How far the network's clock is ahead of this machine's: the reputation model's windows run on it. */
  private clockOffsetMs = 0;
  /**
   * Each sender's standing, by device id. Kept apart from the devices: a sender's reputation outlives
   * a session (a device removed and paired again is still the same sender).
   */
  private readonly reputations = new Map<string, SenderReputation>();
  private readonly deviceReactions = new Map<string, ReactionRates>();
  private readonly templateReactions = new Map<string, ReactionRates>();
  private readonly templateEngagement = new Map<string, EngagementRates>();

  constructor(private readonly options: SandboxOptions) {
    this.record = options.recordDir ? new SandboxNetworkRecord(options.recordDir) : null;
  }

  /** What this device remembers of a send, written through to the network's record. */
  private took(device: Device, key: string, outcome: 'sent' | 'failed') {
    remember(device, key, outcome);
    this.record?.write(key, outcome);
  }

  private emit(event: GatewayEvent) {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        if (event.type !== 'error')
          this.emit({ type: 'error', deviceId: null, kind: 'uncaughtException', message: String(error) });
      }
    }
  }

  private delay(ms: number) {
    const scaled = ms * this.options.timeScale;
    // At time scale 0 the network answers at once, without waiting for a turn of the event loop.
    if (scaled <= 0) return Promise.resolve();
    return new Promise((resolve) => setTimeout(resolve, scaled));
  }

  private device(deviceId: string): Device {
    const device = this.devices.get(deviceId);
    if (!device) throw new Error(`unknown device ${deviceId}`);
    return device;
  }

  async createClient({ deviceId, phoneNumber }: { deviceId: string; phoneNumber?: string | null }) {
    const device = sandboxDevice(deviceId, phoneNumber || null);
    this.devices.set(deviceId, device);
    // The network takes a moment before it offers a code.
    await this.delay(800);
    if (!this.devices.has(deviceId)) return;
    if (device.phoneNumber) {
      device.code = Array.from(
        { length: PAIRING_CODE_LENGTH },
        (_, i) =>
          CODE_ALPHABET[
            Math.floor(seededUnit(this.options.seed, deviceId, 'code', i) * CODE_ALPHABET.length)
          ],
      ).join('');
      this.emit({ type: 'code', deviceId, code: device.code });
    } else {
      const token = createHash('sha256').update(`${this.options.seed}|${deviceId}|qr`).digest('base64url');
      device.qr = `2@sandbox/${deviceId}/${token.slice(0, 32)}`;
      this.emit({ type: 'qr', deviceId, qr: device.qr });
    }
  }

  /**
   * What a phone does when it scans the QR or accepts the pairing code. Answers false when the
   * device is not waiting or the code is wrong.
   */
  async scan(deviceId: string, code?: string): Promise<boolean> {
    const device = this.devices.get(deviceId);
    if (!device || device.info) return false;
    if (device.code ? code?.toUpperCase() !== device.code : !device.qr) return false;
    const phonenumber =
      device.phoneNumber ??
      `62899${String(Math.floor(seededUnit(this.options.seed, deviceId, 'phone') * 1e8)).padStart(8, '0')}`;
    device.info = {
      pushname: `Sandbox ${phonenumber.slice(-4)}`,
      phonenumber,
      server: 'c.us',
      serialized: `${phonenumber}@c.us`,
    };
    device.qr = null;
    device.code = null;
    await this.delay(300);
    this.emit({ type: 'authenticated', deviceId, info: device.info });
    await this.delay(200);
    this.setState(deviceId, 'connected');
    return true;
  }

  /** Changes a device's connection as the network would (dev tools and tests). */
  setState(deviceId: string, state: ConnectionState) {
    const device = this.device(deviceId);
    device.state = state;
    this.emit({ type: 'connection.update', deviceId, state });
  }

  /** Raises one of the error lines the connect page shows. */
  raiseError(deviceId: string | null, kind: GatewayErrorKind, message: string) {
    this.emit({ type: 'error', deviceId, kind, message });
  }

  async restoreClient(deviceId: string, info: ClientInfo) {
    const existing = this.devices.get(deviceId);
    if (existing?.state === 'connected') return;
    this.devices.set(deviceId, {
      ...sandboxDevice(deviceId, info.phonenumber),
      state: 'connected',
      info,
      sent: existing?.sent ?? new Map(),
      sends: existing?.sends ?? 0,
    });
    this.emit({ type: 'connection.update', deviceId, state: 'connected' });
  }

  async removeClient(deviceId: string) {
    this.devices.delete(deviceId);
  }

  state(deviceId: string) {
    return this.devices.get(deviceId)?.state ?? null;
  }

  qr(deviceId: string) {
    return this.devices.get(deviceId)?.qr ?? null;
  }

  pairingCode(deviceId: string) {
    return this.devices.get(deviceId)?.code ?? null;
  }

  info(deviceId: string) {
    return this.devices.get(deviceId)?.info ?? null;
  }

  async sendMessage(deviceId: string, to: string, text: string, key: string): Promise<SendResult> {
    const device = this.device(deviceId);
    if (device.state !== 'connected') return { ok: false, code: 428, reason: `device is ${device.state}` };
    const previous = device.sent.get(key);
    // An idempotency key that already reached the network is not sent again.
    if (previous === 'sent') return { ok: true };
    await this.delay(150);
    const reputation = this.reputation(deviceId);
    const now = this.now();
    const limited = reputation?.take(to, now);
    if (limited)
      return {
        ok: false,
        code: 429,
        reason: `${limited.limit} limit`,
        limited: limited.limit,
        retryInMs: limited.retryInMs,
      };
    device.sends += 1;
    const { seed, failRate = 0.1, suspendRate = 0 } = this.options;
    if (
      device.suspendNext ||
      (suspendRate > 0 && seededUnit(seed, deviceId, 'suspend', device.sends) < suspendRate)
    ) {
      device.suspendNext = false;
      device.state = null;
      this.took(device, key, 'failed');
      return { ok: false, suspended: true, code: 403, reason: 'account suspended' };
    }
    if (seededUnit(seed, 'send', to) < failRate) {
      this.took(device, key, 'failed');
      return { ok: false, code: 404 + Math.floor(seededUnit(seed, to, 'code') * 3), reason: 'not delivered' };
    }
    this.took(device, key, 'sent');
    if (reputation) this.react(deviceId, reputation, to, text, key, now);
    const delivery = { deviceId, to, text, key };
    this.deliveredCount += 1;
    this.delivered.push(delivery);
    // Trimmed in chunks so the copy is rare.
    if (this.delivered.length >= 2 * REMEMBERED_DELIVERIES)
      this.delivered.splice(0, this.delivered.length - REMEMBERED_DELIVERIES);
    if (this.options.journal) appendFileSync(this.options.journal, `${JSON.stringify(delivery)}\n`);
    this.recipientAnswers(deviceId, to, key, text);
    return { ok: true };
  }

  /**
   * What the recipient's phone does with a message that arrived, decided by the seed: the delivery
   * and read acknowledgements (some lost), for a share of readers a click on the message's short link,
   * and for a share of recipients a STOP reply.
   */
  private recipientAnswers(deviceId: string, to: string, key: string, text: string) {
    const engagement = this.engagementOf(text);
    const { seed, ackLossRate = 0.05 } = this.options;
    const { readRate = 0.7, clickRate = 0.1 } = engagement;
    const within = ([from, upTo]: readonly [number, number], ...parts: string[]) =>
      from + Math.floor(seededUnit(seed, key, ...parts) * (upTo - from));
    const deliveredAfter = within(DELIVERED_AFTER_MS, 'delivered-after');
    if (seededUnit(seed, key, 'delivered-lost') >= ackLossRate)
      this.later(deliveredAfter, () =>
        this.emit({ type: 'ack', deviceId, key, ack: 'delivered', at: new Date() }),
      );
    const reads = seededUnit(seed, key, 'reads') < readRate;
    const readAfter = deliveredAfter + within(READ_AFTER_MS, 'read-after');
    if (reads && seededUnit(seed, key, 'read-lost') >= ackLossRate)
      this.later(readAfter, () => this.emit({ type: 'ack', deviceId, key, ack: 'read', at: new Date() }));
    const link = reads ? SHORT_LINK.exec(text)?.[0] : undefined;
    if (link && seededUnit(seed, key, 'clicks') < clickRate)
      this.later(readAfter + within(CLICK_AFTER_MS, 'click-after'), () =>
        this.emit({ type: 'link.click', deviceId, url: link, at: new Date() }),
      );
    const reply = this.replyOf(to, key, reads, engagement.conversationRate);
    if (reply)
      this.later(readAfter + within(REPLY_AFTER_MS, reply.after), () =>
        this.emit({
          type: 'message.inbound',
          deviceId,
          from: to,
          text: reply.text,
          replyTo: key,
          at: new Date(),
        }),
      );
  }

  /** The network's read, click and conversation rates, or those set for a template the text carries. */
  private engagementOf(text: string): EngagementRates {
    const { readRate, clickRate, conversationRate } = this.options;
    const network = { readRate, clickRate, conversationRate };
    for (const [fragment, rates] of this.templateEngagement)
      if (text.includes(fragment)) return { ...network, ...rates };
    return network;
  }

  /**
   * What the recipient writes back, decided by the seed: STOP (or BERHENTI) for a share of recipients,
   * whatever they were sent; else, for a share of the messages they read, a few words of their own.
   */
  private replyOf(to: string, key: string, reads: boolean, conversationRate = 0) {
    const { seed, replyRate = 0.02 } = this.options;
    const pick = <T>(list: readonly T[], ...parts: string[]) =>
      list[Math.floor(seededUnit(seed, ...parts) * list.length)]!;
    if (seededUnit(seed, 'reply', to) < replyRate)
      return { text: pick(SANDBOX_STOP_WORDS, 'reply-word', to), after: 'reply-after' };
    if (reads && seededUnit(seed, key, 'converses') < conversationRate)
      return { text: pick(SANDBOX_REPLY_TEXTS, key, 'conversation-text'), after: 'conversation-after' };
    return null;
  }

  receive(deviceId: string, from: string, text: string) {
    this.device(deviceId);
    this.emit({ type: 'message.inbound', deviceId, from, text, replyTo: null, at: new Date() });
  }

  /** Acknowledgements and replies still to come (tests wait for the network to fall quiet). */
  pendingAnswers = 0;

  /** Runs `action` after a simulated delay; a pending one never keeps the process alive. */
  private later(ms: number, action: () => void) {
    this.pendingAnswers += 1;
    setTimeout(() => {
      this.pendingAnswers -= 1;
      action();
    }, ms * this.options.timeScale).unref();
  }

  /** The network's clock, in ms: this machine's, moved forward by `advanceClock`. */
  private now() {
    return Date.now() + this.clockOffsetMs;
  }

  clock() {
    return this.now();
  }

  private reputation(deviceId: string) {
    const model = this.options.reputation;
    if (!model) return null;
    let reputation = this.reputations.get(deviceId);
    if (!reputation) {
      reputation = new SenderReputation(model.startTier, this.now());
      this.reputations.set(deviceId, reputation);
    }
    return reputation;
  }

  /**
   * What the recipient does about the message beyond reading it, decided by the seed against the
   * rates of the template it carries, else of the device, else the network's: a block or a report
   * counts against the sender's quality; a sender turning RED or recovering is told.
   */
  private react(
    deviceId: string,
    reputation: SenderReputation,
    to: string,
    text: string,
    key: string,
    now: number,
  ) {
    let rates = this.deviceReactions.get(deviceId) ?? this.options.reputation!.reactions;
    for (const [fragment, templateRates] of this.templateReactions)
      if (text.includes(fragment)) {
        rates = templateRates;
        break;
      }
    const roll = seededUnit(this.options.seed, key, to, 'reaction');
    const reaction: RecipientReaction =
      roll < rates.blockRate ? 'block' : roll < rates.blockRate + rates.reportRate ? 'report' : null;
    if (!reaction) return;
    this.emit({ type: 'feedback', deviceId, key, reaction, at: new Date() });
    const before = reputation.standing(now).quality;
    reputation.feedback(reaction, now);
    if (reputation.standing(now).quality !== before) this.emit({ type: 'standing', deviceId });
  }

  standing(deviceId: string): SenderStanding | null {
    return this.reputation(deviceId)?.standing(this.now()) ?? null;
  }

  standingReport(deviceId: string): SenderReport | null {
    return this.reputation(deviceId)?.report(this.now()) ?? null;
  }

  recipientWaitMs(deviceId: string, to: string) {
    return this.reputations.get(deviceId)?.recipientWaitMs(to, this.now()) ?? 0;
  }

  advanceClock(ms: number) {
    this.clockOffsetMs += Math.max(0, ms);
    this.emit({ type: 'standing', deviceId: null });
  }

  setReactions(deviceId: string, rates: ReactionRates | null) {
    if (rates) this.deviceReactions.set(deviceId, rates);
    else this.deviceReactions.delete(deviceId);
  }

  setTemplateReactions(fragment: string, rates: ReactionRates | null) {
    if (rates) this.templateReactions.set(fragment, rates);
    else this.templateReactions.delete(fragment);
  }

  setTemplateEngagement(fragment: string, rates: EngagementRates | null) {
    if (rates) this.templateEngagement.set(fragment, rates);
    else this.templateEngagement.delete(fragment);
  }

  setTier(deviceId: string, tier: number) {
    this.reputation(deviceId)?.setTier(tier, this.now());
    this.emit({ type: 'standing', deviceId });
  }

  /** The device's next send gets it suspended (dev tools and tests). */
  suspendNext(deviceId: string) {
    this.device(deviceId).suspendNext = true;
  }

  async sendOutcomes(deviceId: string, keys: string[]): Promise<SendOutcome[]> {
    const sent = this.devices.get(deviceId)?.sent;
    const outcomes = keys.map((key) => sent?.get(key) ?? 'unknown');
    const asked = keys.filter((_, i) => outcomes[i] === 'unknown');
    if (asked.length === 0 || !this.record) return outcomes;
    // Sent by another process, or by this one before a restart: the network's record knows.
    const answers = this.record.lookup(asked);
    const recorded = new Map(asked.map((key, i) => [key, answers[i]!]));
    return keys.map((key, i) => (outcomes[i] === 'unknown' ? recorded.get(key)! : outcomes[i]!));
  }

  /** Closes the network's record (the process is stopping). */
  close() {
    this.record?.close();
  }

  async hasAccount(deviceId: string, number: string) {
    this.device(deviceId);
    await this.delay(100);
    return seededUnit(this.options.seed, 'account', number) < (this.options.accountRate ?? 0.6);
  }

  on(listener: (event: GatewayEvent) => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
