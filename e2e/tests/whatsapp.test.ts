import assert from 'node:assert/strict';
import { API, MESSAGE_TEXT as MSG, formatRupiah } from '@blaster/contract';
import type { Page } from 'playwright-core';
import { test } from '../support/fixtures';
import { changeSettings } from '../support/seed';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createUser, signIn, until, type Stack } from '../support/stack';

let stack: Stack;
test.beforeAll(({ stack: shared }) => {
  stack = shared;
});

const login = async (email: string, password: string) =>
  (await stack.api<{ token: string }>('POST', API.login, { email, password })).data.token;

async function connectFromList(page: Page, mode: 'qr' | 'code') {
  await page.goto('/whatsapp');
  await page.getByRole('link', { name: MSG.add }).click();
  await page.waitForURL('**/whatsapp/create');
  if (mode === 'code') {
    await page.getByRole('button', { name: MSG.loginWithNumber }).click();
    await page.locator('#pairing-phone').fill('628123450001');
    await page.getByRole('button', { name: MSG.generatePairing }).click();
    const code = await page.getByTestId('pairing-code').innerText();
    assert.match(code, /^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    await page.getByRole('button', { name: MSG.sandboxEnterCode }).click();
  } else {
    await page.getByRole('button', { name: MSG.generateQr }).click();
    await page.getByTestId('qr-code').locator('svg').waitFor();
    await page.getByRole('button', { name: MSG.sandboxScanQr }).click();
  }
  // Success goes back to the list.
  await page.waitForURL((url) => url.pathname === '/whatsapp');
}

const count = async (page: Page, testId: string) => Number(await page.getByTestId(testId).innerText());

test('a member connects by QR and by pairing code, blasts with live counts, stops, and earns income', async () => {
  // Slow the blast enough to watch it: waits of 20-30 s at the sandbox's time scale (0.01).
  const adminToken = await login(ADMIN_EMAIL, ADMIN_PASSWORD);
  await changeSettings(stack, adminToken, { interval_min: 20, interval_max: 30 });
  const dev = await createUser(stack, 'dev', 'Dewa');
  const devToken = await login(dev.email, dev.password);
  const seeded = await stack.api<{ phoneNumbers: number }>(
    'POST',
    API.sandboxDemoData,
    { count: 60 },
    devToken,
  );
  assert.equal(seeded.data.phoneNumbers, 60);

  const member = await createUser(stack, 'member', 'Rina');
  const { context, page } = await stack.newPage();
  await signIn(page, member.email, member.password);
  await connectFromList(page, 'qr');
  await connectFromList(page, 'code');
  const rows = page.getByRole('table', { name: MSG.whatsappTitleMember }).locator('tbody tr');
  await rows.nth(1).waitFor();
  assert.equal(await rows.count(), 2);
  await page.getByText('628123450001').waitFor();

  const accounts = await stack.api<{ data: { id: number; phonenumber: string; state: string }[] }>(
    'GET',
    `${API.whatsappPerPage}?page=1`,
    undefined,
    await login(member.email, member.password),
  );
  assert.deepEqual(
    accounts.data.data.map((row) => row.state),
    ['connected', 'connected'],
  );
  const target = accounts.data.data.find((row) => row.phonenumber !== '628123450001')!;
  // The member's own pacing, set by an operator: 3-4 s between sends at this time scale, so the list of
  // 60 lasts minutes and the stop below comes before it runs out, however slowly a busy machine lets
  // the page's steps go.
  const pacing = await stack.api(
    'PUT',
    API.whatsappInterval,
    { id: target.id, interval_min: 300, interval_max: 400 },
    adminToken,
  );
  assert.equal(pacing.status, 200);

  // The admin watches the same account on the admin channel.
  const adminView = await stack.newPage();
  await signIn(adminView.page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await adminView.page.goto(`/member/whatsapp?id=${member.id}`);
  await adminView.page.getByTestId(`success-${target.id}`).waitFor();

  // Another member may not start this account.
  const stranger = await createUser(stack, 'member', 'Asing');
  const refused = await stack.api(
    'POST',
    API.whatsappStart,
    { whatsappClientId: target.id },
    await login(stranger.email, stranger.password),
  );
  assert.equal(refused.status, 403);

  const row = page.getByRole('row', { name: new RegExp(target.phonenumber) });
  await row.getByRole('button', { name: MSG.startBlast }).click();
  await row.getByRole('button', { name: MSG.stopBlast }).waitFor();
  // Counts rise live, without a reload.
  await page.waitForFunction(
    (id) => Number(document.querySelector(`[data-testid="success-${id}"]`)?.textContent) >= 2,
    target.id,
  );
  const early = (await count(page, `success-${target.id}`)) + (await count(page, `fail-${target.id}`));
  await page.waitForFunction(
    ([id, before]) =>
      Number(document.querySelector(`[data-testid="success-${id}"]`)?.textContent) +
        Number(document.querySelector(`[data-testid="fail-${id}"]`)?.textContent) >
      (before as number),
    [target.id, early],
  );
  // The admin's view moves too.
  await adminView.page.waitForFunction(
    (id) => Number(document.querySelector(`[data-testid="success-${id}"]`)?.textContent) >= 2,
    target.id,
  );

  await row.getByRole('button', { name: MSG.stopBlast }).click();
  // Stopping while a message is on its way asks first; the question's dialog loads on first use, so
  // the test waits for whichever comes: the question, or the stopped row.
  const sendingDialog = page.getByRole('alertdialog');
  const startAgain = row.getByRole('button', { name: MSG.startBlast });
  await sendingDialog.or(startAgain).first().waitFor();
  if (await sendingDialog.isVisible())
    await sendingDialog.getByRole('button', { name: MSG.stopBlastNow }).click();
  await startAgain.waitFor();

  // After the stop the send in flight (if any) settles: the member's figures, read afresh, and the
  // admin's live ones agree.
  let success = 0;
  let fail = 0;
  await until(async () => {
    await page.reload();
    success = await count(page, `success-${target.id}`);
    fail = await count(page, `fail-${target.id}`);
    return (await count(adminView.page, `success-${target.id}`)) === success;
  });
  assert.ok(success >= 2);
  assert.ok(success + fail < 60, 'the blast stopped before the list ran out');
  await adminView.page.waitForFunction(
    ([id, expected]) =>
      Number(document.querySelector(`[data-testid="success-${id}"]`)?.textContent) === expected,
    [target.id, success],
  );

  // Income reaches the dashboard: Bronze pays Rp 100 per successful blast.
  await page.goto('/');
  await page
    .getByTestId('card-today-income')
    .getByText(formatRupiah(success * 100))
    .waitFor();
  await page.getByTestId('card-active-accounts').getByText('2').waitFor();

  await Promise.all([context.close(), adminView.context.close()]);
});

test('a disconnected account is refused with the spec dialog and sent to reconnect', async () => {
  const dev = await createUser(stack, 'dev', 'Dian');
  const devToken = await login(dev.email, dev.password);
  const member = await createUser(stack, 'member', 'Sinta');
  const { context, page } = await stack.newPage();
  await signIn(page, member.email, member.password);
  await connectFromList(page, 'qr');
  const memberToken = await login(member.email, member.password);
  const [account] = (
    await stack.api<{ data: { id: number; clientid: string }[] }>(
      'GET',
      `${API.whatsappPerPage}?page=1`,
      undefined,
      memberToken,
    )
  ).data.data;
  const cut = await stack.api(
    'POST',
    '/api/dev/sandbox/device',
    { deviceId: account!.clientid, action: 'loggedOut' },
    devToken,
  );
  assert.equal(cut.status, 200);
  await page.getByTestId(`state-${account!.id}`).getByText('loggedOut').waitFor();
  await page.getByRole('button', { name: MSG.reconnect }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: MSG.yesReconnect }).click();
  await page.waitForURL(`**/whatsapp/create?r=${account!.id}`);
  await context.close();
});

test('a dev reads the realtime monitor of an account', async () => {
  const dev = await createUser(stack, 'dev', 'Dodi');
  const { context, page } = await stack.newPage();
  await signIn(page, dev.email, dev.password);
  await page.goto('/whatsapp/create');
  await page.getByRole('button', { name: MSG.generateQr }).click();
  await page.getByRole('button', { name: MSG.sandboxScanQr }).click();
  await page.waitForURL((url) => url.pathname !== '/whatsapp/create');
  const devToken = await login(dev.email, dev.password);
  const [account] = (
    await stack.api<{ data: { clientid: string }[] }>(
      'GET',
      `${API.whatsappPerPage}?page=1&user_id=${dev.id}`,
      undefined,
      devToken,
    )
  ).data.data;
  await page.goto(`/monitor/remote?id=${account!.clientid}&type=2`);
  await page
    .getByText(/authenticated/)
    .first()
    .waitFor();
  await page
    .getByText(/connection\.update connected/)
    .first()
    .waitFor();
  await context.close();
});
