import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API, MAX_PENDING_DEVICES_PER_USER, MESSAGE_TEXT as MSG, newDeviceId } from '@blaster/contract';
import { PendingDevices } from '../src/modules/whatsapp/pending-devices';
import { startTestApp, type TestApp } from './support/app';
import { connect } from './support/chat';

describe('devices being connected', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("refuses connecting a new phone under another member's saved device id, also after a restart", async () => {
    const victim = await t.createUser('member');
    const attacker = await t.createUser('member');
    const { id, deviceId } = await connect(t, victim, 'qr');
    // After a restart the gateway no longer knows the saved device until its blast brings it back.
    await t.ctx.gateway.removeClient(deviceId);

    const claim = await t.call('POST', API.whatsappNewClient, {
      token: attacker.token,
      body: { deviceId, userId: attacker.id, previousDeviceId: null },
    });
    expect(claim.status).toBe(409);
    expect(claim.body).toMatchObject({ msg: MSG.deviceIdTaken });
    expect(
      (await t.call('POST', API.sandboxScan, { token: attacker.token, body: { deviceId } })).status,
    ).not.toBe(200);
    const save = await t.call('POST', API.whatsappSave, {
      token: attacker.token,
      body: { clientid: deviceId, user_id: attacker.id },
    });
    expect(save.status).toBe(403);
    const account = await t.call<{ whatsapp: { user_id: number } }>('GET', API.whatsapp(id), {
      token: victim.token,
    });
    expect(account.body.whatsapp.user_id).toBe(victim.id);
  });

  it('lets one member connect only a few devices at once', async () => {
    const member = await t.createUser('member');
    const ask = (i: number) =>
      t.call('POST', API.whatsappNewClient, {
        token: member.token,
        body: { deviceId: newDeviceId(Date.now() + i, 0.5), userId: member.id, previousDeviceId: null },
      });
    for (let i = 0; i < MAX_PENDING_DEVICES_PER_USER; i += 1) expect((await ask(i)).status).toBe(200);
    const over = await ask(100);
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ msg: MSG.tooManyPendingDevices });
    // Another member is not held up by it.
    const other = await t.createUser('member');
    const theirs = await t.call('POST', API.whatsappNewClient, {
      token: other.token,
      body: { deviceId: newDeviceId(Date.now() + 200, 0.5), userId: other.id, previousDeviceId: null },
    });
    expect(theirs.status).toBe(200);
  });

  it('drops a device not saved within its time and frees its place', async () => {
    // The clock is the test's: on a busy machine a real 50 ms can pass between two of these lines,
    // and the devices would expire before the sixth is refused.
    vi.useFakeTimers();
    const expired: string[] = [];
    const pending = new PendingDevices((deviceId) => expired.push(deviceId), 50);
    try {
      for (let i = 0; i < MAX_PENDING_DEVICES_PER_USER; i += 1) pending.set(`device-${i}`, 7);
      expect(() => pending.set('one-more', 7)).toThrow(MSG.tooManyPendingDevices);
      vi.advanceTimersByTime(49);
      expect(pending.get('device-0')).toBe(7);
      vi.advanceTimersByTime(1);
      expect(pending.get('device-0')).toBeUndefined();
      pending.set('one-more', 7);
      expect(pending.get('one-more')).toBe(7);
      expect(expired).toEqual(expect.arrayContaining(['device-0', 'device-4']));
    } finally {
      pending.stop();
      vi.useRealTimers();
    }
  });
});
