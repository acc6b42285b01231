import type { ChatGateway, SendResult } from '../gateway/gateway';

/**
 * One message the send policy let through: from which device, to whom, what, under which idempotency
 * key. Only this folder issues them; `sendPermitted` is the one way a message reaches the gateway.
 */
export interface SendPermit {
  readonly deviceId: string;
  readonly to: string;
  readonly text: string;
  readonly key: string;
}

/** Permits issued and not yet used: a permit is good for exactly one send. */
const fresh = new WeakSet<SendPermit>();
/** The permit whose send is being handed to the gateway right now (the call is synchronous). */
let inFlight: SendPermit | null = null;

/** Issued by the policy's checks (direct sends, the blast claim) once a message has passed them. */
export function issuePermit(send: SendPermit): SendPermit {
  const permit = Object.freeze({ ...send });
  fresh.add(permit);
  return permit;
}

/** Sends one permitted message. A permit used before, or not issued by the policy, is refused. */
export function sendPermitted(gateway: ChatGateway, permit: SendPermit): Promise<SendResult> {
  if (!fresh.delete(permit)) throw new Error('A send needs a fresh permit from the send policy');
  inFlight = permit;
  try {
    return gateway.sendMessage(permit.deviceId, permit.to, permit.text, permit.key);
  } finally {
    inFlight = null;
  }
}

/** The permit of the send entering the gateway at this moment, or null outside `sendPermitted`. */
export const permitInFlight = () => inFlight;

const guarded = new WeakSet<ChatGateway>();

/**
 * Makes the gateway refuse any send that does not come through `sendPermitted`, so a path added later
 * that calls it directly fails at once instead of sending around the policy.
 */
export function requirePermits(gateway: ChatGateway) {
  if (guarded.has(gateway)) return;
  guarded.add(gateway);
  const send = gateway.sendMessage.bind(gateway);
  gateway.sendMessage = (deviceId, to, text, key) => {
    const permit = inFlight;
    if (!permit || permit.deviceId !== deviceId || permit.to !== to || permit.key !== key)
      return Promise.reject(new Error('The gateway sends only messages the send policy permitted'));
    return send(deviceId, to, text, key);
  };
}
