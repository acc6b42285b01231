import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { STORAGE_THEME } from '@blaster/contract';
import type { Page } from 'playwright-core';
import { test } from '../support/fixtures';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createUser, signIn, type Stack } from '../support/stack';

// Evaluated through the browser's debugging protocol, which the panel's CSP (script-src 'self') does
// not govern, unlike a <script> tag.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let stack: Stack;
test.beforeAll(({ stack: shared }) => {
  stack = shared;
});

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core's WCAG 2.1 A/AA rules on the page as it is; only serious and critical findings fail. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return result.violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.impact} ${violation.id} (${violation.help}): ${violation.nodes
          .slice(0, 4)
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
}

async function pageIn(theme: 'light' | 'dark') {
  const opened = await stack.newPage();
  await opened.context.addInitScript(
    ([key, value]) => window.localStorage.setItem(key!, value!),
    [STORAGE_THEME, theme],
  );
  return opened;
}

async function check(page: Page, path: string, found: string[]) {
  await page.goto(path);
  // The panel's shell (main) or a sign-in form: the screen's module has loaded.
  await page.locator('main, form').first().waitFor();
  // Lists and figures arrive after the heading: wait until nothing is loading any more.
  await page.waitForLoadState('networkidle');
  for (const line of await seriousViolations(page)) {
    found.push(`${path}: ${line}`);
    if (process.env.AXE_PRINT) console.log(`${path}: ${line}`);
  }
}

const ADMIN_PAGES = [
  '/',
  '/phonenumber',
  '/member',
  '/message',
  '/withdraw/requested',
  '/settings',
  '/users',
  '/level',
  '/bonus',
  '/audit',
  '/webhooks',
  '/suppression',
  '/member/whatsapp',
  '/generator/list',
  '/proxy',
  '/profile',
];
const MEMBER_PAGES = ['/', '/whatsapp', '/withdraw', '/bonus', '/referral', '/profile'];

for (const theme of ['light', 'dark'] as const) {
  test(`sign-in, sign-up and the main screens have no serious or critical axe finding (${theme})`, async () => {
    const found: string[] = [];
    const { context, page } = await pageIn(theme);
    await check(page, '/signin', found);
    await check(page, '/signup', found);
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    for (const path of ADMIN_PAGES) await check(page, path, found);
    await context.close();

    const member = await createUser(stack, 'member', 'Aksesibel');
    const memberPage = await pageIn(theme);
    await signIn(memberPage.page, member.email, member.password);
    for (const path of MEMBER_PAGES) await check(memberPage.page, path, found);
    await memberPage.context.close();
    assert.deepEqual(found, []);
  });
}
