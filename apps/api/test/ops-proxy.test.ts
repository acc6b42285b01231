import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  REALTIME_CHANNEL_ADMIN,
  REALTIME_PATH,
  newDeviceId,
  type RealtimeMessage,
} from '@blaster/contract';
import { createScratchDatabase } from '../src/db/scratch';
import { waitFor } from './support/chat';
import { call, freePort, journalOf, startInstance, type Instance } from './support/instances';

/*
 * The shipped nginx configuration (deploy/nginx/blaster-panel.conf), run by Debian's nginx on loopback
 * in front of two instances on one PostgreSQL: one instance is killed mid-blast, the blast finishes on
 * the other, and the panel's socket reconnects through the proxy and sees it finish.
 * Needs a PostgreSQL server (TEST_DATABASE_URL) and /usr/sbin/nginx; CI runs it in its PostgreSQL pass.
 */
const server = process.env.TEST_DATABASE_URL;
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const shippedConfig = fileURLToPath(new URL('../../../deploy/nginx/blaster-panel.conf', import.meta.url));
const TARGETS = 300;
const METRICS_TOKEN = 'proxy-test-metrics';

/**
 * The shipped site, changed only where a deployment changes it (the upstream servers and the listen
 * address), inside a main configuration that keeps every file nginx writes in `dir`.
 */
function renderConfig(dir: string, listenPort: number, upstreams: number[]) {
  const site = readFileSync(shippedConfig, 'utf8');
  const servers = site.match(/^\s*server 127\.0\.0\.1:\d+ [^;]*;$/gm) ?? [];
  expect(servers).toHaveLength(2);
  let rendered = site.replace(/^\s*listen 80;$/m, `    listen 127.0.0.1:${listenPort};`);
  servers.forEach((line, i) => {
    rendered = rendered.replace(line, line.replace(/127\.0\.0\.1:\d+/, `127.0.0.1:${upstreams[i]}`));
  });
  writeFileSync(join(dir, 'site.conf'), rendered);
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, temp));
  const main = `
${process.getuid?.() === 0 ? 'user root;' : ''}
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/site.conf;
}
`;
  writeFileSync(join(dir, 'nginx.conf'), main);
  return join(dir, 'nginx.conf');
}

/**
 * A panel's socket through the proxy, from the loopback address `from`: reconnects whenever it
 * closes, as the panel does.
 */
function panelSocket(url: string, token: string, from: string) {
  const received: RealtimeMessage[] = [];
  const closes: number[] = [];
  let opens = 0;
  let stopped = false;
  let current: WebSocket;
  const open = () => {
    current = new WebSocket(url, { headers: { authorization: `Bearer ${token}` }, localAddress: from });
    current.on('open', () => (opens += 1));
    current.on('message', (data) => received.push(JSON.parse(String(data)) as RealtimeMessage));
    current.on('error', () => {});
    current.on('close', (code) => {
      closes.push(code);
      if (!stopped) setTimeout(open, 200);
    });
  };
  open();
  return {
    received,
    closes,
    opens: () => opens,
    stop() {
      stopped = true;
      current.terminate();
    },
  };
}

async function sockets(instance: Instance) {
  const answer = await fetch(`http://127.0.0.1:${instance.port}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const line = (await answer.text()).split('\n').find((row) => row.startsWith('blaster_realtime_sockets '));
  return Number(line?.split(' ')[1]);
}

describe.skipIf(!server || !existsSync(NGINX))('two instances behind the shipped nginx configuration', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let sql: pg.Client;
  let dir: string;
  let a: Instance;
  let b: Instance;
  let nginx: ChildProcess;
  let proxy: string;

  beforeAll(async () => {
    scratch = await createScratchDatabase(server!);
    dir = mkdtempSync(join(tmpdir(), 'blaster-proxy-'));
    const env = { JOB_LEASE_SECONDS: '2', TRUST_PROXY: '1', METRICS_TOKEN, SANDBOX_SEED: '5' };
    [a, b] = await Promise.all([
      startInstance('a', scratch.url, dir, { env }),
      startInstance('b', scratch.url, dir, { env }),
    ]);
    sql = new pg.Client({ connectionString: scratch.url });
    await sql.connect();
    const proxyPort = await freePort();
    const config = renderConfig(dir, proxyPort, [a.port, b.port]);
    nginx = spawn(NGINX, ['-p', dir, '-c', config], { stdio: ['ignore', 'inherit', 'inherit'] });
    proxy = `127.0.0.1:${proxyPort}`;
    await waitFor(
      () =>
        fetch(`http://${proxy}/api/health`).then(
          (answer) => answer.ok,
          () => false,
        ),
      'nginx to answer',
    );
  });

  afterAll(async () => {
    nginx?.kill('SIGTERM');
    for (const instance of [a, b]) instance?.process.kill('SIGKILL');
    await sql?.end();
    await scratch?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('passes the client address and request id, finishes a blast on the other instance when one is killed, and the socket reconnects through it', async () => {
    const admin = { email: 'proxy-dev@test.local', password: 'proxy-dev-password' };
    const viaProxy = async <T = Record<string, unknown>>(
      method: string,
      url: string,
      options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
    ) => {
      const answer = await fetch(`http://${proxy}${url}`, {
        method,
        headers: {
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
        },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
      const text = await answer.text();
      const json = answer.headers.get('content-type')?.startsWith('application/json');
      return { status: answer.status, headers: answer.headers, body: (json ? JSON.parse(text) : text) as T };
    };

    // The address limits count the proxy's view of the client, never what the client claims.
    const wrong = await viaProxy('POST', API.login, {
      body: { email: admin.email, password: 'not-the-password' },
      headers: { 'x-forwarded-for': '198.51.100.7', 'x-request-id': 'chosen-by-client' },
    });
    expect(wrong.status).toBe(400);
    // nginx's own request id went into the instance's log and came back.
    expect(wrong.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
    const keys = (await sql.query<{ key: string }>('select key from auth_attempts')).rows.map((r) => r.key);
    expect(keys.some((key) => key.includes('127.0.0.1'))).toBe(true);
    expect(keys.some((key) => key.includes('198.51.100.7'))).toBe(false);
    // Metrics are not served through the public side.
    expect((await viaProxy('GET', '/metrics')).status).toBe(404);

    const registered = await viaProxy<{ user: { id: number } }>('POST', API.register, {
      body: {
        firstName: 'Dev',
        lastName: 'Proxy',
        email: admin.email,
        password: admin.password,
        password2: admin.password,
        agreeToTerms: true,
      },
    });
    expect(registered.status).toBe(200);
    const devId = registered.body.user.id;
    await sql.query(`update users set role = 'dev' where id = $1`, [devId]);
    const login = await viaProxy<{ token: string }>('POST', API.login, { body: admin });
    expect(login.status).toBe(200);
    const { token } = login.body;

    // The device is connected on one instance (a device being paired lives in that process).
    const deviceId = newDeviceId(Date.now(), 0.75);
    expect(
      (
        await call(a, 'POST', API.whatsappNewClient, {
          token,
          body: { deviceId, userId: devId, previousDeviceId: null },
        })
      ).status,
    ).toBe(200);
    await call(a, 'GET', API.whatsappQr(deviceId), { token });
    expect((await call(a, 'POST', API.sandboxScan, { token, body: { deviceId } })).status).toBe(200);
    await waitFor(
      async () =>
        (await call<{ state: string }>(a, 'GET', API.whatsappClientState(deviceId), { token })).body.state ===
        'connected',
      'the device to connect',
    );
    const saved = await call<{ whatsapp: { id: number } }>(a, 'POST', API.whatsappSave, {
      token,
      body: { clientid: deviceId, user_id: devId },
    });
    expect(saved.status).toBe(200);
    const accountId = saved.body.whatsapp.id;
    await sql.query('update settings set interval_min = 1, interval_max = 1');
    await sql.query(
      `insert into phone_numbers (number, name) select (6285800000000 + i)::text, 'Target ' || i from generate_series(0, $1 - 1) i`,
      [TARGETS],
    );
    await sql.query(`insert into message_templates (text, text_wa) values ('<p>Halo</p>', 'Halo {name}')`);

    // The blast is started through the proxy; whichever instance answered runs it.
    const started = await viaProxy('POST', API.whatsappStart, {
      token,
      body: { whatsappClientId: accountId },
    });
    expect(started.status).toBe(200);
    const holderName = async () =>
      (
        await sql.query<{ holder: string }>(
          `select holder from job_leases where kind = 'blast' and job_id = $1 and expires_at > now()`,
          [accountId],
        )
      ).rows[0]?.holder;
    await waitFor(async () => (await holderName()) !== undefined, 'an instance to take the blast');
    const holder = (await holderName()) === 'a' ? a : b;
    const survivor = holder === a ? b : a;

    // Panels' sockets through the proxy, until one is served by the instance about to be killed. The
    // proxy keeps each client address on one instance (ip_hash, by its first three bytes): panels
    // come from 127.0.1.1, 127.0.2.1, ... (all loopback) until one lands there.
    const panels: ReturnType<typeof panelSocket>[] = [];
    const socketUrl = `ws://${proxy}${REALTIME_PATH}?id=${REALTIME_CHANNEL_ADMIN}`;
    while ((await sockets(holder)) === 0) {
      expect(panels.length).toBeLessThan(32);
      const panel = panelSocket(socketUrl, token, `127.0.${panels.length + 1}.1`);
      panels.push(panel);
      await waitFor(() => panel.opens() === 1, 'the socket to open through the proxy');
      await waitFor(
        async () => (await sockets(a)) + (await sockets(b)) === panels.length,
        'the socket to be accepted',
      );
    }
    const onKilled = panels.at(-1)!;
    await waitFor(() => journalOf(holder).length >= 20, 'the blast to be under way');

    holder.process.kill('SIGKILL');
    // The socket lost its instance and came back through the proxy, on the other one.
    await waitFor(() => onKilled.opens() >= 2, 'the socket to reconnect through the proxy');
    await waitFor(async () => (await sockets(survivor)) === panels.length, 'every socket on the survivor');

    // The blast ends on the survivor, and the reconnected socket is told.
    const isFinished = (m: RealtimeMessage) => m.event === 'finished' && m.sender?.id === accountId;
    await waitFor(
      () => onKilled.received.some(isFinished),
      () => `the blast to finish:\n${survivor.output.join('')}`,
    );
    const account = await viaProxy<{ whatsapp: { status: string } }>('GET', API.whatsapp(String(accountId)), {
      token,
    });
    expect(account.status).toBe(200);
    expect(account.body.whatsapp.status).toBe('idle');
    const logs = await sql.query<{ target: string; status: string }>(
      'select target, status from message_logs where whatsapp_id = $1',
      [accountId],
    );
    expect(logs.rows).toHaveLength(TARGETS);
    expect(logs.rows.filter((row) => row.status === 'pending')).toEqual([]);
    expect(journalOf(survivor).length).toBeGreaterThan(0);
    for (const panel of panels) panel.stop();
  }, 240_000);
});
