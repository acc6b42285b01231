import assert from 'node:assert/strict';
import {
  API,
  CATALOGS,
  EN_CATALOG,
  ID_CATALOG,
  MESSAGE_TEXT as MSG,
  PANEL_ROUTES,
  STORAGE_LANGUAGE,
  STORAGE_THEME,
  canOpen,
  sidebarMenu,
  type Role,
} from '@blaster/contract';
import type { Page } from 'playwright-core';
import { axeFindings, type Theme } from '../support/axe';
import { test } from '../support/fixtures';
import { seedLists } from '../support/seed';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createUser, signIn, type Stack } from '../support/stack';
import { addData, findings, type Screen, type Shown } from '../support/wording';

let stack: Stack;
test.beforeAll(({ stack: shared }) => {
  stack = shared;
});

const menuNames = async (page: Page) =>
  (await page.locator('aside nav a').allInnerTexts()).map((text) => text.trim()).filter(Boolean);
const pageTitle = (page: Page) => page.locator('main h1, h1').first();

test("the header's language switch changes the menu and the title at once, and stays after a reload", async () => {
  const { context, page } = await stack.newPage();
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.getByText(MSG.dashboardAdmin).first().waitFor();
  const specMenu = sidebarMenu('admin').map((item) => item.name);
  assert.deepEqual(await menuNames(page), specMenu);

  await page.goto('/member');
  await pageTitle(page).filter({ hasText: MSG.memberListTitle }).waitFor();

  await page.getByTestId('language-switch').selectOption('en');
  await pageTitle(page).filter({ hasText: EN_CATALOG.memberListTitle }).waitFor();
  assert.deepEqual(
    await menuNames(page),
    sidebarMenu('admin').map((item) => EN_CATALOG[item.key]),
  );
  assert.equal(await page.locator('html').getAttribute('lang'), 'en');
  assert.equal(await page.evaluate((key) => localStorage.getItem(key), STORAGE_LANGUAGE), 'en');

  await page.reload();
  await pageTitle(page).filter({ hasText: EN_CATALOG.memberListTitle }).waitFor();
  assert.deepEqual(
    await menuNames(page),
    sidebarMenu('admin').map((item) => EN_CATALOG[item.key]),
  );
  assert.equal(await page.getByTestId('language-switch').inputValue(), 'en');

  await page.getByTestId('language-switch').selectOption('id');
  await page.locator('aside nav a').filter({ hasText: ID_CATALOG['menu.phoneNumbers'] }).waitFor();
  assert.equal(await page.locator('html').getAttribute('lang'), 'id');

  await page.getByTestId('language-switch').selectOption('default');
  await pageTitle(page).filter({ hasText: MSG.memberListTitle }).waitFor();
  assert.deepEqual(await menuNames(page), specMenu);
  await context.close();
});

test.describe("the server's error in the chosen language", () => {
  test("the server's error follows the chosen language", async () => {
    const { context, page } = await stack.newPage();
    await page.goto('/signin');
    await page.getByTestId('language-switch').selectOption('en');
    // The switch renders the screen again from the top (clearing a half-typed form) once the catalog
    // has arrived. The sign-in page's own wording is English already, so its texts cannot tell; the
    // page's lang attribute changes with the texts: the form is typed after it.
    await page.locator('html[lang="en"]').waitFor({ state: 'attached' });
    await page.locator('input[name="email"]').fill(ADMIN_EMAIL);
    await page.locator('input[name="password"]').fill('not-the-password');
    // The server's answer is read first: when the error shown is not the English one, the failure
    // says what the server answered instead of waiting for a text that never comes.
    const answered = page.waitForResponse(
      (response) => response.url().endsWith(API.login) && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: EN_CATALOG.signInButton }).click();
    const answer = await answered;
    assert.deepEqual(
      { status: answer.status(), msg: ((await answer.json()) as { msg?: string }).msg },
      { status: 400, msg: EN_CATALOG.invalidCredentials },
    );
    await page.getByText(EN_CATALOG.invalidCredentials).waitFor();
    await context.close();
  });
});

interface Person {
  email: string;
  password: string;
}

/**
 * A row in every list a screen shows (seedLists', a staff member, a suppressed number and a segment),
 * and the query each screen that opens one record is opened with.
 */
async function seed() {
  const { admin, member, dev, memberAccount, adminAccount } = await seedLists(stack);
  const staff = await createUser(stack, 'staff', 'Sinta');
  await stack.api('POST', API.suppressionCreate, { number: '6281299990001' }, admin.token);
  // A saved segment: its page shows it in the list and in the sizes chart.
  const segment = await stack.api('POST', API.segmentCreate, { name: 'VIP', filter: {} }, admin.token);
  assert.equal(segment.status, 200, JSON.stringify(segment.data));
  const first = async (path: string) =>
    (await stack.api<{ list: { id: number }[] }>('GET', path, undefined, admin.token)).data.list[0]!.id;
  const [phone, template, proxy, level] = await Promise.all(
    [API.phoneList, API.messageList, API.proxyList, API.levelList].map(first),
  );
  const queries: Record<string, (role: Role) => string> = {
    '/member/edit': () => `?id=${member.id}`,
    '/phonenumber/edit': () => `?id=${phone}`,
    '/message/edit': () => `?id=${template}`,
    '/proxy/edit': () => `?id=${proxy}`,
    '/level/edit': () => `?id=${level}`,
    '/whatsapp/health': (role) => `?id=${role === 'member' ? memberAccount : adminAccount}`,
  };
  const people: Record<Role, Person> = {
    admin: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    member,
    dev,
    staff,
  };
  return { people, queries };
}

/** Nothing on the screen is loading: no list busy, no spinner or skeleton, no loading text. */
const quiet = (loading: string) =>
  !document.querySelector('[aria-busy="true"], main .animate-spin, main .animate-pulse') &&
  !Array.from(document.querySelectorAll('main p')).some((p) => p.textContent === loading);

/**
 * Waits until the screen has nothing more to show: no request of the page in flight and nothing
 * loading, still so two frames later (a screen starts its requests as it renders). It waits as long
 * as that takes: pages share a busy machine here, and only the test's own limit ends a hang.
 */
async function settle(page: Page, inFlight: { count: number; idle: () => Promise<void> }, loading: string) {
  for (;;) {
    await inFlight.idle();
    await page.waitForFunction(quiet, loading, { timeout: 0 });
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    if (inFlight.count === 0 && (await page.evaluate(quiet, loading))) return;
  }
}

/** Counts the page's requests in flight, and tells when there are none. */
function trackRequests(page: Page) {
  let waiting: (() => void)[] = [];
  const state = {
    count: 0,
    idle: () => (state.count === 0 ? Promise.resolve() : new Promise<void>((done) => waiting.push(done))),
  };
  const finished = () => {
    state.count -= 1;
    if (state.count > 0) return;
    waiting.forEach((done) => done());
    waiting = [];
  };
  page.on('request', () => (state.count += 1));
  page.on('requestfinished', finished);
  page.on('requestfailed', finished);
  return state;
}

/**
 * The texts a screen shows: its text, and the placeholders, labels and titles of what is visible.
 * What is marked translate="no" (a monitor's raw events) is no language's text and is left out.
 */
const visibleTexts = (page: Page) =>
  page.evaluate(() => {
    const hide = document.head.appendChild(document.createElement('style'));
    hide.textContent = '[translate="no"] { display: none !important; }';
    const shown = document.body.innerText.split('\n').map((line) => line.trim());
    hide.remove();
    for (const element of Array.from(document.querySelectorAll('[placeholder], [aria-label], [title]'))) {
      if (!element.checkVisibility()) continue;
      for (const name of ['placeholder', 'aria-label', 'title'])
        shown.push(element.getAttribute(name)?.trim() ?? '');
    }
    return shown.filter(Boolean);
  });

/** Opens a screen without reloading the panel, as its own links do, and waits for its title. */
async function open(page: Page, path: string) {
  await page.evaluate((path) => {
    document.querySelectorAll('h1').forEach((heading) => heading.setAttribute('data-left', ''));
    window.history.pushState(null, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.locator('h1:not([data-left])').first().waitFor();
}

/** Signs in on the sign-in screen as it reads in the chosen language. */
async function signInAs(page: Page, person: Person, language: Shown) {
  await page.locator('input[name="email"]').fill(person.email);
  await page.locator('input[name="password"]').fill(person.password);
  await page.getByRole('button', { name: CATALOGS[language].signInButton, exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/signin');
}

/**
 * Sends the screen's form empty, as someone who presses its button first would, so the walk also reads
 * and checks the form's messages for the fields it needs. False when the screen has no form, or its
 * button waits for the fields to be filled.
 */
async function sendEmpty(page: Page) {
  const send = page.locator('main form button[type="submit"]:enabled').first();
  if ((await send.count()) === 0) return false;
  await send.click();
  return true;
}

/** '/' and '/dashboard' are one screen: the walk opens '/' only. */
const SAME_AS = new Set(['/dashboard']);

/**
 * The theme each language's walks load in, where every rule is run; the Indonesian walks run the colour
 * rules again in the other theme. The `dark` class changes colours only (accessibility.test.ts), so
 * only the colour rules can find something else in the other theme; they run in both themes in
 * Indonesian and in the dark one in English, whose words the same colours show.
 */
const WALK_THEME: Record<Shown, Theme> = { id: 'light', en: 'dark' };
const BOTH_THEMES: Record<Shown, boolean> = { id: true, en: false };

/**
 * The screens the dev opens that show the dev something else than the admin: the dashboard and the
 * shell with the dev's menu, the account lists (the dev's blast button and device details), the
 * withdrawals (no decision for the dev), the users (the roles the dev may give), the A/B tests (the
 * dev may start one) and the look-ups (everyone's). The dev's other screens are the admin's screens as
 * the admin's walks show them to axe; the dev's walk reads their words.
 */
const DEV_SEES_OTHERWISE = new Set([
  '/',
  '/whatsapp',
  '/member/whatsapp',
  '/withdraw/requested',
  '/users',
  '/abtests',
  '/generator/list',
  '/validator/list',
]);

/**
 * Whether the walk has axe read the screen: every screen but the dev's views of the admin's screens
 * (DEV_SEES_OTHERWISE); a form sent empty is read in every walk.
 */
const axeReads = (role: Role, screen: string) =>
  role !== 'dev' ||
  screen.endsWith(' sent empty') ||
  !canOpen('admin', screen) ||
  DEV_SEES_OTHERWISE.has(screen);

interface Walked {
  screens: Screen[];
  /** Serious and critical axe findings, one line each. */
  axe: string[];
}

/**
 * Opens, in one page, every screen the role may open in the language (and, signed out first, the
 * sign-up and sign-in screens when `signedOut`), and keeps what each showed and what axe found on it.
 * The texts people typed that the server sent land in `data`.
 */
async function walk(
  role: Role,
  person: Person,
  language: Shown,
  queries: Record<string, (role: Role) => string>,
  data: Set<string>,
  signedOut: boolean,
): Promise<Walked> {
  const { context, page } = await stack.newPage();
  await context.addInitScript(
    (stored) => stored.forEach(([key, value]) => window.localStorage.setItem(key!, value!)),
    [
      [STORAGE_LANGUAGE, language],
      [STORAGE_THEME, WALK_THEME[language]],
    ],
  );
  const answers: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/') && response.headers()['content-type']?.includes('json'))
      answers.push(
        response.json().then(
          (answer: unknown) => addData(answer, data),
          () => undefined,
        ),
      );
  });
  const inFlight = trackRequests(page);
  const screens: Screen[] = [];
  const axe: string[] = [];
  // A step per screen, so a screen that never settles is named where the test stops.
  const look = (path: string, who: string = role) =>
    test.step(`${who} ${path} ${language}`, async () => {
      await settle(page, inFlight, CATALOGS[language].loading);
      screens.push({ role: who, path, language, lines: await visibleTexts(page) });
      if (axeReads(role, path))
        axe.push(
          ...(await axeFindings(
            page,
            WALK_THEME[language],
            `${who} ${path} ${language}`,
            BOTH_THEMES[language],
          )),
        );
    });
  for (const path of signedOut ? ['/signup', '/signin'] : ['/signin']) {
    await page.goto(path);
    await page.locator('h1').first().waitFor();
    if (!signedOut) continue;
    await look(path, 'signed-out');
    if (path === '/signup' && (await sendEmpty(page))) await look(`${path} sent empty`, 'signed-out');
  }
  await signInAs(page, person, language);
  await page.locator('main h1').first().waitFor();
  await look('/');
  for (const { path } of PANEL_ROUTES) {
    if (path === '/' || SAME_AS.has(path) || !canOpen(role, path)) continue;
    await open(page, path + (queries[path]?.(role) ?? ''));
    await look(path);
    if (path.endsWith('/create') && (await sendEmpty(page))) await look(`${path} sent empty`);
  }
  await Promise.all(answers);
  await context.close();
  return { screens, axe };
}

/** The people and queries of the walks, seeded once per worker (each worker runs its own server). */
let seeded: ReturnType<typeof seed> | undefined;

// One test per role and language, each walking its own page: eight walks in one test shared one
// limit and, on a machine busy with the API suite, outgrew it. Apart they spread over both workers.
test.describe('every screen', () => {
  test.describe.configure({ mode: 'parallel' });
  for (const language of ['id', 'en'] as const)
    for (const role of ['admin', 'staff', 'member', 'dev'] as const)
      test(`of ${role}${role === 'member' ? ', signed out too,' : ''} in ${language} reads in one language (no catalog key, no word of the other language, amounts grouped its way) and has no serious or critical axe finding`, async () => {
        if (role === 'dev')
          assert.deepEqual(
            [...DEV_SEES_OTHERWISE].filter(
              (path) =>
                !PANEL_ROUTES.some((route) => route.path === path) ||
                !canOpen('dev', path) ||
                !canOpen('admin', path),
            ),
            [],
            'screens listed as shown to the dev otherwise that the dev and the admin do not both open',
          );
        const { people, queries } = await (seeded ??= seed());
        const data = new Set<string>();
        const { screens, axe } = await walk(role, people[role], language, queries, data, role === 'member');
        const found = findings(screens, data);
        assert.ok(
          found.length === 0 && axe.length === 0,
          `${found.length} wording findings:\n${found.join('\n')}\n${axe.length} axe findings:\n${axe.join('\n')}`,
        );
      });
});
