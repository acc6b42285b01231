import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { API, newDeviceId } from '@blaster/contract';
import { waitFor } from './support/chat';
import { call, launchListening, type LaunchedProcess } from './support/instances';

/*
 * The embedded database's fault is the process itself dying: killed (SIGKILL) mid-blast and started
 * again on the same folder, the server settles the round it had in flight from the sandbox network's
 * record, so every message that left is counted and paid exactly once, and nothing leaves twice.
 */
const TARGETS = 160;
const ADMIN = { email: 'admin@faults.test', password: 'admin-faults-password' };

const dataDir = mkdtempSync(join(tmpdir(), 'blaster-embedded-faults-'));
const journal = join(dataDir, 'journal.jsonl');
const running: LaunchedProcess[] = [];

afterAll(() => {
  for (const server of running) if (server.process.exitCode === null) server.process.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function start() {
  const { launched, running: listening } = await launchListening(dataDir, {
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SANDBOX_TIME_SCALE: '0.02',
    SANDBOX_SEED: '9',
    // Recipients who never opt out, block or report: the template stays green, so it is never paced
    // again mid-blast (a hold for its feedback would outlast the test).
    SANDBOX_REPLY_RATE: '0',
    SANDBOX_BLOCK_RATE: '0',
    SANDBOX_REPORT_RATE: '0',
    SANDBOX_JOURNAL: journal,
    // Started again on the same port in production, the server keeps its name and takes its own blast
    // back at once; a port picked afresh would otherwise make it wait for the old lease to run out.
    INSTANCE_ID: 'embedded',
  });
  running.push(launched);
  if (!listening) throw new Error(`the server did not start: ${launched.output.join('')}`);
  return launched;
}

const delivered = () =>
  readFileSync(journal, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { to: string }).to);

describe('the embedded database when the process is killed mid-blast', () => {
  it('settles the sends in flight from the network’s record after a restart: each delivery counted and paid once', async () => {
    let server = await start();
    const admin = (await call<{ token: string }>(server, 'POST', API.login, { body: ADMIN })).body.token;
    const dev = { email: 'dev@faults.test', password: 'rahasia-123' };
    const registered = await call<{ user: { id: number } }>(server, 'POST', API.register, {
      body: { firstName: 'Dev', lastName: 'Faults', ...dev, password2: dev.password, agreeToTerms: true },
    });
    expect(registered.status).toBe(200);
    const devId = registered.body.user.id;
    const promoted = await call(server, 'PUT', API.user(devId), {
      token: admin,
      body: { role: 'dev', blast_interval_min: 1, blast_interval_max: 1 },
    });
    expect(promoted.status).toBe(200);
    const token = (await call<{ token: string }>(server, 'POST', API.login, { body: dev })).body.token;
    expect(
      (await call(server, 'POST', API.sandboxDemoData, { token, body: { count: TARGETS } })).status,
    ).toBe(200);

    const deviceId = newDeviceId(Date.now(), 0.25);
    await call(server, 'POST', API.whatsappNewClient, {
      token,
      body: { deviceId, userId: devId, previousDeviceId: null },
    });
    await call(server, 'GET', API.whatsappQr(deviceId), { token });
    expect((await call(server, 'POST', API.sandboxScan, { token, body: { deviceId } })).status).toBe(200);
    await waitFor(
      async () =>
        (await call<{ state: string }>(server, 'GET', API.whatsappClientState(deviceId), { token })).body
          .state === 'connected',
      'the device to connect',
    );
    const saved = await call<{ whatsapp: { id: number } }>(server, 'POST', API.whatsappSave, {
      token,
      body: { clientid: deviceId, user_id: devId },
    });
    const accountId = saved.body.whatsapp.id;
    expect(
      (await call(server, 'POST', API.whatsappStart, { token, body: { whatsappClientId: accountId } }))
        .status,
    ).toBe(200);

    await waitFor(() => {
      try {
        return delivered().length >= 40;
      } catch {
        return false;
      }
    }, 'sends before the kill');
    server.process.kill('SIGKILL');
    await server.exited;

    server = await start();
    type Account = { id: number; status: string; count_success: number; count_fail: number; income: number };
    let account: Account | undefined;
    await waitFor(async () => {
      const page = await call<{ data: Account[] }>(server, 'GET', `${API.whatsappPerPage}?page=1`, { token });
      account = page.body.data?.find((row) => row.id === accountId);
      return account?.status === 'idle' && account.count_success + account.count_fail === TARGETS;
    }, 'the blast to finish after the restart');

    // Nothing left twice; the messages that left are exactly the successes, each paid once.
    const sent = delivered();
    expect(new Set(sent).size).toBe(sent.length);
    expect(account!.count_success).toBe(sent.length);
    const income = await call<{ income: number }>(server, 'GET', API.withdrawIncome(devId), { token });
    expect(income.body.income).toBe(account!.income);
    expect(account!.income).toBeGreaterThan(0);
  }, 300_000);
});
