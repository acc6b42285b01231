import assert from 'node:assert/strict';
import { MESSAGE_TEXT as MSG, UI_PANEL } from '@blaster/contract';
import { test } from '../support/fixtures';
import type { Stack } from '../support/stack';

let stack: Stack;
test.beforeAll(({ stack: shared }) => {
  stack = shared;
});

test('a new member follows the getting-started checklist to connect an account, and the step ticks itself', async () => {
  const { context, page } = await stack.newPage();
  await page.goto('/signup');
  await page.locator('input[name="firstName"]').fill('Nina');
  await page.locator('input[name="lastName"]').fill('Baru');
  await page.locator('input[name="email"]').fill(`nina-${Date.now()}@e2e.test`);
  await page.locator('input[name="password"]').fill('rahasia-123');
  await page.locator('input[name="password2"]').fill('rahasia-123');
  await page.locator('input[name="agreeToTerms"]').check();
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();

  const checklist = page.getByRole('list', { name: UI_PANEL['onboarding.title'] });
  await checklist.waitFor();
  const connect = checklist
    .getByRole('listitem')
    .filter({ hasText: UI_PANEL['onboarding.step.connectAccount'] });
  assert.match(await connect.innerText(), new RegExp(`^${UI_PANEL['onboarding.stepOpen']}`));

  // The step's link opens the connect screen; a sandbox scan connects the account and comes back.
  await connect.getByRole('link', { name: UI_PANEL['onboarding.step.connectAccount'] }).click();
  await page.waitForURL((url) => url.pathname === '/whatsapp/create');
  await page.getByRole('button', { name: MSG.generateQr }).click();
  await page.getByTestId('qr-code').locator('svg').waitFor();
  await page.getByRole('button', { name: MSG.sandboxScanQr }).click();
  await page.waitForURL((url) => url.pathname !== '/whatsapp/create');

  await connect.filter({ hasText: UI_PANEL['onboarding.stepDone'] }).waitFor();
  await page.getByText('1 dari 3 langkah selesai').waitFor();
  await context.close();
});
