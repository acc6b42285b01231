import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { API, MESSAGE_TEXT as MSG, STATS_TEXT } from '@blaster/contract';
import type { Page } from 'playwright-core';
import { test } from '../support/fixtures';
import { changeSettings } from '../support/seed';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createUser, signIn, type Stack } from '../support/stack';

let stack: Stack;
test.beforeAll(({ stack: shared }) => {
  stack = shared;
});

const login = async (email: string, password: string) =>
  (await stack.api<{ token: string }>('POST', API.login, { email, password })).data.token;

const NON_ZERO_SUCCESS_BAR = 'svg [data-series="success"]:not([data-value="0"])';

/** The sum of a chart's bars of one series, read from the bars' data attributes. */
const barTotal = (page: Page, testId: string, series: string) =>
  page
    .getByTestId(testId)
    .locator(`svg [data-series="${series}"]`)
    .evaluateAll((bars) => bars.reduce((sum, bar) => sum + Number(bar.getAttribute('data-value')), 0));

test('a member blasts in the sandbox and the sends chart shows it; the chart library loads only with a chart', async () => {
  const adminToken = await login(ADMIN_EMAIL, ADMIN_PASSWORD);
  await changeSettings(stack, adminToken, { interval_min: 1, interval_max: 2 });
  const dev = await createUser(stack, 'dev', 'Dewa');
  await stack.api('POST', API.sandboxDemoData, { count: 30 }, await login(dev.email, dev.password));

  const member = await createUser(stack, 'member', 'Grafik');
  const { page } = await stack.newPage();
  const chartModules: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/StatsChart-[^/]+\.js$/.test(request.url())) chartModules.push(request.url());
  });
  await signIn(page, member.email, member.password);
  // A new member has nothing to chart yet: the empty state, and no chart library fetched.
  const sends = page.getByTestId('chart-daily-sends');
  await sends.and(page.locator('[data-state="empty"]')).waitFor();
  assert.match(await sends.innerText(), new RegExp(STATS_TEXT.empty));
  assert.deepEqual(chartModules, [], 'the sign-in page and an empty dashboard load no chart code');

  // Connect a chat account and blast a little.
  await page.goto('/whatsapp');
  await page.getByRole('link', { name: MSG.add }).click();
  await page.getByRole('button', { name: MSG.generateQr }).click();
  await page.getByTestId('qr-code').locator('svg').waitFor();
  await page.getByRole('button', { name: MSG.sandboxScanQr }).click();
  await page.waitForURL((url) => url.pathname === '/whatsapp');
  const row = page.getByRole('table', { name: MSG.whatsappTitleMember }).locator('tbody tr').first();
  await row.getByRole('button', { name: MSG.startBlast }).click();
  await row.getByRole('button', { name: MSG.stopBlast }).waitFor();
  await page.waitForFunction(
    () => Number(document.querySelector('[data-testid^="success-"]')?.textContent) >= 3,
  );
  // Stopped through the API: the row's buttons redraw with every send at this pace.
  const memberToken = await login(member.email, member.password);
  const accounts = await stack.api<{ data: { id: number }[] }>(
    'GET',
    `${API.whatsappPerPage}?page=1`,
    undefined,
    memberToken,
  );
  await stack.api('POST', API.whatsappStop, { whatsappClientId: accounts.data.data[0]!.id }, memberToken);

  // The dashboard's bars hold the successful sends; income is charted too.
  await page.goto('/');
  await sends.and(page.locator('[data-state="ready"]')).waitFor();
  await sends.locator(NON_ZERO_SUCCESS_BAR).first().waitFor();
  const successes = await barTotal(page, 'chart-daily-sends', 'success');
  assert.ok(successes >= 3, `the sends chart shows ${successes} successful sends`);
  assert.ok((await barTotal(page, 'chart-daily-income', 'blastIncome')) > 0, 'the income chart shows money');
  assert.equal(chartModules.length, 1, 'the chart code loads once, with the first chart');

  // The operator sees the same sends in the platform's hourly chart and the account in the top list.
  const admin = await stack.newPage();
  await signIn(admin.page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await admin.page.getByTestId('chart-hourly-sends').locator(NON_ZERO_SUCCESS_BAR).first().waitFor();
  assert.ok((await barTotal(admin.page, 'chart-hourly-sends', 'success')) >= successes);
  await admin.page.getByTestId('chart-top-accounts').locator(NON_ZERO_SUCCESS_BAR).first().waitFor();
  assert.ok((await barTotal(admin.page, 'chart-top-accounts', 'success')) >= successes);
});

/** Gzipped JS the sign-in page loads: the scripts index.html names and everything they import. */
const INITIAL_ROUTE_BUDGET_KB = 120;
/**
 * Gzipped JS of a dashboard before any chart has data: the sign-in page's, the shell's and the
 * dashboard's chunks with what they import, and the chunks the dashboard loads as it first draws.
 */
const DASHBOARD_BUDGET_KB = 200;
/** The same with the chart code, which comes with the first chart that has data. */
const CHARTED_DASHBOARD_BUDGET_KB = 250;
/** Chunks the dashboard loads itself as it first draws (its dialogs and palette wait to be opened). */
const FIRST_DRAW_CHUNK = /^assets\/(?:FunnelPanel|StatsChart|ColourCharts)-/;
const CHART_CHUNK = /^assets\/(?:StatsChart|ColourCharts)-/;

const DIST = resolve(import.meta.dirname, '../../apps/web/dist');
const STATIC_IMPORT = /\bimport\s*(?:[\w$\s{},*]*?\bfrom\s*)?["'`]\.\/([\w.-]+\.js)["'`]/g;
const DYNAMIC_IMPORT = /\bimport\(\s*["'`]\.\/([\w.-]+\.js)["'`]\s*\)/g;

const builtFile = (file: string) => readFileSync(join(DIST, file), 'utf8');
const importsOf = (file: string, pattern: RegExp) =>
  [...builtFile(file).matchAll(pattern)].map((match) => `assets/${match[1]!}`);
const chunkNamed = (name: string) => {
  const file = readdirSync(join(DIST, 'assets')).find((f) => f.startsWith(`${name}-`) && f.endsWith('.js'));
  assert.ok(file, `the build has a ${name} chunk`);
  return `assets/${file}`;
};
/** The files and every chunk they import statically, as the browser fetches them. */
function withStaticImports(files: Iterable<string>) {
  const found = new Set<string>();
  const visit = (file: string) => {
    if (found.has(file)) return;
    found.add(file);
    importsOf(file, STATIC_IMPORT).forEach(visit);
  };
  [...files].forEach(visit);
  return found;
}
const gzipKb = (files: Iterable<string>) =>
  [...files].reduce((sum, file) => sum + gzipSync(readFileSync(join(DIST, file))).length, 0) / 1024;

// Read from the build the e2e run makes first, not from a browser: the figures do not depend on the data.
test('the sign-in page and the dashboards stay within their size budgets', () => {
  const html = builtFile('index.html');
  const entry = [...html.matchAll(/<script[^>]*\bsrc="\/([^"]+\.js)"/g)].map((match) => match[1]!);
  const initial = withStaticImports(entry);
  const dashboard = withStaticImports([...initial, chunkNamed('PanelShell'), chunkNamed('DashboardPage')]);
  // Screens the router loads on demand are not the dashboard's: only the chunks its own code loads.
  const loadedLater = [...dashboard]
    .filter((file) => !initial.has(file))
    .flatMap((file) => importsOf(file, DYNAMIC_IMPORT))
    .filter((file) => FIRST_DRAW_CHUNK.test(file));
  const firstDraw = withStaticImports([...dashboard, ...loadedLater.filter((f) => !CHART_CHUNK.test(f))]);
  const charted = withStaticImports([...dashboard, ...loadedLater]);
  const sizes = { initial: gzipKb(initial), dashboard: gzipKb(firstDraw), charted: gzipKb(charted) };
  const report = JSON.stringify(sizes, (_key, value: unknown) =>
    typeof value === 'number' ? Math.round(value * 10) / 10 : value,
  );
  assert.ok(sizes.initial <= INITIAL_ROUTE_BUDGET_KB, `sign-in page over budget, KB gzipped: ${report}`);
  assert.ok(sizes.dashboard <= DASHBOARD_BUDGET_KB, `dashboard over budget, KB gzipped: ${report}`);
  assert.ok(sizes.charted <= CHARTED_DASHBOARD_BUDGET_KB, `charted dashboard over budget: ${report}`);
  assert.ok(
    loadedLater.some((file) => CHART_CHUNK.test(file)),
    'the dashboard loads its charts lazily',
  );
});
