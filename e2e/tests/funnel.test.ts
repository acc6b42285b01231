import assert from 'node:assert/strict';
import { API, MESSAGE_TEXT as MSG } from '@blaster/contract';
import type { Page } from 'playwright-core';
import { test } from '../support/fixtures';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createUser, signIn, type Stack } from '../support/stack';

const TARGETS = 10;

// Most recipients answer STOP, and no acknowledgement is lost: the funnel fills to a known shape.
test.use({ serverEnv: { SANDBOX_REPLY_RATE: '0.6', SANDBOX_ACK_LOSS_RATE: '0', SANDBOX_FAIL_RATE: '0' } });

let stack: Stack;
test.beforeAll(({ stack: shared }) => {
  stack = shared;
});

const login = async (email: string, password: string) =>
  (await stack.api<{ token: string }>('POST', API.login, { email, password })).data.token;

const count = async (page: Page, stage: string) =>
  Number((await page.getByTestId(`funnel-${stage}-count`).innerText()).replace(/\D/g, ''));

test('a member blasts in the sandbox, watches the funnel fill, and a STOP reply lands on the suppression list', async () => {
  const dev = await createUser(stack, 'dev', 'Dimas');
  const devToken = await login(dev.email, dev.password);
  const demo = await stack.api('POST', API.sandboxDemoData, { count: TARGETS }, devToken);
  assert.equal(demo.status, 200);

  const member = await createUser(stack, 'member', 'Wulan');
  const { context, page } = await stack.newPage();
  await signIn(page, member.email, member.password);
  // Before any send the funnel says there is nothing yet.
  await page.getByTestId('funnel').getByText(MSG.funnelEmpty).waitFor();

  await page.goto('/whatsapp');
  await page.getByRole('link', { name: MSG.add }).click();
  await page.getByRole('button', { name: MSG.generateQr }).click();
  await page.getByTestId('qr-code').locator('svg').waitFor();
  await page.getByRole('button', { name: MSG.sandboxScanQr }).click();
  await page.waitForURL((url) => url.pathname === '/whatsapp');
  await page.getByRole('button', { name: MSG.startBlast }).click();
  await page
    .locator('[data-sonner-toast]')
    .filter({ hasText: /selesai/ })
    .waitFor();

  // The dashboard's funnel: every number sent, then delivered and read as acknowledgements arrive.
  await page.goto('/');
  const funnel = page.getByTestId('funnel');
  await funnel.getByTestId('funnel-sent-count').waitFor();
  await page.waitForFunction(
    (targets) =>
      Number(document.querySelector('[data-testid="funnel-delivered-count"]')?.textContent) === targets,
    TARGETS,
  );
  assert.equal(await count(page, 'queued'), TARGETS);
  assert.equal(await count(page, 'sent'), TARGETS);
  assert.equal(await count(page, 'failed'), 0);
  await page.waitForFunction(
    () => Number(document.querySelector('[data-testid="funnel-opted_out-count"]')?.textContent) > 0,
  );
  // The charts were drawn (the charting library came in on demand).
  await funnel.getByRole('img', { name: MSG.funnelTitle }).locator('[data-series="value"]').first().waitFor();
  const optedOut = await count(page, 'opted_out');

  // The operators' suppression screen lists exactly the numbers that answered STOP.
  const admin = await stack.newPage();
  await signIn(admin.page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await admin.page.goto('/suppression');
  await admin.page.getByRole('cell', { name: MSG.suppressionReasonReply }).first().waitFor();
  assert.equal(await admin.page.getByRole('cell', { name: MSG.suppressionReasonReply }).count(), optedOut);
  // One more, added by hand, shows at once.
  await admin.page.locator('#suppression-number').fill('081299990001');
  await admin.page.getByRole('button', { name: 'Tambah', exact: true }).click();
  await admin.page.getByRole('cell', { name: '6281299990001', exact: true }).waitFor();
  await admin.context.close();
  await context.close();
});
