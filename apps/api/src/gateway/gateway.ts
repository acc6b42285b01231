import type { ConnectionState } from '@blaster/contract';

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
    };

export type DeliveryAck = 'delivered' | 'read';

export type SendResult =
  | { ok: true }
  /** The target was not reached; `code` is shown as 'Fail, attempting (code)...'. */
  | { ok: false; code: number; reason: string }
  /** The network suspended the sending account. */
  | { ok: false; suspended: true; code: number; reason: string };

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
}
