import assert from 'node:assert/strict';
import { API, MESSAGE_TEXT as MSG, formatRupiah } from '@blaster/contract';
import { test } from '../support/fixtures';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createUser, signIn, type Stack } from '../support/stack';

test.use({ ownServer: 'a database with no template yet' });

let stack: Stack;
test.beforeAll(({ stack: shared }) => {
  stack = shared;
});

const login = async (email: string, password: string) =>
  (await stack.api<{ token: string }>('POST', API.login, { email, password })).data.token;

test("a bonus typed '50.000' shows Rp 50.000, is asked back, and saves 50000", async () => {
  const member = await createUser(stack, 'member', 'Rina');
  const { context, page } = await stack.newPage();
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.goto(`/bonus/create?id=${member.id}`);
  await page
    .locator('#bonus-member')
    .getByText(member.email, { exact: false })
    .waitFor({ state: 'attached' });

  await page.locator('#bonus-nominal').fill('50.000');
  assert.equal(await page.getByTestId('bonus-nominal-amount').innerText(), 'Rp 50.000');
  await page.locator('#bonus-nominal').fill('50,5');
  assert.equal(await page.getByTestId('bonus-nominal-amount').innerText(), MSG.moneyInvalid);
  await page.locator('#bonus-nominal').fill('50.000');
  await page.locator('#bonus-reason').fill('Hadiah');
  await page.getByRole('button', { name: MSG.sendBonus }).click();

  // Cancelling sends nothing; confirming sends the amount read back in the question.
  const question = page.getByRole('alertdialog');
  await question.getByText(MSG.confirmSendBonus('Rp 50.000', 'Rina Member'), { exact: true }).waitFor();
  await question.getByRole('button', { name: MSG.cancel }).click();
  await question.waitFor({ state: 'detached' });
  const token = await login(member.email, member.password);
  const none = await stack.api<{ totalBonus: number }>('GET', API.totalBonus(member.id), undefined, token);
  assert.equal(none.data.totalBonus, 0);

  await page.getByRole('button', { name: MSG.sendBonus }).click();
  await question.getByText(MSG.confirmSendBonus('Rp 50.000', 'Rina Member'), { exact: true }).waitFor();
  await question.getByRole('button', { name: MSG.yesSendBonus }).click();
  await page.getByRole('alertdialog').getByText('Berhasil', { exact: true }).waitFor();
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  const total = await stack.api<{ totalBonus: number }>('GET', API.totalBonus(member.id), undefined, token);
  assert.equal(total.data.totalBonus, 50_000);
  await context.close();
});

test('a blast with no active template says why it stopped; the header shows the panel offline and refetches when back', async () => {
  const member = await createUser(stack, 'member', 'Tari');
  const { context, page } = await stack.newPage();
  await signIn(page, member.email, member.password);
  await page.getByTestId('realtime-status').and(page.locator('[data-status="live"]')).waitFor();

  // Connect one account (sandbox QR); no template exists on this fresh server.
  await page.goto('/whatsapp');
  await page.getByRole('link', { name: MSG.add }).click();
  await page.getByRole('button', { name: MSG.generateQr }).click();
  await page.getByTestId('qr-code').locator('svg').waitFor();
  await page.getByRole('button', { name: MSG.sandboxScanQr }).click();
  await page.waitForURL((url) => url.pathname === '/whatsapp');
  await page.getByRole('button', { name: MSG.startBlast }).click();
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: MSG.noActiveTemplate });
  await toast.waitFor();
  assert.match(await toast.innerText(), new RegExp(`Blast 62\\d+ berhenti: ${MSG.noActiveTemplate}`));
  // And who can fix it: members cannot add templates.
  assert.ok((await toast.innerText()).includes(MSG.noActiveTemplateRemedy));
  // And the row is idle again, offering Start.
  await page.getByRole('button', { name: MSG.startBlast }).waitFor();

  // Offline: the header says so. A bonus given meanwhile shows once the panel is back, without a reload.
  await page.goto('/bonus');
  await page.getByText(MSG.empty, { exact: true }).waitFor();
  await context.setOffline(true);
  const status = page.getByTestId('realtime-status');
  await status.and(page.locator('[data-status="offline"]')).waitFor();
  assert.match(await status.innerText(), new RegExp(`^${MSG.realtimeOffline}`));
  const adminToken = await login(ADMIN_EMAIL, ADMIN_PASSWORD);
  await stack.api(
    'POST',
    API.bonusCreate,
    { nominal: 25_000, reason: 'Bonus saat offline', userId: member.id },
    adminToken,
  );
  await context.setOffline(false);
  await status.and(page.locator('[data-status="live"]')).waitFor();
  await page.getByRole('cell', { name: 'Bonus saat offline' }).waitFor();
  await page.getByText(MSG.bonusHeader(formatRupiah(25_000))).waitFor();
  await context.close();
});
