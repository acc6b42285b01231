import assert from 'node:assert/strict';
import { STORAGE_THEME } from '@blaster/contract';
import type { Page } from 'playwright-core';
import { COLOUR_RULES, installAxe, otherTheme, showTheme, type Theme } from '../support/axe';
import { test } from '../support/fixtures';
import { ADMIN_EMAIL, ADMIN_PASSWORD, signIn, type Stack } from '../support/stack';

// Every screen's axe findings are checked in language.test.ts's walk of every screen, in the theme it
// loads in and, for the colour rules, in the other theme switched to without a reload. This file
// checks the two things that walk relies on.

let stack: Stack;
test.beforeAll(({ stack: shared }) => {
  stack = shared;
});

async function pageIn(theme: Theme) {
  const opened = await stack.newPage();
  await opened.context.addInitScript(
    ([key, value]) => window.localStorage.setItem(key!, value!),
    [STORAGE_THEME, theme],
  );
  return opened;
}

test('the dark theme changes colours only, so only the colour rules can find something else in it', async () => {
  const { context, page } = await pageIn('light');
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.locator('main h1').first().waitFor();
  // What the rules other than COLOUR_RULES read (what is displayed, its size, place and opacity) is
  // the same in both themes when every declaration the `dark` class brings sets a colour.
  const properties = await page.evaluate(() => {
    const found = new Set<string>();
    const visit = (rules: CSSRuleList, underDark: boolean) => {
      for (const rule of Array.from(rules)) {
        const dark = underDark || (rule instanceof CSSStyleRule && /\.dark\b/.test(rule.selectorText));
        if (dark && rule instanceof CSSStyleRule) for (const name of Array.from(rule.style)) found.add(name);
        if ('cssRules' in rule) visit((rule as CSSGroupingRule).cssRules, dark);
      }
    };
    for (const sheet of Array.from(document.styleSheets)) visit(sheet.cssRules, false);
    return [...found].sort();
  });
  await context.close();
  assert.ok(properties.length > 0, 'no rule of the dark theme found');
  const notColours = properties.filter(
    (name) =>
      !/^(color|background-color|border(-\w+)?-color|outline-color|text-decoration-color|caret-color|fill|stroke|--chart-[\w-]+)$/.test(
        name,
      ),
  );
  assert.deepEqual(notColours, []);
});

/** Each element the colour rules looked at, with the colours they read and what they concluded. */
async function colourReadings(page: Page): Promise<string[]> {
  return page.evaluate(async (rules) => {
    interface Node {
      target: string[];
      any: { data?: { fgColor?: string; bgColor?: string } | null }[];
    }
    type Result = Record<'passes' | 'violations' | 'incomplete', { id: string; nodes: Node[] }[]>;
    const axe = (window as unknown as { axe: { run: (c: Document, o: object) => Promise<Result> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'rule', values: rules } });
    return (['passes', 'violations', 'incomplete'] as const)
      .flatMap((outcome) =>
        result[outcome].flatMap((rule) =>
          rule.nodes.map((node) => {
            const data = node.any.find((check) => check.data?.fgColor)?.data;
            return `${rule.id} ${outcome} ${node.target.join(' ')} ${data?.fgColor ?? ''} on ${data?.bgColor ?? ''}`;
          }),
        ),
      )
      .sort();
  }, COLOUR_RULES);
}

/** Opens the screen, waits until it has nothing more to load, and puts axe on it. */
async function load(page: Page, path: string) {
  await page.goto(path);
  await page.locator('main h1, form').first().waitFor();
  await page.waitForLoadState('networkidle');
  // The header's live indicator is grey while its socket connects, which no network request awaits:
  // both pages compared read it live.
  if ((await page.getByTestId('realtime-status').count()) > 0)
    await page.locator('[data-testid="realtime-status"][data-status="live"]').waitFor();
  await installAxe(page);
}

test('switching the theme without a reload reads the same colours as loading the screen in it', async () => {
  const pages = { light: await pageIn('light'), dark: await pageIn('dark') };
  for (const theme of ['light', 'dark'] as const)
    await signIn(pages[theme].page, ADMIN_EMAIL, ADMIN_PASSWORD);
  const signedOut = { light: await pageIn('light'), dark: await pageIn('dark') };
  // The sign-in screen, the dashboard with its figures and the shell, and a form.
  for (const [opened, path] of [
    [signedOut, '/signin'],
    [pages, '/'],
    [pages, '/settings'],
  ] as const) {
    for (const theme of ['light', 'dark'] as const) {
      const loaded = opened[theme].page;
      const switched = opened[otherTheme(theme)].page;
      await load(loaded, path);
      await load(switched, path);
      await showTheme(switched, theme);
      assert.deepEqual(
        await colourReadings(switched),
        await colourReadings(loaded),
        `${path}: ${theme} switched to differs from ${theme} loaded`,
      );
      await showTheme(switched, otherTheme(theme));
    }
  }
  for (const opened of [...Object.values(pages), ...Object.values(signedOut)]) await opened.context.close();
});
