import type { ConnectionState } from '@blaster/contract';

/** Which of the network's limits refused a send: the tier's 24 hours, throughput, or the pair rate. */
export type SendLimit = 'tier' | 'throughput' | 'pair_rate';

/** What a connected chat account tells about itself once authenticated. */
export interface ClientInfo {
  pushname: string;
  phonenumber: string;
  server: string;
  serialized: string;
}

export type GatewayErrorKind = 'unhandledRejection' | 'uncaughtException' | 'database_error';

export type GatewayEvent =
  | { type: 'qr'; deviceId: string; qr: string }
  | { type: 'code'; deviceId: string; code: string }
  | { type: 'authenticated'; deviceId: string; info: ClientInfo }
  | { type: 'connection.update'; deviceId: string; state: ConnectionState }
  | { type: 'error'; deviceId: string | null; kind: GatewayErrorKind; message: string }
  /**
   * The network acknowledged a sent message (`key`: the send's idempotency key) as delivered to the
   * recipient's phone, or read. Acknowledgements may come late, out of order, or never.
   */
  | { type: 'ack'; deviceId: string; key: string; ack: DeliveryAck; at: Date }
  /**
   * A message a recipient sent to the account. `replyTo` is the key of the account's message it
   * answers, when the network tells.
   */
  | {
      type: 'message.inbound';
      deviceId: string;
      from: string;
      text: string;
      replyTo: string | null;
      at: Date;
    }
  /**
   * A recipient opened a web address in a message the account sent (the sandbox's recipients open the
   * message's short links, without an HTTP request).
   */
  | { type: 'link.click'; deviceId: string; url: string; at: Date }
  /**
   * A recipient blocked or reported the sender over a message (`key`: the send's idempotency key): the
   * network's feedback, which rates the sender and, in the panel, the message's template.
   */
  | { type: 'feedback'; deviceId: string; key: string; reaction: 'block' | 'report'; at: Date }
  /**
   * A sender's standing with the network may have changed: its tier or quality moved, or the network's
   * clock went forward (then `deviceId` is null: every sender). Whoever waits on a limit looks again.
   */
  | { type: 'standing'; deviceId: string | null };

export type DeliveryAck = 'delivered' | 'read';

export type SendResult =
  | { ok: true }
  /** The target was not reached; `code` is shown as 'Fail, attempting (code)...'. */
  | { ok: false; code: number; reason: string }
  /** The network suspended the sending account. */
  | { ok: false; suspended: true; code: number; reason: string }
  /**
   * The network did not take the send: the sender is at one of its limits. Nothing left, so the
   * target may be sent later, after `retryInMs` at the soonest.
   */
  | { ok: false; limited: SendLimit; retryInMs: number; code: 429; reason: string };

export type SenderQuality = 'green' | 'yellow' | 'red';

/** What the network says of a sender now, under its rules for bulk senders (gateway/reputation.ts). */
export interface SenderStanding {
  /** Unique recipients it may start conversations with in a moving 24 hours; null: unlimited. */
  tier: number | null;
  /** Unique recipients messaged in the last 24 hours, and how many more it may reach now. */
  recipients: number;
  recipientsLeft: number | null;
  /** Until the oldest recipient leaves the 24-hour window; null when none is in it. */
  windowRollsInMs: number | null;
  /** At its tier's limit until the window rolls. */
  restricted: boolean;
  /** The 7-day rating from recipients' blocks and reports; RED is flagged. */
  quality: SenderQuality;
  flagged: boolean;
  perSecond: number;
  /** Sends the network takes from it before the next share of its throughput comes. */
  sendsLeftNow: number;
}

/** Negative feedback in one day of the 7-day window the rating reads (oldest first in a report). */
export interface QualityDay {
  /** How long ago the day ended: 0 for the 24 hours up to now. */
  endedAgoMs: number;
  sent: number;
  /** Blocks plus weighted reports. */
  negative: number;
}

/** What a sender needs to reach the next tier; every condition is the network's published rule. */
export interface TierUpgrade {
  /** The next tier's limit; null: unlimited. */
  nextTier: number | null;
  /** Conversations started in the last 7 days, and the half of the current limit it must reach. */
  started: number;
  needed: number;
  /** Until the sender has spent 7 days at its tier (0: it has). */
  eligibleInMs: number;
  /** Quality must be better than RED (at least medium). */
  qualityOk: boolean;
}

/** The standing with the history behind it, for the people who read it (the sender health page). */
export interface SenderReport extends SenderStanding {
  /** How long the sender has been at its tier. */
  atTierForMs: number;
  /** How long it has been flagged (RED); null when it is not. */
  flaggedForMs: number | null;
  /** Until a flagged sender drops one tier if it does not recover; null when it is not flagged. */
  dropInMs: number | null;
  /** null at the unlimited tier. */
  upgrade: TierUpgrade | null;
  days: QualityDay[];
}

/** Whether a send with this idempotency key reached the network (asked after a crash). */
export type SendOutcome = 'sent' | 'failed' | 'unknown';

/**
 * The only way the API talks to chat accounts. The product ships one implementation, the sandbox;
 * the boundary keeps any real network out of the code base.
 */
export interface ChatGateway {
  readonly kind: 'sandbox';
  /** Starts a device; it emits `qr` (no phone number) or `code` (pairing with that number). */
  createClient(options: { deviceId: string; phoneNumber?: string | null }): Promise<void>;
  /** Brings back a device that was authenticated before a restart. */
  restoreClient(deviceId: string, info: ClientInfo): Promise<void>;
  removeClient(deviceId: string): Promise<void>;
  state(deviceId: string): ConnectionState | null;
  /** The current QR string of a device waiting to be scanned. */
  qr(deviceId: string): string | null;
  /** The code a device started with a phone number shows, for its owner to enter on the phone. */
  pairingCode(deviceId: string): string | null;
  /** Client info once authenticated. */
  info(deviceId: string): ClientInfo | null;
  sendMessage(deviceId: string, to: string, text: string, key: string): Promise<SendResult>;
  /**
   * What the network knows of sends by their idempotency keys, in the same order: asked after a
   * crash or a lost database, possibly by another process than the one that sent them.
   */
  sendOutcomes(deviceId: string, keys: string[]): Promise<SendOutcome[]>;
  /**
   * The sender's standing under the network's rules for bulk senders, or null when the network does
   * not model them (the sandbox with its reputation model off).
   */
  standing(deviceId: string): SenderStanding | null;
  /** The standing with its history and the way to the next tier (null: no reputation model). */
  standingReport(deviceId: string): SenderReport | null;
  /** The network's clock (ms since the epoch): the windows of its rules and its feedback run on it. */
  clock(): number;
  /** How long until `to` may get another message from the sender (the pair rate); 0: now. */
  recipientWaitMs(deviceId: string, to: string): number;
  /** Whether a number has an account on the chat network (generators and validators). */
  hasAccount(deviceId: string, number: string): Promise<boolean>;
  on(listener: (event: GatewayEvent) => void): () => void;
  /** The process is stopping: whatever the gateway keeps open is closed. */
  close(): void;
}

/**
 * What a person at the sandbox's controls (or a test) does in place of the phone and the network:
 * scan a QR or enter a pairing code, change a device's connection, raise an error, suspend a sender.
 * Only the sandbox module and tests reach these.
 */
export interface SandboxControls {
  /** Answers false when the device is not waiting or the code is wrong. */
  scan(deviceId: string, code?: string): Promise<boolean>;
  setState(deviceId: string, state: ConnectionState): void;
  raiseError(deviceId: string | null, kind: GatewayErrorKind, message: string): void;
  suspendNext(deviceId: string): void;
  /** Moves the network's clock forward: every window of the reputation model lives on it. */
  advanceClock(ms: number): void;
  /** Sets how the device's recipients react (null rates: back to the network's defaults). */
  setReactions(deviceId: string, rates: ReactionRates | null): void;
  /** Sets how recipients react to messages containing `fragment` (a template's words); null removes it. */
  setTemplateReactions(fragment: string, rates: ReactionRates | null): void;
  /**
   * Sets how often recipients read, click and answer messages containing `fragment`, in place of the
   * network's rates (null removes it): one template can be made to do better than another.
   */
  setTemplateEngagement(fragment: string, rates: EngagementRates | null): void;
  /** Puts the device at a tier (an index into the network's tiers). */
  setTier(deviceId: string, tier: number): void;
  /** A person writes to the device's account from `from`, answering nothing in particular. */
  receive(deviceId: string, from: string, text: string): void;
}

/** Shares of delivered messages read, of read ones whose link is opened, of read ones answered in words. */
export interface EngagementRates {
  readRate?: number;
  clickRate?: number;
  conversationRate?: number;
}

/** Shares of delivered messages whose recipient blocks the sender, or reports it. */
export interface ReactionRates {
  blockRate: number;
  reportRate: number;
}
