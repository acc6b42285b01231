import { expect } from 'vitest';
import { API, newDeviceId, type RealtimeMessage } from '@blaster/contract';
import { eq } from 'drizzle-orm';
import { users } from '../../src/db/schema';
import type { TestApp } from './app';

export type Caller = { id: number; token: string };

/** What the running test's waits are still waiting for; told when the test fails (timed out). */
const awaiting = new Set<string | (() => string)>();
/** Bumped when a test ends: a wait the test abandoned (it timed out) stops polling a closed app. */
let testGeneration = 0;

/**
 * Polls `probe` until it holds and gives its value. No deadline of its own: a busy machine only makes
 * it slower, and the test's timeout ends a wait that never comes, with `what` in the report. `what`
 * may be a function, read only when it is reported (a process's output at that moment).
 */
export async function waitFor<T>(
  probe: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  what: string | (() => string),
): Promise<T> {
  const generation = testGeneration;
  awaiting.add(what);
  try {
    for (;;) {
      const value = await probe();
      if (value) return value;
      if (generation !== testGeneration) throw new Error(`abandoned waiting for ${wording(what)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    awaiting.delete(what);
  }
}

const wording = (what: string | (() => string)) => (typeof what === 'string' ? what : what());

/** The waits still open, for the report of a failed test (support/setup.ts). */
export function stillAwaited(): string[] {
  return [...awaiting].map(wording);
}

/** Ends the waits of a test that is over (support/setup.ts). */
export function abandonWaits() {
  testGeneration += 1;
}

/** A promise and the function that resolves it: one step of a test waits until another says so. */
export function signal() {
  let fire = () => {};
  const fired = new Promise<void>((resolve) => {
    fire = resolve;
  });
  return { fire, fired };
}

export function recordEvents(t: TestApp) {
  const seen: { channel: string; message: RealtimeMessage }[] = [];
  t.ctx.hub.tap((channel, message) => seen.push({ channel, message }));
  return seen;
}

let deviceCounter = 0;
const nextDeviceId = () => newDeviceId(Date.now(), (++deviceCounter % 10_000) / 10_000);

/** Connects an account through the API the way the connect page does, by QR or by pairing code. */
export async function connect(t: TestApp, caller: Caller, mode: 'qr' | 'code', seen = recordEvents(t)) {
  const deviceId = nextDeviceId();
  const phoneNumber = mode === 'code' ? `62812${String(1_000_000 + deviceCounter).slice(-7)}` : undefined;
  const created = await t.call('POST', API.whatsappNewClient, {
    token: caller.token,
    body: { deviceId, userId: caller.id, previousDeviceId: null, phoneNumber },
  });
  expect(created.status).toBe(200);
  let code: string | undefined;
  if (mode === 'qr') {
    const qr = await t.call<{ qr: string }>('GET', API.whatsappQr(deviceId), { token: caller.token });
    expect(qr.body.qr).toMatch(/^2@sandbox\//);
  } else {
    const event = await waitFor(
      () => seen.find((e) => e.message.event === 'code' && e.message.payload?.deviceId === deviceId),
      'pairing code',
    );
    code = String(event.message.payload!.code);
    expect(code).toMatch(/^[A-Z0-9]{8}$/);
    const wrong = await t.call('POST', API.sandboxScan, {
      token: caller.token,
      body: { deviceId, code: 'AAAA-AAAA' },
    });
    expect(wrong.status).toBe(400);
  }
  const scanned = await t.call('POST', API.sandboxScan, { token: caller.token, body: { deviceId, code } });
  expect(scanned.status).toBe(200);
  await waitFor(() => t.ctx.gateway.state(deviceId) === 'connected', 'connected');
  expect(
    seen.some(
      (e) =>
        e.channel === String(caller.id) &&
        e.message.event === 'authenticated' &&
        e.message.payload?.deviceId === deviceId,
    ),
  ).toBe(true);
  const saved = await t.call<{ whatsapp: { id: number; state: string; phonenumber: string } }>(
    'POST',
    API.whatsappSave,
    {
      token: caller.token,
      body: { clientid: deviceId, user_id: caller.id, pushname: 'forged', phonenumber: '1' },
    },
  );
  expect(saved.status).toBe(200);
  expect(saved.body.whatsapp.state).toBe('connected');
  if (phoneNumber) expect(saved.body.whatsapp.phonenumber).toBe(phoneNumber);
  return { deviceId, id: saved.body.whatsapp.id };
}

/** A member whose blasts wait nothing between sends. */
export async function fastMember(t: TestApp) {
  const member = await t.createUser('member');
  await t.ctx.db
    .update(users)
    .set({ blastIntervalMin: 0, blastIntervalMax: 0 })
    .where(eq(users.id, member.id));
  return member;
}
