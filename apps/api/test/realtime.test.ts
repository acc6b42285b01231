import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import {
  REALTIME_CHANNEL_ADMIN,
  REALTIME_CHANNEL_CLIENT_ADMIN,
  REALTIME_CHANNEL_SIGNIN,
  REALTIME_PATH,
} from '@blaster/contract';
import { CLOSE_FORBIDDEN, CLOSE_UNAUTHORIZED, startRealtimeServer } from '../src/realtime/server';
import { startTestApp, type TestApp } from './support/app';
import { waitFor } from './support/chat';
import { openSocket, subscribed } from './support/sockets';

let t: TestApp;
let realtime: ReturnType<typeof startRealtimeServer>;
let url: string;
/** The socket on the HTTP port, as the panel opens it. */
let panelUrl: string;
let admin: { id: number; token: string };
let member: { id: number; token: string };
let otherMember: { id: number; token: string };

beforeAll(async () => {
  t = await startTestApp();
  realtime = startRealtimeServer(t.ctx, { port: 0, host: '127.0.0.1' });
  await realtime.ready;
  url = `ws://127.0.0.1:${(realtime.server.address() as AddressInfo).port}`;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  panelUrl = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${REALTIME_PATH}`;
  admin = await t.createUser('admin');
  member = await t.createUser('member');
  otherMember = await t.createUser('member');
});
afterAll(async () => {
  await realtime.close();
  await t.close();
});

/** A socket on `channel`; `subscribed` resolves once the hub counts it (or the server closed it). */
function connect(channel: string, token?: string) {
  const client = openSocket(`${url}/?id=${encodeURIComponent(channel)}${token ? `&token=${token}` : ''}`);
  return { ...client, subscribed: () => subscribed(t.ctx.hub, client, channel) };
}

describe('realtime channels', () => {
  it("delivers a published event to the channel's sockets only", async () => {
    const adminSocket = connect(REALTIME_CHANNEL_ADMIN, admin.token);
    const memberSocket = connect(String(member.id), member.token);
    await adminSocket.subscribed();
    await memberSocket.subscribed();

    t.ctx.hub.publish(member.id, {
      event: 'count_synced',
      payload: {
        deviceId: 'device-7',
        date: '2026-01-01T00:00:00.000Z',
        count_success: 3,
        count_fail: 0,
        income: 0,
      },
      sender: { id: 7 },
    });
    t.ctx.hub.publish(REALTIME_CHANNEL_ADMIN, {
      event: 'in_use',
      payload: { receiverId: 3, id: 3, in_use: 1 },
    });
    await waitFor(
      () => memberSocket.messages.length > 0 && adminSocket.messages.length > 0,
      'the events on both sockets',
    );

    expect(memberSocket.messages).toEqual([
      {
        event: 'count_synced',
        payload: {
          deviceId: 'device-7',
          date: '2026-01-01T00:00:00.000Z',
          count_success: 3,
          count_fail: 0,
          income: 0,
        },
        sender: { id: 7 },
      },
    ]);
    expect(adminSocket.messages).toEqual([{ event: 'in_use', payload: { receiverId: 3, id: 3, in_use: 1 } }]);
    adminSocket.socket.close();
    memberSocket.socket.close();
  });

  it('delivers events of every frame size intact and in order, whichever channel came before', async () => {
    // The previous test's sockets must be gone, or `subscribed` would see them.
    await waitFor(() => t.ctx.hub.subscriberCount(REALTIME_CHANNEL_ADMIN) === 0, 'the admin socket to go');
    await waitFor(() => t.ctx.hub.subscriberCount(String(member.id)) === 0, 'the member socket to go');
    const adminSocket = connect(REALTIME_CHANNEL_ADMIN, admin.token);
    const memberSocket = connect(String(member.id), member.token);
    await adminSocket.subscribed();
    await memberSocket.subscribed();
    // Under 126 bytes, under 64 KiB and over it: the three length forms of a frame, with multibyte text.
    const texts = [
      'Terkirim ✓',
      'Gagal — nomor tidak aktif 📵 '.repeat(20),
      'Ringkasan harian · '.repeat(4_000),
    ];
    const event = (message: string) => ({
      event: 'unhandledRejection' as const,
      payload: { deviceId: null, date: '2026-01-01T00:00:00.000Z', message },
    });
    for (const text of texts) {
      t.ctx.hub.publish(REALTIME_CHANNEL_ADMIN, event(text));
      t.ctx.hub.publish(member.id, event(`${text}!`));
    }
    await waitFor(
      () => adminSocket.messages.length === 3 && memberSocket.messages.length === 3,
      'three events on each socket',
    );

    expect(adminSocket.messages).toEqual(texts.map(event));
    expect(memberSocket.messages).toEqual(texts.map((text) => event(`${text}!`)));
    adminSocket.socket.close();
    memberSocket.socket.close();
  });

  it('refuses a socket without a valid token, and a member on the admin or another member channel', async () => {
    expect(await connect(REALTIME_CHANNEL_ADMIN).closed).toBe(CLOSE_UNAUTHORIZED);
    expect(await connect(REALTIME_CHANNEL_ADMIN, 'forged.token.value').closed).toBe(CLOSE_UNAUTHORIZED);
    expect(await connect(REALTIME_CHANNEL_ADMIN, member.token).closed).toBe(CLOSE_FORBIDDEN);
    expect(await connect(REALTIME_CHANNEL_CLIENT_ADMIN, member.token).closed).toBe(CLOSE_FORBIDDEN);
    expect(await connect(String(otherMember.id), member.token).closed).toBe(CLOSE_FORBIDDEN);
  });

  it('lets the sign-in page listen without a token and admin follow any member', async () => {
    const signin = connect(REALTIME_CHANNEL_SIGNIN);
    await signin.subscribed();
    expect(t.ctx.hub.subscriberCount(REALTIME_CHANNEL_SIGNIN)).toBe(1);
    const follow = connect(String(otherMember.id), admin.token);
    await follow.subscribed();
    expect(t.ctx.hub.subscriberCount(String(otherMember.id))).toBe(1);
    signin.socket.close();
    follow.socket.close();
    await waitFor(() => t.ctx.hub.subscriberCount(String(otherMember.id)) === 0, 'the followed socket to go');
    expect(t.ctx.hub.subscriberCount(String(otherMember.id))).toBe(0);
  });
});

describe('a socket once open', () => {
  const synced = (count: number) => ({
    event: 'count_synced' as const,
    payload: {
      deviceId: 'device-9',
      date: '2026-01-01T00:00:00.000Z',
      count_success: count,
      count_fail: 0,
      income: 0,
    },
    sender: { id: 9 },
  });

  // The panel reads its rows again when its socket opens and trusts the socket for every change after
  // that: a change published between the open and the server's subscription would never be shown.
  it.each([
    ['the HTTP port', () => `${panelUrl}?id=${member.id}`],
    ['the legacy port', () => `${url}/?id=${member.id}`],
  ])(
    'on %s hears every event published from its open on, however long the token check takes',
    async (_, at) => {
      const channel = String(member.id);
      await waitFor(() => t.ctx.hub.subscriberCount(channel) === 0, 'earlier sockets on the channel to go');
      let opened = false;
      const verify = t.ctx.tokens.verify.bind(t.ctx.tokens);
      // The check lasts until the socket has opened, when it can open before the check ends: a busy
      // database or a slow machine can make it last that long.
      const slowCheck = vi.spyOn(t.ctx.tokens, 'verify').mockImplementation(async (token) => {
        for (let turn = 0; turn < 50 && !opened; turn += 1)
          await new Promise((resolve) => setImmediate(resolve));
        return verify(token);
      });
      const socket = new WebSocket(at(), { headers: { authorization: `Bearer ${member.token}` } });
      const heard: number[] = [];
      socket.on('message', (data) => heard.push(JSON.parse(String(data)).payload.count_success));
      await new Promise<void>((resolve) =>
        socket.once('open', () => {
          opened = true;
          t.ctx.hub.publish(member.id, synced(1));
          resolve();
        }),
      );
      await waitFor(() => t.ctx.hub.subscriberCount(channel) > 0, 'the socket to be subscribed');
      t.ctx.hub.publish(member.id, synced(2));
      await waitFor(() => heard.includes(2), 'the event published after the subscription');
      slowCheck.mockRestore();
      socket.close();

      expect(heard).toEqual([1, 2]);
    },
  );
});
