import { afterEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { API, type FunnelAnswer } from '@blaster/contract';
import { queryRows } from '../src/db';
import {
  linkClicks,
  messageLogs,
  messageTemplates,
  phoneNumbers,
  suppressions,
  whatsappAccounts,
} from '../src/db/schema';
import { SandboxGateway } from '../src/gateway/sandbox';
import { createShortLinks, urlsOf } from '../src/lib/short-links';
import { fillTemplate } from '../src/jobs/blast/claim';
import { createTokenService } from '../src/lib/tokens';
import { closeSharedApps, startTestApp, type TestApp } from './support/app';
import { connect, fastMember, waitFor, type Caller } from './support/chat';

const opened: TestApp[] = [];
afterEach(() => closeSharedApps(opened));

const PUBLIC_URL = 'https://go.example.id';
const PROMO = 'https://shop.example.com/promo?src=wa&x=1';
const HELP = 'http://help.example.com/faq';
const TEMPLATE = `Halo {name}, promo: ${PROMO}. Bantuan (${HELP}). Berhenti: {optout}`;
const TARGETS = 6;
const numberOf = (i: number) => String(6287300000000 + i);
const SHORT = new RegExp(`${PUBLIC_URL}/l/([0-9a-z]+-[0-9a-z]+-[A-Za-z0-9_-]{12})`, 'g');
const OPT_OUT = new RegExp(`${PUBLIC_URL}/u/([0-9a-z]+-[0-9a-z]+-[A-Za-z0-9_-]{12})`);

async function blastApp(gatewayOptions: Partial<ConstructorParameters<typeof SandboxGateway>[0]> = {}) {
  const gateway = new SandboxGateway({
    seed: 3,
    timeScale: 0,
    failRate: 0,
    replyRate: 0,
    clickRate: 0,
    ...gatewayOptions,
  });
  const t = await startTestApp({ PUBLIC_URL: `${PUBLIC_URL}/` }, { gateway });
  opened.push(t);
  const member = await fastMember(t);
  await t.ctx.db
    .insert(phoneNumbers)
    .values(Array.from({ length: TARGETS }, (_, i) => ({ number: numberOf(i), name: `Target ${i}` })));
  const [template] = await t.ctx.db
    .insert(messageTemplates)
    .values({ text: `<p>${TEMPLATE}</p>`, textWa: TEMPLATE })
    .returning();
  const account = await connect(t, member, 'qr');
  return { t, gateway, member, account, template: template! };
}

async function blastOnce(t: TestApp, member: Caller, accountId: number) {
  const started = await t.call('POST', API.whatsappStart, {
    token: member.token,
    body: { whatsappClientId: accountId },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  await waitFor(async () => {
    const [row] = await t.ctx.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.id, accountId));
    return row!.status === 'idle';
  }, 'the blast to finish');
}

const open = (
  t: TestApp,
  method: 'GET' | 'HEAD' | 'POST',
  path: string,
  headers: Record<string, string> = {},
) => t.app.inject({ method, url: path, headers, remoteAddress: '2001:db8:ff::1' });

/** The short codes and the opt-out code in each message the network delivered, by recipient. */
function codesOf(gateway: SandboxGateway) {
  return new Map(
    gateway.delivered.map((sent) => [
      sent.to,
      {
        text: sent.text,
        links: [...sent.text.matchAll(SHORT)].map((match) => match[1]!),
        optOut: OPT_OUT.exec(sent.text)?.[1],
      },
    ]),
  );
}

const clickCount = async (t: TestApp) =>
  Number((await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from ${linkClicks}`))[0]!.n);

describe('rendering a template', () => {
  const links = createShortLinks(createTokenService('render-secret-render-secret-render'), PUBLIC_URL);

  it('replaces each address and {optout}, keeping the punctuation and markup around them', () => {
    const text = links.render('*Promo* (https://a.example/x?y=1), _https://b.example/_ {optout}!', 42);
    expect(urlsOf('*Promo* (https://a.example/x?y=1), _https://b.example/_')).toEqual([
      'https://a.example/x?y=1',
      'https://b.example/',
    ]);
    expect(text).toBe(
      `*Promo* (${PUBLIC_URL}/l/${links.code('click', 42, 0)}), _${PUBLIC_URL}/l/${links.code('click', 42, 1)}_ ` +
        `${PUBLIC_URL}/u/${links.code('optout', 42, 0)}!`,
    );
    expect(links.decode('click', links.code('click', 42, 1))).toEqual({ logId: 42, index: 1 });
    expect(links.decode('optout', links.code('click', 42, 0))).toBeNull();
    expect(links.render('Halo {name}', 42)).toBe('Halo {name}');
  });

  it('leaves an address in a recipient’s name alone: it is not one of the template’s links', () => {
    const text = fillTemplate(links.render('Halo {name}: https://a.example', 7), {
      name: 'http://evil.example',
      number: '6281200000000',
    });
    expect(text).toBe(`Halo http://evil.example: ${PUBLIC_URL}/l/${links.code('click', 7, 0)}`);
  });
});

describe('short links in blasts', () => {
  it('gives every recipient codes of their own, in place of each web address and {optout}', async () => {
    const { t, gateway, member, account } = await blastApp();
    await blastOnce(t, member, account.id);
    const codes = codesOf(gateway);
    expect(codes.size).toBe(TARGETS);
    const all = new Set<string>();
    for (const [to, { text, links, optOut }] of codes) {
      expect(links).toHaveLength(2);
      expect(optOut).toBeDefined();
      for (const code of [...links, optOut!]) all.add(code);
      // The template's addresses are gone; its punctuation and the recipient's name stay.
      expect(text).not.toContain('shop.example.com');
      expect(text).not.toContain('{optout}');
      expect(text).toContain(`Target ${Number(to.slice(-1))}`);
      expect(text).toMatch(/\. Bantuan \(https:\/\/go\.example\.id\/l\/\S+\)\. Berhenti: https:/);
    }
    expect(all.size).toBe(TARGETS * 3);
    // Sending wrote no row per link.
    expect(await clickCount(t)).toBe(0);
  });

  it('redirects a click to the template’s address and counts it once per recipient and link', async () => {
    const { t, gateway, member, account } = await blastApp();
    await blastOnce(t, member, account.id);
    const codes = [...codesOf(gateway).values()];
    const first = codes[0]!;
    for (let i = 0; i < 3; i += 1) {
      const answer = await open(t, 'GET', `/l/${first.links[0]}`);
      expect(answer.statusCode).toBe(302);
      expect(answer.headers.location).toBe(PROMO);
    }
    // A link checker's HEAD learns where it goes without counting a click.
    const checked = await open(t, 'HEAD', `/l/${codes[2]!.links[0]}`);
    expect(checked.statusCode).toBe(302);
    expect(checked.headers.location).toBe(PROMO);
    const help = await open(t, 'GET', `/l/${first.links[1]}`);
    expect(help.headers.location).toBe(HELP);
    expect((await open(t, 'GET', `/l/${codes[1]!.links[0]}`)).headers.location).toBe(PROMO);
    expect(await clickCount(t)).toBe(3);

    const funnel = await t.call<FunnelAnswer>('GET', `${API.funnel(member.id)}?by=template`, {
      token: member.token,
    });
    expect(funnel.status, JSON.stringify(funnel.body)).toBe(200);
    expect(funnel.body.total).toMatchObject({ queued: TARGETS, sent: TARGETS, clicked: 2 });
    expect(funnel.body.groups[0]!.clicked).toBe(2);
    const byDay = await t.call<FunnelAnswer>('GET', `${API.funnel(member.id)}?by=day`, {
      token: member.token,
    });
    expect(byDay.body.groups[0]!.clicked).toBe(2);
    const byAccount = await t.call<FunnelAnswer>('GET', `${API.funnel(member.id)}?by=account`, {
      token: member.token,
    });
    expect(byAccount.body.groups[0]).toMatchObject({ key: String(account.id), clicked: 2 });
  });

  it('answers a forged or altered code with a plain 404 and counts nothing', async () => {
    const { t, gateway, member, account } = await blastApp();
    await blastOnce(t, member, account.id);
    const [code] = [...codesOf(gateway).values()][0]!.links;
    const [logId, index] = code!.split('-');
    const signature = code!.slice(-12);
    const otherKey = createShortLinks(createTokenService('another-secret-another-secret-1234'), PUBLIC_URL);
    const flipped = signature!.slice(0, -1) + (signature!.endsWith('A') ? 'B' : 'A');
    const forged = [
      `${logId}-${index}-${flipped}`,
      // Another message's log, or another link of the same message, under the same signature.
      `${(parseInt(logId!, 36) + 1).toString(36)}-${index}-${signature}`,
      `${logId}-5-${signature}`,
      otherKey.code('click', parseInt(logId!, 36), 0),
      // An opt-out code is not a click code.
      [...codesOf(gateway).values()][0]!.optOut!,
      'nonsense',
      `0${code}`,
    ];
    for (const bad of forged) {
      const answer = await open(t, 'GET', `/l/${bad}`);
      expect(answer.statusCode, bad).toBe(404);
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
      expect(answer.headers.location).toBeUndefined();
      expect(answer.body).toContain('Tautan ini tidak dikenal');
    }
    expect((await open(t, 'GET', `/l/nonsense`, { 'accept-language': 'en' })).body).toContain(
      'This link is unknown',
    );
    expect(await clickCount(t)).toBe(0);
  });

  it('a link of a template without that many addresses goes nowhere', async () => {
    const { t, member, account, template } = await blastApp();
    await blastOnce(t, member, account.id);
    const [log] = await t.ctx.db.select().from(messageLogs).limit(1);
    // Signed by this server, but the template has two addresses: index 2 is nobody's.
    const code = t.ctx.links.code('click', log!.id, 2);
    expect((await open(t, 'GET', `/l/${code}`)).statusCode).toBe(404);
    // The template changed since: the redirect follows what it says now, never the request.
    await t.ctx.db
      .update(messageTemplates)
      .set({ textWa: 'Tanpa tautan' })
      .where(eq(messageTemplates.id, template.id));
    expect((await open(t, 'GET', `/l/${t.ctx.links.code('click', log!.id, 0)}`)).statusCode).toBe(404);
    expect(await clickCount(t)).toBe(0);
  });
});

describe('the opt-out page', () => {
  it('shows the masked number and suppresses nothing on GET; POST suppresses at once, once, and the next blast skips it', async () => {
    const { t, gateway, member, account } = await blastApp();
    await blastOnce(t, member, account.id);
    const [to, { optOut }] = [...codesOf(gateway).entries()][0]!;

    const page = await open(t, 'GET', `/u/${optOut}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Berhenti menerima pesan');
    expect(page.body).toContain(`${to.slice(0, 4)}••••••${to.slice(-3)}`);
    expect(page.body).not.toContain(to);
    expect(page.body).toContain('<form method="post">');
    const english = await open(t, 'GET', `/u/${optOut}`, { 'accept-language': 'en-US,en;q=0.9' });
    expect(english.body).toContain('Stop receiving messages');
    expect(await t.ctx.db.select().from(suppressions)).toHaveLength(0);

    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    for (let i = 0; i < 2; i += 1) {
      const done = await open(t, 'POST', `/u/${optOut}`, form);
      expect(done.statusCode).toBe(200);
      expect(done.body).toContain('tidak akan menerima pesan lagi');
    }
    const listed = await t.ctx.db.select().from(suppressions);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ number: to, reason: 'link' });
    const [log] = await t.ctx.db.select().from(messageLogs).where(eq(messageLogs.target, to));
    expect(log!.optedOutAt).not.toBeNull();
    // A page of another site cannot press the button for the recipient.
    const crossSite = await open(t, 'POST', `/u/${optOut}`, { ...form, origin: 'https://evil.example' });
    expect(crossSite.statusCode).toBe(403);
    expect((await open(t, 'POST', `/u/${optOut!.slice(0, -1)}x`, form)).statusCode).toBe(404);

    // Everyone else is sent again; the recipient who opted out is not.
    await t.ctx.db.update(phoneNumbers).set({ lastSent: null });
    const before = gateway.delivered.length;
    await blastOnce(t, member, account.id);
    const again = gateway.delivered.slice(before).map((sent) => sent.to);
    expect(again).toHaveLength(TARGETS - 1);
    expect(again).not.toContain(to);
  });

  it('answers too many wrong codes from one address with 429', async () => {
    const { t } = await blastApp();
    let status = 0;
    for (let i = 0; i < 31; i += 1) status = (await open(t, 'GET', `/u/${i}-0-AAAAAAAAAAAA`)).statusCode;
    expect(status).toBe(429);
  });
});

describe('sandbox recipients', () => {
  it('open the short links of messages they read, recorded as a redirect records them', async () => {
    const { t, gateway, member, account } = await blastApp({ clickRate: 0.5, readRate: 1, ackLossRate: 0 });
    const clickedUrls = new Set<string>();
    gateway.on((event) => {
      if (event.type === 'link.click') clickedUrls.add(event.url);
    });
    await blastOnce(t, member, account.id);
    await waitFor(() => gateway.pendingAnswers === 0, 'every recipient to act');
    await t.ctx.delivery.flush();
    const clicked = await clickCount(t);
    expect(clicked).toBeGreaterThan(0);
    expect(clicked).toBeLessThan(TARGETS);
    // Each click the network told of is one message's first link, written as the redirect writes it.
    expect(clicked).toBe(clickedUrls.size);
    const rows = await t.ctx.db.select().from(linkClicks);
    expect(rows.every((row) => row.linkIndex === 0)).toBe(true);
    const funnel = await t.call<FunnelAnswer>('GET', `${API.funnel(member.id)}?by=day`, {
      token: member.token,
    });
    expect(funnel.body.total).toMatchObject({ read: TARGETS, clicked });
  });
});

describe('the funnel of one template', () => {
  it("counts only that template's replies and clicks, of the asker's own sends unless an operator asks", async () => {
    const gateway = new SandboxGateway({
      seed: 11,
      timeScale: 0,
      failRate: 0,
      replyRate: 0,
      readRate: 1,
      ackLossRate: 0,
      clickRate: 0.5,
      conversationRate: 0.5,
    });
    const t = await startTestApp({ PUBLIC_URL: `${PUBLIC_URL}/` }, { gateway });
    opened.push(t);
    const admin = await t.createUser('admin');
    const member = await fastMember(t);
    const other = await fastMember(t);
    const templates = await t.ctx.db
      .insert(messageTemplates)
      .values(
        [`Halo {name}, promo: ${PROMO}`, `Hai {name}, bantuan: ${HELP}`].map((text) => ({
          text: `<p>${text}</p>`,
          textWa: text,
        })),
      )
      .returning();
    const [first, second] = templates.map((template) => template.id) as [number, number];
    // Each member blasts numbers of their own, both templates in rotation.
    const PER_MEMBER = 20;
    for (const [index, caller] of [member, other].entries()) {
      await t.ctx.db.insert(phoneNumbers).values(
        Array.from({ length: PER_MEMBER }, (_, i) => ({
          number: numberOf(100 * (index + 1) + i),
          name: `Target ${index}-${i}`,
        })),
      );
      const account = await connect(t, caller, 'qr');
      await blastOnce(t, caller, account.id);
    }
    await waitFor(() => gateway.pendingAnswers === 0, 'every recipient to act');
    await t.ctx.delivery.flush();
    await t.ctx.inbox.flush();

    // What the logs say each owner's template was sent, answered and clicked.
    const logs = await t.ctx.db.select().from(messageLogs);
    const clickedLogs = new Set((await t.ctx.db.select().from(linkClicks)).map((row) => row.messageLogId));
    const truth = (templateId: number, userId?: number) => {
      const rows = logs.filter(
        (row) => row.templateId === templateId && (userId === undefined || row.userId === userId),
      );
      return {
        queued: rows.length,
        replied: rows.filter((row) => row.repliedAt !== null).length,
        clicked: rows.filter((row) => clickedLogs.has(row.id)).length,
      };
    };
    // Both owners sent both templates, and each got replies and clicks: the filter has something to leave out.
    for (const userId of [member.id, other.id])
      for (const templateId of [first, second]) {
        const counts = truth(templateId, userId);
        expect(counts.queued, `user ${userId} template ${templateId}`).toBeGreaterThan(0);
        expect(counts.replied + counts.clicked, `user ${userId} template ${templateId}`).toBeGreaterThan(0);
      }

    const funnel = async (userId: number | 'all', query: string, token: string) => {
      const answer = await t.call<FunnelAnswer>('GET', `${API.funnel(userId)}?${query}`, { token });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body;
    };
    for (const templateId of [first, second]) {
      const own = await funnel(member.id, `by=day&template_id=${templateId}`, member.token);
      expect(own.total).toMatchObject(truth(templateId, member.id));
      // Each day's counts add up to the total: the chart's days are the same filtered sends.
      expect(own.groups.reduce((sum, day) => sum + day.replied, 0)).toBe(own.total.replied);
      expect(own.groups.reduce((sum, day) => sum + day.clicked, 0)).toBe(own.total.clicked);
      const everyone = await funnel('all', `by=day&template_id=${templateId}`, admin.token);
      expect(everyone.total).toMatchObject(truth(templateId));
    }
    // The filter composes with the grouping: by template, only the chosen one is left.
    const byTemplate = await funnel(member.id, `by=template&template_id=${first}`, member.token);
    expect(byTemplate.groups.map((group) => group.key)).toEqual([String(first)]);
    // Unfiltered, the same member's counts are both templates' together.
    const both = await funnel(member.id, 'by=day', member.token);
    expect(both.total.replied).toBe(truth(first, member.id).replied + truth(second, member.id).replied);
    expect(both.total.clicked).toBe(truth(first, member.id).clicked + truth(second, member.id).clicked);

    // Another member's counts of the same (shared) template stay theirs.
    expect(
      (await t.call('GET', `${API.funnel(other.id)}?by=day&template_id=${first}`, { token: member.token }))
        .status,
    ).toBe(403);
    expect(
      (await t.call('GET', `${API.funnel('all')}?by=day&template_id=${first}`, { token: member.token }))
        .status,
    ).toBe(403);
    // A template id that is no number is ignored, as the account filter's is.
    const ignored = await funnel(member.id, 'by=day&template_id=abc', member.token);
    expect(ignored.total).toEqual(both.total);
  });
});
