import assert from 'node:assert/strict';
import { API, ENDPOINTS, MESSAGE_TEXT as MSG, UI_PANEL } from '@blaster/contract';
import { test } from '../support/fixtures';
import { changeSettings, login } from '../support/seed';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type Stack } from '../support/stack';

// A platform as a new member finds it: no template and no numbers until an admin adds them.
test.use({ ownServer: 'a new platform, with no template or number before the admin adds them' });

let stack: Stack;
test.beforeAll(({ stack: shared }) => {
  stack = shared;
});

test('a new member follows the getting-started checklist from sign-up to a first blast, with no dead end on the way', async () => {
  const { context, page } = await stack.newPage();
  await page.goto('/signup');
  await page.locator('input[name="firstName"]').fill('Nina');
  await page.locator('input[name="lastName"]').fill('Baru');
  const email = `nina-${Date.now()}@e2e.test`;
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill('rahasia-123');
  await page.locator('input[name="password2"]').fill('rahasia-123');
  await page.locator('input[name="agreeToTerms"]').check();
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();

  const checklist = page.getByRole('list', { name: UI_PANEL['onboarding.title'] });
  await checklist.waitFor();
  const step = (name: string) => checklist.getByRole('listitem').filter({ hasText: name });
  const connect = step(UI_PANEL['onboarding.step.connectAccount']);
  const bank = step(UI_PANEL['onboarding.step.bankDetails']);
  const blast = step(UI_PANEL['onboarding.step.firstBlast']);
  for (const item of [connect, bank, blast])
    assert.match(await item.innerText(), new RegExp(`^${UI_PANEL['onboarding.stepOpen']}`));

  // 1. The step's link opens the connect screen; a sandbox scan connects the account and comes back.
  await connect.getByRole('link', { name: UI_PANEL['onboarding.step.connectAccount'] }).click();
  await page.waitForURL((url) => url.pathname === '/whatsapp/create');
  await page.getByRole('button', { name: MSG.generateQr }).click();
  await page.getByTestId('qr-code').locator('svg').waitFor();
  await page.getByRole('button', { name: MSG.sandboxScanQr }).click();
  await page.waitForURL((url) => url.pathname !== '/whatsapp/create');
  await page.goto('/');
  await connect.filter({ hasText: UI_PANEL['onboarding.stepDone'] }).waitFor();
  await page.getByText('1 dari 3 langkah selesai').waitFor();

  // 2. The bank step opens the profile editor; saving the account ticks it.
  await bank.getByRole('link', { name: UI_PANEL['onboarding.step.bankDetails'] }).click();
  await page.waitForURL('**/profile?edit=1');
  await page.locator('#profile-account-name').fill('Nina Baru');
  await page.locator('#profile-account-number').fill('9876543210');
  await page.getByRole('button', { name: MSG.save, exact: true }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await page.goto('/');
  await bank.filter({ hasText: UI_PANEL['onboarding.stepDone'] }).waitFor();
  await page.getByText('2 dari 3 langkah selesai').waitFor();

  // 3. The blast step leads to the account list. Nothing to send yet: the stop says who can fix it.
  await blast.getByRole('link', { name: UI_PANEL['onboarding.step.firstBlast'] }).click();
  await page.waitForURL((url) => url.pathname === '/whatsapp');
  const row = page.getByRole('table', { name: MSG.whatsappTitleMember }).locator('tbody tr').first();
  await row.getByRole('button', { name: MSG.startBlast }).click();
  const stopped = page.locator('[data-sonner-toast]').filter({ hasText: MSG.noActiveTemplate });
  await stopped.waitFor();
  assert.ok((await stopped.innerText()).includes(MSG.noActiveTemplateRemedy));

  // The admin does what the remedy says: numbers and an active template, sent without pauses.
  const admin = await login(stack, ADMIN_EMAIL, ADMIN_PASSWORD);
  await changeSettings(stack, admin.token, { interval_min: 0, interval_max: 0 });
  for (const number of ['6281990100001', '6281990100002', '6281990100003'])
    assert.equal(
      (await stack.api('POST', API.phoneSave, { number, name: 'Pelanggan' }, admin.token)).status,
      200,
    );
  const template = await stack.api('POST', API.messageCreate, { text: '<p>Halo {name}</p>' }, admin.token);
  assert.ok(template.status < 300, JSON.stringify(template.data));
  // A new template waits for review; the admin approves it.
  const templateId = (template.data as { message: { id: number } }).message.id;
  assert.equal(
    (await stack.api('POST', API.messageReview(templateId), { decision: 'approve' }, admin.token)).status,
    200,
  );

  // Start again: the blast goes to every number and ends on its own, and the last step ticks.
  await row.getByRole('button', { name: MSG.startBlast }).click();
  // The toast names the account's number; the rest of its text is the same for every account.
  const finished = MSG.blastFinished('{account}').split('{account}')[1]!;
  await page.locator('[data-sonner-toast]').filter({ hasText: finished }).waitFor();
  await page.goto('/');
  // Every step done: once the dashboard has drawn, the checklist has made room for it.
  await page.getByTestId('chart-daily-sends').and(page.locator('[data-state="ready"]')).waitFor();
  assert.equal(await page.getByTestId('onboarding').count(), 0);
  const member = await login(stack, email, 'rahasia-123');
  const steps = await stack.api<{ steps: { id: string; done: boolean }[] }>(
    'GET',
    ENDPOINTS.onboarding.path,
    undefined,
    member.token,
  );
  assert.deepEqual(
    steps.data.steps.map((step) => [step.id, step.done]),
    [
      ['connectAccount', true],
      ['bankDetails', true],
      ['firstBlast', true],
    ],
  );
  await context.close();
});
