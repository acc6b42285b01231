import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API, MESSAGE_TEXT as MSG, UI_PANEL, interpolate, type TemplateRow } from '@blaster/contract';
import type { Page } from 'playwright-core';
// What the sandbox's recipients write when they answer in words.
import { SANDBOX_REPLY_TEXTS } from '../../apps/api/src/gateway/sandbox';
import { test } from '../support/fixtures';
import { createUser, signIn, until, type Stack } from '../support/stack';

/**
 * The sandbox network's record of every message it delivered: what each recipient's phone shows. The
 * panel shows no member the blast's sent text, so the personalisation is read here. The path is fixed
 * per worktree, so every load of this file in a run gives the server the same one.
 */
const JOURNAL_DIR = join(
  tmpdir(),
  `blaster-e2e-audiences-${createHash('sha1')
    .update(import.meta.dirname)
    .digest('hex')
    .slice(0, 12)}`,
);
const JOURNAL = join(JOURNAL_DIR, 'delivered.jsonl');

// Time runs at once where pacing is not the subject; nothing fails, no acknowledgement is lost, and
// no recipient answers STOP or in words unless a template is set to draw answers below.
test.use({
  serverEnv: {
    SANDBOX_TIME_SCALE: '0',
    SANDBOX_FAIL_RATE: '0',
    SANDBOX_ACK_LOSS_RATE: '0',
    SANDBOX_REPLY_RATE: '0',
    SANDBOX_CONVERSATION_RATE: '0',
    SANDBOX_JOURNAL: JOURNAL,
  },
});

let stack: Stack;
test.beforeAll(({ stack: shared }) => {
  mkdirSync(JOURNAL_DIR, { recursive: true });
  // Nothing was sent yet on this run's server: an older run's deliveries go.
  rmSync(JOURNAL, { force: true });
  stack = shared;
});

const login = async (email: string, password: string) =>
  (await stack.api<{ token: string }>('POST', API.login, { email, password })).data.token;

/** Twelve customers, seven of them in Bandung. */
const CUSTOMERS = [
  ['6281277100001', 'Ani', 'Bandung'],
  ['6281277100002', 'Budi', 'Surabaya'],
  ['6281277100003', 'Citra', 'Bandung'],
  ['6281277100004', 'Dedi', 'Bandung'],
  ['6281277100005', 'Eka', 'Surabaya'],
  ['6281277100006', 'Fajar', 'Bandung'],
  ['6281277100007', 'Gita', 'Surabaya'],
  ['6281277100008', 'Hadi', 'Bandung'],
  ['6281277100009', 'Intan', 'Surabaya'],
  ['6281277100010', 'Joko', 'Bandung'],
  ['6281277100011', 'Kartika', 'Surabaya'],
  ['6281277100012', 'Lina', 'Bandung'],
] as const;
const BANDUNG = CUSTOMERS.filter(([, , city]) => city === 'Bandung');
const SAMPLE = 2;

const PLAIN = 'Halo {{name}}, promo kota {{city|kamu}} minggu ini';
const PERSONAL = 'Hai {{name}}, diskon spesial warga {{city|kita}} hari ini';

/** Writes a caption in the template editor and saves it; the form goes back to the list. */
async function writeTemplate(page: Page, caption: string) {
  await page.goto('/message/create');
  const editor = page.getByRole('textbox', { name: UI_PANEL['template.caption'] });
  await editor.click();
  await page.waitForFunction(
    (label) => document.activeElement?.getAttribute('aria-label') === label,
    UI_PANEL['template.caption'],
  );
  await page.keyboard.type(caption);
  await page.getByTestId('caption-preview').getByText(caption, { exact: true }).waitFor();
  await page.getByRole('button', { name: MSG.save, exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/message/create');
}

/** The operator's part: the numbers, the segment and two templates, written in the panel. */
async function prepareAudience(dev: { email: string; password: string }) {
  const { context, page } = await stack.newPage();
  await signIn(page, dev.email, dev.password);

  // The import: a CSV whose third column becomes every number's `city` field.
  await page.goto('/phonenumber/create');
  const csv = ['number,name,city', ...CUSTOMERS.map((row) => row.join(','))].join('\n');
  await page.locator('#phone-file').setInputFiles({
    name: 'pelanggan.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await page.getByRole('button', { name: UI_PANEL['common.upload'], exact: true }).click();
  await page.getByText(MSG.importDone(CUSTOMERS.length)).waitFor();

  // The segment: city = Bandung, its live count before it is saved, and again in the list.
  await page.goto('/segments');
  await page.getByRole('button', { name: UI_PANEL['segments.new'] }).first().click();
  const builder = page.getByRole('form', { name: UI_PANEL['segments.new'] });
  await builder.getByLabel(UI_PANEL['segments.name']).fill('Pelanggan Bandung');
  await builder.getByRole('button', { name: UI_PANEL['segments.addField'] }).click();
  await builder.getByLabel(UI_PANEL['segments.fieldKey'], { exact: true }).selectOption('city');
  await builder.getByLabel(UI_PANEL['segments.fieldValue'], { exact: true }).fill('Bandung');
  const bandungCount = interpolate(UI_PANEL['segments.count'], {
    claimable: BANDUNG.length,
    total: BANDUNG.length,
  });
  await builder.getByRole('status').getByText(bandungCount, { exact: true }).waitFor();
  await builder.getByRole('button', { name: UI_PANEL['segments.save'] }).click();
  const saved = page.getByRole('listitem').filter({ hasText: 'Pelanggan Bandung' });
  await saved.getByText('city = Bandung').waitFor();
  await saved.getByText(bandungCount, { exact: true }).waitFor();

  await writeTemplate(page, PLAIN);
  await writeTemplate(page, PERSONAL);
  await context.close();
}

test('an audience imported with a city is segmented, A/B tested with personalised templates, and its replies answered in the inbox', async () => {
  const dev = await createUser(stack, 'dev', 'Dimas');
  await prepareAudience(dev);

  // The templates wait for review; staff approves both on the review screen.
  const devToken = await login(dev.email, dev.password);
  const templates = (await stack.api<{ list: TemplateRow[] }>('GET', API.messageList, undefined, devToken))
    .data.list;
  const templateOf = (fragment: string) => templates.find((row) => row.text.includes(fragment))!;
  const plain = templateOf('promo kota');
  const personal = templateOf('diskon spesial');
  assert.equal(plain.review_state, 'pending');
  assert.equal(personal.review_state, 'pending');
  const staff = await createUser(stack, 'staff', 'Sinta');
  const reviewer = await stack.newPage();
  await signIn(reviewer.page, staff.email, staff.password);
  await reviewer.page.goto('/message/review');
  for (const template of [plain, personal]) {
    const actions = reviewer.page.locator(`[data-review-actions="${template.id}"]`);
    await actions.getByRole('button', { name: UI_PANEL['template.approve'] }).click();
    await actions.waitFor({ state: 'detached' });
  }
  await reviewer.context.close();

  // The network's recipients read both and answer only the "diskon spesial" message (the dev's
  // sandbox controls, which have no screen): the test has a winner it can know.
  for (const [fragment, conversationRate] of [
    ['promo kota', 0],
    ['diskon spesial', 1],
  ] as const)
    assert.equal(
      (
        await stack.api(
          'POST',
          API.sandboxNetwork,
          { template: fragment, engagement: { readRate: 1, conversationRate } },
          devToken,
        )
      ).status,
      200,
    );

  // The member connects a sandbox chat account.
  const member = await createUser(stack, 'member', 'Wulan');
  const { context, page } = await stack.newPage();
  await signIn(page, member.email, member.password);
  await page.goto('/whatsapp');
  await page.getByRole('link', { name: MSG.add }).click();
  await page.getByRole('button', { name: MSG.generateQr }).click();
  await page.getByTestId('qr-code').locator('svg').waitFor();
  await page.getByRole('button', { name: MSG.sandboxScanQr }).click();
  await page.waitForURL((url) => url.pathname === '/whatsapp');

  // ...and starts an A/B test of the two templates on the Bandung segment.
  await page.goto('/abtests');
  await page.getByRole('button', { name: UI_PANEL['abtests.new'] }).first().click();
  const form = page.getByRole('form', { name: UI_PANEL['abtests.new'] });
  await form.getByLabel(UI_PANEL['abtests.account']).locator('option').nth(1).waitFor({ state: 'attached' });
  await form.getByLabel(UI_PANEL['abtests.account']).selectOption({ index: 1 });
  await form.getByLabel(UI_PANEL['segments.audience']).selectOption({ label: 'Pelanggan Bandung' });
  await form.getByRole('checkbox', { name: new RegExp(`^#${plain.id} `) }).check();
  await form.getByRole('checkbox', { name: new RegExp(`^#${personal.id} `) }).check();
  await form.getByLabel(UI_PANEL['abtests.sampleSize']).fill(String(SAMPLE));
  await form.getByLabel(UI_PANEL['abtests.waitMinutes']).fill('1');
  await form.getByRole('button', { name: UI_PANEL['abtests.start'] }).click();

  // Both samples go out, then the test waits for reactions: the personal one's sample all answered.
  const variantRow = (id: number) => page.getByRole('row', { name: new RegExp(`#${id} `) });
  const repliedOf = async (id: number) => Number(await variantRow(id).getByRole('cell').nth(2).innerText());
  await page.getByText(UI_PANEL['abtests.status.waiting'], { exact: true }).waitFor();
  await until(async () => (await repliedOf(personal.id)) === SAMPLE);
  assert.equal(await repliedOf(plain.id), 0);

  // The inbox, open beside it, already has the sample's answers.
  const inbox = await context.newPage();
  await inbox.goto('/inbox');
  const threads = inbox.getByTestId('inbox-threads').getByRole('listitem');
  await until(async () => (await threads.count()) === SAMPLE);
  await inbox.evaluate(() => Object.assign(window, { sameInboxPage: true }));

  // The wait passes on the network's clock (the dev's control); the winner goes to the rest.
  assert.equal((await stack.api('POST', API.sandboxNetwork, { advanceHours: 1 }, devToken)).status, 200);
  const winnerMark = interpolate(UI_PANEL['abtests.winnerMargin'], { points: 100 });
  await variantRow(personal.id).getByText(winnerMark).waitFor();
  assert.equal(await variantRow(plain.id).getByText(winnerMark).count(), 0);
  await page.getByText(UI_PANEL['abtests.status.finished'], { exact: true }).waitFor();

  // What each Bandung customer received was written for them; Surabaya received nothing.
  const delivered = readFileSync(JOURNAL, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { to: string; text: string });
  const answering: string[] = [];
  for (const [number, name, city] of CUSTOMERS) {
    const received = delivered.filter((message) => message.to === number).map((message) => message.text);
    if (city === 'Surabaya') {
      assert.deepEqual(received, [], `${number} is outside the segment`);
      continue;
    }
    const personalText = `Hai ${name}, diskon spesial warga ${city} hari ini`;
    assert.ok(
      received.length === 1 &&
        (received[0] === personalText || received[0] === `Halo ${name}, promo kota ${city} minggu ini`),
      `${number} received ${JSON.stringify(received)}`,
    );
    if (received[0] === personalText) answering.push(number);
  }
  // The personal template's sample, then the rest of the segment as the winner.
  assert.equal(answering.length, BANDUNG.length - SAMPLE);

  // Those who got it answer, and appear in the inbox live, without a reload.
  await until(async () => (await threads.count()) === answering.length);
  assert.equal(await inbox.evaluate(() => 'sameInboxPage' in window), true);
  const listed = await inbox.getByTestId('inbox-threads').innerText();
  for (const number of answering) assert.ok(listed.includes(number), `${number} has a thread`);
  assert.ok(
    SANDBOX_REPLY_TEXTS.some((reply) => listed.includes(reply)),
    'the list shows what customers wrote',
  );

  // The member opens one thread, reads the answer to the winner, and replies.
  await threads.first().getByRole('button').click();
  const thread = inbox.getByTestId('inbox-thread');
  const incoming = thread.locator('[data-direction="in"]').first();
  await incoming.getByText(interpolate(UI_PANEL['inbox.answered'], { template: personal.id })).waitFor();
  const written = await incoming.locator('p').first().innerText();
  assert.ok((SANDBOX_REPLY_TEXTS as readonly string[]).includes(written), written);
  const answer = 'Halo kak, promonya berlaku sampai Minggu.';
  await thread.getByLabel(UI_PANEL['inbox.replyLabel']).fill(answer);
  await thread.getByRole('button', { name: UI_PANEL['inbox.send'], exact: true }).click();
  await thread.locator('[data-direction="out"]').getByText(answer).waitFor();
  await context.close();
});

test.afterAll(() => {
  rmSync(JOURNAL_DIR, { recursive: true, force: true });
});
