import assert from 'node:assert/strict';
import {
  API,
  EN_CATALOG,
  ID_CATALOG,
  MESSAGE_TEXT as MSG,
  STORAGE_LANGUAGE,
  sidebarMenu,
} from '@blaster/contract';
import type { Page } from 'playwright-core';
import { test } from '../support/fixtures';
import { ADMIN_EMAIL, ADMIN_PASSWORD, signIn, type Stack } from '../support/stack';

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
  // This flow failed now and then on a busy machine without a cause found yet (recorded in
  // docs/benchmarks.md): an attempt that sees no answer within two minutes is tried again.
  test.describe.configure({ retries: 2, timeout: 2 * 60_000 });

  test("the server's error follows the chosen language", async () => {
    const { context, page } = await stack.newPage();
    await page.goto('/signin');
    await page.getByTestId('language-switch').selectOption('en');
    await page.getByText(EN_CATALOG.signInSubtitle).waitFor();
    // The switch renders the screen again from the top (clearing a half-typed form) once the catalog
    // has arrived, which the English subtitle shows: the form is typed after it.
    await page.locator('html[lang="en"]').waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
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

test("in English the operators' newer screens show English texts and no catalog key", async () => {
  const { context, page } = await stack.newPage();
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.getByText(MSG.dashboardAdmin).first().waitFor();
  await page.getByTestId('language-switch').selectOption('en');
  const keys = Object.keys(EN_CATALOG).filter((key) => key.includes('.'));
  const screens: [string, string][] = [
    ['/', EN_CATALOG.dashboardAdmin],
    ['/users', EN_CATALOG['users.listTitle']],
    ['/webhooks', EN_CATALOG['webhook.deliveriesTitle']],
    ['/suppression', EN_CATALOG['suppression.addTitle']],
    ['/settings', EN_CATALOG.governanceTitle],
  ];
  for (const [path, text] of screens) {
    await page.goto(path);
    await page.getByText(text).first().waitFor();
    await page.waitForLoadState('networkidle');
    const shown = await page.locator('body').innerText();
    const raw = keys.filter((key) => shown.includes(key));
    assert.deepEqual(raw, [], `${path} shows catalog keys`);
  }
  await page.goto('/users');
  await page.getByRole('columnheader', { name: EN_CATALOG['users.createdAt'] }).waitFor();
  await context.close();
});
