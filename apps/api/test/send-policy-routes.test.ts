import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API } from '@blaster/contract';
import { messageTemplates, phoneNumbers, whatsappAccounts } from '../src/db/schema';
import { SandboxGateway } from '../src/gateway/sandbox';
import { permitInFlight } from '../src/policy/permit';
import { startTestApp, type TestApp } from './support/app';
import { type Caller, connect, fastMember, waitFor } from './support/chat';

const SOURCE = join(__dirname, '../src');
/** The gateway declares the send; the policy is the only code that may make one. */
const MAY_TOUCH_THE_SEND = ['gateway/', 'policy/'];
/** The policy's permit factories, and the one place outside the policy that may call each. */
const PERMIT_FACTORIES: Record<string, string[]> = {
  issuePermit: ['policy/'],
  permitClaimedRound: ['policy/', 'jobs/blast/claim.ts'],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

/**
 * Every place a file names `name`: a property access (`gateway.sendMessage`), an element access or
 * string (`gateway['sendMessage']`), a destructuring (`const { sendMessage } = gateway`), a call of
 * an imported function. Aliasing cannot hide it: the name has to be written once to be reached.
 */
function mentions(file: string, text: string, name: string) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isIdentifier(node) || ts.isStringLiteralLike(node)) && node.text === name) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart());
      found.push(`${file}:${line + 1}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function mentionsOutside(name: string, allowed: string[]) {
  return sourceFiles(SOURCE).flatMap((path) => {
    const file = relative(SOURCE, path);
    if (allowed.some((prefix) => file.startsWith(prefix))) return [];
    return mentions(file, readFileSync(path, 'utf8'), name);
  });
}

describe('the send policy is the only way to the gateway (structure)', () => {
  it('finds every form a bypass could take', () => {
    const bypasses = [
      'await ctx.gateway.sendMessage(account.clientid, target, body.message, key);',
      "const send = gateway['sendMessage'];",
      'const { sendMessage: deliver } = ctx.gateway;',
      "Reflect.get(gateway, 'sendMessage').call(gateway, a, b, c, d);",
    ];
    for (const bypass of bypasses) expect(mentions('bypass.ts', bypass, 'sendMessage')).toHaveLength(1);
    expect(mentions('fine.ts', 'sendMessageBodySchema.parse(body);', 'sendMessage')).toEqual([]);
  });

  it('no source file outside the gateway and the policy names the gateway send', () => {
    expect(mentionsOutside('sendMessage', MAY_TOUCH_THE_SEND)).toEqual([]);
  });

  it('permits are issued by the policy, and for blasts only in the claim', () => {
    for (const [factory, allowed] of Object.entries(PERMIT_FACTORIES)) {
      const outside = mentionsOutside(factory, allowed);
      expect(outside, factory).toEqual([]);
    }
    const claim = readFileSync(join(SOURCE, 'jobs/blast/claim.ts'), 'utf8');
    // Imported once, called once: in the claim's transaction, after its budget was taken.
    expect(mentions('jobs/blast/claim.ts', claim, 'permitClaimedRound')).toHaveLength(2);
    expect(claim.indexOf('permitClaimedRound(')).toBeGreaterThan(claim.indexOf('reserveSends('));
  });
});

describe('the send policy is the only way to the gateway (every route, run)', () => {
  let t: TestApp;
  let gateway: SandboxGateway;
  let dev: Caller;
  let member: Caller;
  let memberAccount: { deviceId: string; id: number };
  /** Every send that reached the gateway, and whether the policy's permit came with it. */
  const sends: { to: string; permitted: boolean }[] = [];

  beforeAll(async () => {
    gateway = new SandboxGateway({ seed: 31, timeScale: 0.001, failRate: 0, replyRate: 0 });
    t = await startTestApp({ JOB_LEASE_SECONDS: '1' }, { gateway });
    dev = await t.createUser('dev');
    member = await fastMember(t);
    memberAccount = await connect(t, member, 'qr');
    await connect(t, dev, 'qr');
    await t.ctx.db
      .insert(phoneNumbers)
      .values(Array.from({ length: 6 }, (_, i) => ({ number: `62857000000${i}0`, name: `Sapu ${i}` })));
    await t.ctx.db.insert(messageTemplates).values({ text: '<p>Halo</p>', textWa: 'Halo {name}' });
    // Outermost: sees every call, whoever makes it, before anything else decides about it.
    const send = gateway.sendMessage.bind(gateway);
    gateway.sendMessage = (deviceId, to, text, key) => {
      const permit = permitInFlight();
      sends.push({ to, permitted: permit !== null && permit.to === to && permit.key === key });
      return send(deviceId, to, text, key);
    };
  });
  afterAll(() => t.close());

  const accountRow = async (id: number) =>
    (await t.ctx.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.id, id)))[0]!;

  it('every POST and PUT route, called by a dev on a member\u2019s account, sends only with a permit', async () => {
    // One body every route reads what it needs from (unknown keys are dropped by the schemas).
    const body = {
      id: memberAccount.id,
      whatsappClientId: memberAccount.id,
      deviceId: memberAccount.deviceId,
      clientid: memberAccount.deviceId,
      senders: memberAccount.deviceId,
      targets: '6285700000010,6285700000020',
      message: 'Sapu rute',
      on_behalf_of_owner: true,
      start_at: new Date(Date.now() + 60_000).toISOString(),
      userId: member.id,
      user_id: member.id,
      count: 3,
    };
    const routes = t.ctx.routeTable
      .filter((entry) => entry.method === 'POST' || entry.method === 'PUT')
      // Signing out or changing the caller's password ends the sweep's session: those go last.
      .sort((a, b) => Number(a.url.startsWith('/api/auth/')) - Number(b.url.startsWith('/api/auth/')));
    expect(routes.length).toBeGreaterThan(40);
    const sendingRoutes = new Set<string>();
    for (const entry of routes) {
      const before = sends.length;
      const url = entry.url.replace(/:(\w+)/g, (_, name: string) =>
        name.toLowerCase().includes('device') ? memberAccount.deviceId : String(memberAccount.id),
      );
      const answer = await t.call(entry.method, url, { token: dev.token, body });
      expect(answer.status, `${entry.method} ${entry.url}`).toBeLessThan(500);
      // A started blast runs until its list ends: its sends belong to this route.
      if (entry.url === API.whatsappStart && answer.status === 200)
        await waitFor(async () => (await accountRow(memberAccount.id)).status === 'idle', 'the blast');
      if (sends.length > before) sendingRoutes.add(entry.url);
    }
    // The sweep did reach the gateway both ways (a direct send, a blast), so what follows says something.
    expect([...sendingRoutes].sort()).toEqual([API.whatsappSendMessage, API.whatsappStart].sort());
    expect(sends.length).toBeGreaterThan(2);
    expect(sends.filter((send) => !send.permitted)).toEqual([]);
  });

  it('a scheduled blast, started by the engine when its time comes, sends only with a permit', async () => {
    await t.ctx.db.update(phoneNumbers).set({ lastSent: null, inUse: 0 });
    const before = sends.length;
    const account = await connect(t, member, 'qr');
    // The sweep's dev signed out at its end.
    const operator = await t.createUser('dev');
    const scheduled = await t.call('POST', API.whatsappSchedule, {
      token: operator.token,
      body: { id: account.id, start_at: new Date(Date.now() + 1_500).toISOString() },
    });
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200);
    // The engine's own look for due schedules starts it, as after a restart.
    await t.ctx.blast.resume();
    await waitFor(async () => (await accountRow(account.id)).blastScheduledAt === null, 'the schedule');
    await waitFor(async () => (await accountRow(account.id)).status === 'idle', 'the scheduled blast');
    expect(sends.length).toBeGreaterThan(before);
    expect(sends.slice(before).filter((send) => !send.permitted)).toEqual([]);
  });

  it('a send around the policy is refused by the gateway itself', async () => {
    const delivered = gateway.deliveredCount;
    await expect(
      t.ctx.gateway.sendMessage(memberAccount.deviceId, '6285700000099', 'x', 'k'),
    ).rejects.toThrow('send policy');
    expect(gateway.deliveredCount).toBe(delivered);
  });
});
