import assert from 'node:assert/strict';
import {
  EN_CATALOG,
  ID_CATALOG,
  PANEL_ROUTES,
  STORAGE_LANGUAGE,
  canOpen,
  type Role,
} from '@blaster/contract';
import type { Page } from 'playwright-core';
import { test } from '../support/fixtures';
import { seedLists } from '../support/seed';
import { ADMIN_EMAIL, ADMIN_PASSWORD, signIn, type Stack } from '../support/stack';

test.use({ ownServer: 'lists measured with only the rows it seeds' });

let stack: Stack;
test.beforeAll(({ stack: shared }) => {
  stack = shared;
});

/**
 * Screens of the route table that are not lists: forms, the dashboard, the profile, the monitors, one
 * account's health page (opened from an account's row), the inbox, a conversation view, the
 * segments, a builder above its saved filters, and the A/B tests, a report of its variants each.
 */
const NOT_LISTS = new Set([
  '/',
  '/dashboard',
  '/profile',
  '/settings',
  '/blaster',
  '/whatsapp/health',
  '/inbox',
  '/segments',
  '/abtests',
]);
const LIST_PAGES = PANEL_ROUTES.map((route) => route.path).filter(
  (path) => !NOT_LISTS.has(path) && !/\/(create|edit)$/.test(path) && !path.startsWith('/monitor/'),
);
const WIDTHS = [375, 1280];
/** Each list is measured in both languages: Indonesian words are the longer ones, English the other way round. */
const LANGUAGES = ['id', 'en'] as const;
const CATALOGS = { id: ID_CATALOG, en: EN_CATALOG };

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
  // Each language and width in a page of its own, side by side: a page mostly waits for its lists.
  const views = LANGUAGES.flatMap((language) => WIDTHS.map((width) => [language, width] as const));
  await Promise.all(
    views.map(async ([language, width]) => {
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
    }),
  );
}

test('every list fits at 375 and 1280 px in both languages, as cards on the phone, with no word split and its primary action in view', async () => {
  const { member } = await seedLists(stack);

  const adminRows = ['/member', '/whatsapp', '/member/whatsapp', '/bonus', '/withdraw/requested'];
  const adminResources = ['/phonenumber', '/proxy', '/message', '/generator/list'];
  await Promise.all([
    checkLists(
      'admin',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      [...adminRows, ...adminResources, '/audit'],
      [...adminRows, ...adminResources, '/validator/list'],
    ),
    // The member's bonus, referral and withdrawal lists are read-only; the chat accounts have buttons.
    checkLists(
      'member',
      member.email,
      member.password,
      ['/whatsapp', '/withdraw', '/bonus', '/referral'],
      ['/whatsapp'],
    ),
  ]);
});
