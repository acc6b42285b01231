import assert from 'node:assert/strict';
import {
  API,
  EN_CATALOG,
  ID_CATALOG,
  MESSAGE_TEXT as MSG,
  PANEL_ROUTES,
  STORAGE_LANGUAGE,
  canOpen,
  type Role,
} from '@blaster/contract';
import type { Page } from 'playwright-core';
import { test } from '../support/fixtures';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createUser, signIn, type Stack } from '../support/stack';

test.use({ ownServer: 'lists measured with only the rows it seeds' });

let stack: Stack;
test.beforeAll(({ stack: shared }) => {
  stack = shared;
});

const login = async (email: string, password: string) =>
  (
    await stack.api<{ token: string; user: { id: number; referral_code: string } }>('POST', API.login, {
      email,
      password,
    })
  ).data;

/**
 * Screens of the route table that are not lists: forms, the dashboard, the profile, the monitors, and
 * one account's health page (opened from an account's row).
 */
const NOT_LISTS = new Set(['/', '/dashboard', '/profile', '/settings', '/blaster', '/whatsapp/health']);
const LIST_PAGES = PANEL_ROUTES.map((route) => route.path).filter(
  (path) => !NOT_LISTS.has(path) && !/\/(create|edit)$/.test(path) && !path.startsWith('/monitor/'),
);
const WIDTHS = [375, 1280];
/** Each list is measured in both languages: Indonesian words are the longer ones, English the other way round. */
const LANGUAGES = ['id', 'en'] as const;
const CATALOGS = { id: ID_CATALOG, en: EN_CATALOG };

/** Connects a sandbox chat account from the connect screen, as the signed-in user. */
async function connectAccount(page: Page) {
  await page.goto('/whatsapp/create');
  await page.getByRole('button', { name: MSG.generateQr }).click();
  await page.getByRole('button', { name: MSG.sandboxScanQr }).click();
  await page.waitForURL((url) => url.pathname !== '/whatsapp/create');
}

interface Fit {
  pageWidth: number;
  viewport: number;
  overflowing: string[];
  /** Words a line break splits ('Gol' / 'd'): short words, statuses and figures must never break. */
  brokenWords: string[];
  action: { name: string; left: number; right: number } | null;
}

/** What overflows on the page: the document, the list's box, any element of the list past its box. */
async function measure(page: Page, addText: string): Promise<Fit> {
  return page.evaluate((addText) => {
    const overflowing: string[] = [];
    for (const list of Array.from(document.querySelectorAll<HTMLElement>('[data-list]'))) {
      const box = list.getBoundingClientRect();
      if (list.scrollWidth > list.clientWidth + 1)
        overflowing.push(`list ${list.scrollWidth} > ${list.clientWidth}`);
      if (box.right > window.innerWidth + 1) overflowing.push(`list right ${box.right}`);
      for (const element of Array.from(list.querySelectorAll<HTMLElement>('*'))) {
        const rect = element.getBoundingClientRect();
        if (rect.width === 0) continue;
        if (rect.right > box.right + 1 || rect.left < box.left - 1)
          overflowing.push(`${element.tagName.toLowerCase()} "${(element.textContent ?? '').slice(0, 30)}"`);
      }
    }
    // The primary action: the page's add link, else the first row's first action.
    const brokenWords: string[] = [];
    const range = document.createRange();
    for (const list of Array.from(document.querySelectorAll<HTMLElement>('[data-list]'))) {
      const walker = document.createTreeWalker(list, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        // Long tokens (addresses, e-mails, links) may wrap where they must; a word or a figure may not.
        for (const word of text.matchAll(/\S+/g)) {
          if (word[0].length < 2 || word[0].length > 16) continue;
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const lines = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)));
          if (lines.size > 1) brokenWords.push(word[0]);
        }
      }
    }
    const add = Array.from(document.querySelectorAll<HTMLElement>('main a')).find(
      (link) => link.textContent?.trim() === addText,
    );
    const primary =
      add ?? document.querySelector<HTMLElement>('[data-list] [data-row-actions] :is(button, a)') ?? null;
    const rect = primary?.getBoundingClientRect();
    return {
      pageWidth: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
      overflowing: overflowing.slice(0, 5),
      brokenWords: brokenWords.slice(0, 5),
      action:
        primary && rect
          ? { name: primary.textContent?.trim() ?? '', left: rect.left, right: rect.right }
          : null,
    };
  }, addText);
}

/**
 * Visits every list page the role may open, at each width. `rowsOn` are the pages seeded with rows,
 * and `acting` those of them whose primary action (an add link or a row's button) must be in view.
 */
async function checkLists(role: Role, email: string, password: string, rowsOn: string[], acting: string[]) {
  const paths = LIST_PAGES.filter((path) => canOpen(role, path));
  assert.ok(paths.length > 0);
  for (const [language, width] of LANGUAGES.flatMap((language) =>
    WIDTHS.map((w) => [language, w] as const),
  )) {
    const { context, page } = await stack.newPage();
    await context.addInitScript(
      ([key, value]) => window.localStorage.setItem(key!, value!),
      [STORAGE_LANGUAGE, language],
    );
    await page.setViewportSize({ width, height: 860 });
    await signIn(page, email, password);
    for (const path of paths) {
      await page.goto(path);
      await page.locator('[data-list]').first().waitFor();
      // Lists seeded with rows are measured with their rows, not while still loading.
      if (rowsOn.includes(path))
        await page.locator('[data-list] td:not([colspan]), [data-list] li').first().waitFor();
      await page.waitForLoadState('networkidle');
      const fit = await measure(page, CATALOGS[language].add);
      const where = `${role} ${path} at ${width} px in ${language}`;
      assert.ok(fit.pageWidth <= fit.viewport, `${where}: page is ${fit.pageWidth} px wide`);
      assert.deepEqual(fit.overflowing, [], `${where}: wider than the list's box`);
      assert.deepEqual(fit.brokenWords, [], `${where}: words split across lines`);
      if (acting.includes(path)) {
        assert.ok(fit.action, `${where}: no primary action`);
        assert.ok(
          fit.action.left >= 0 && fit.action.right <= fit.viewport,
          `${where}: '${fit.action.name}' sits at ${fit.action.left}-${fit.action.right}`,
        );
      }
      const narrow = width < 768;
      assert.equal(
        await page.locator('[data-list] table').count(),
        narrow ? 0 : 1,
        `${where}: table or cards`,
      );
    }
    await context.close();
  }
}

test('every list fits at 375 and 1280 px in both languages, as cards on the phone, with no word split and its primary action in view', async () => {
  const admin = await login(ADMIN_EMAIL, ADMIN_PASSWORD);
  const member = await createUser(stack, 'member', 'Lestari');
  const memberLogin = await login(member.email, member.password);
  // A referred member, a bonus, a withdrawal request, a proxy, demo numbers and a template.
  await stack.api('POST', API.register, {
    firstName: 'Rudi',
    lastName: 'Referal',
    email: `rudi-${Date.now()}@e2e.test`,
    password: 'rahasia-123',
    password2: 'rahasia-123',
    referral_code: memberLogin.user.referral_code,
    agreeToTerms: true,
  });
  await stack.api(
    'POST',
    API.bonusCreate,
    { nominal: 75_000, reason: 'Bonus', userId: member.id },
    admin.token,
  );
  await stack.api(
    'PUT',
    API.user(member.id),
    { account_bank: 'BCA', account_number: '1234567890', account_name: 'Lestari' },
    memberLogin.token,
  );
  await stack.api('POST', API.withdrawRequest, { nominal: 20_000, userId: member.id }, memberLogin.token);
  await stack.api('POST', API.proxySave, { value: 'http://user:secret@203.0.113.10:8080' }, admin.token);
  const dev = await createUser(stack, 'dev', 'Dewi');
  await stack.api('POST', API.sandboxDemoData, { count: 3 }, (await login(dev.email, dev.password)).token);

  // Chat accounts for the member and the admin, and a generator on the admin's.
  for (const who of [member, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }]) {
    const { context, page } = await stack.newPage();
    await signIn(page, who.email, who.password);
    await connectAccount(page);
    await context.close();
  }
  const adminAccounts = await stack.api<{ data: { id: number; user_id: number }[] }>(
    'GET',
    `${API.whatsappPerPage}?page=1&user_id=${admin.user.id}`,
    undefined,
    admin.token,
  );
  const adminAccount = adminAccounts.data.data.find((row) => row.user_id === admin.user.id);
  assert.ok(adminAccount);
  const generator = await stack.api(
    'POST',
    API.lookupCreate('generator'),
    { whatsapp_id: adminAccount.id, start_number: '6281500000001', end_number: '6281500000030' },
    admin.token,
  );
  assert.equal(generator.status, 200, JSON.stringify(generator.data));

  const adminRows = ['/member', '/whatsapp', '/member/whatsapp', '/bonus', '/withdraw/requested'];
  const adminResources = ['/phonenumber', '/proxy', '/message', '/generator/list'];
  await checkLists(
    'admin',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    [...adminRows, ...adminResources, '/audit'],
    [...adminRows, ...adminResources, '/validator/list'],
  );
  // The member's bonus, referral and withdrawal lists are read-only; the chat accounts have buttons.
  await checkLists(
    'member',
    member.email,
    member.password,
    ['/whatsapp', '/withdraw', '/bonus', '/referral'],
    ['/whatsapp'],
  );
});
