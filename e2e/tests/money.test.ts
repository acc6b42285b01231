import assert from 'node:assert/strict';
import { MESSAGE_TEXT as MSG, formatRupiah } from '@blaster/contract';
import type { Page } from 'playwright-core';
import { test } from '../support/fixtures';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createUser, signIn, type Stack } from '../support/stack';

let stack: Stack;
test.beforeAll(({ stack: shared }) => {
  stack = shared;
});

/** Answers a question dialog: its text is checked, then its confirm button pressed. */
async function answerQuestion(page: Page, text: string, confirm: string) {
  const dialog = page.getByRole('alertdialog');
  await dialog.getByText(text, { exact: true }).waitFor();
  await dialog.getByRole('button', { name: confirm }).click();
}

async function confirmDialog(page: Page, title: string) {
  const dialog = page.getByRole('alertdialog');
  await dialog.getByText(title, { exact: true }).waitFor();
  await dialog.getByRole('button', { name: 'OK' }).click();
}

test('admin gives a bonus, member withdraws it, staff lists it, admin accepts, member sees the result', async () => {
  const member = await createUser(stack, 'member', 'Wulan');
  const staff = await createUser(stack, 'staff', 'Tono');

  // Admin finds the member and sends a bonus from the member list.
  const admin = await stack.newPage();
  await signIn(admin.page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await admin.page.goto('/member');
  await admin.page.getByLabel(MSG.searchMember).fill('Wulan');
  await admin.page.waitForURL(/s=Wulan/);
  const row = admin.page.getByRole('row', { name: new RegExp(member.email) });
  // Wulan has no connected account: the 'Active' filter hides her, 'Inactive' shows her again.
  await admin.page.getByLabel(MSG.filterStatus).selectOption('active');
  await admin.page.waitForURL(/status=active/);
  await admin.page.getByText(MSG.empty, { exact: true }).waitFor();
  assert.equal(await row.count(), 0);
  await admin.page.getByLabel(MSG.filterStatus).selectOption('inactive');
  await row.waitFor();
  assert.match(admin.page.url(), /s=Wulan/);
  await row.getByRole('link', { name: MSG.giveBonus }).click();
  await admin.page.waitForURL(`**/bonus/create?id=${member.id}`);
  // Nothing is sent while the form is incomplete.
  await admin.page.getByRole('button', { name: MSG.sendBonus }).click();
  await admin.page.getByText(MSG.bonusNominalRequired).waitFor();
  // The member shows once the member list has arrived, which a busy server may answer after the click.
  await admin.page.waitForFunction(
    (id) => document.querySelector<HTMLSelectElement>('#bonus-member')?.value === id,
    String(member.id),
  );
  await admin.page.locator('#bonus-nominal').fill('50000');
  await admin.page.locator('#bonus-reason').fill('Hadiah akhir bulan');
  await admin.page.getByRole('button', { name: MSG.sendBonus }).click();
  await answerQuestion(
    admin.page,
    MSG.confirmSendBonus(formatRupiah(50_000), 'Wulan Member'),
    MSG.yesSendBonus,
  );
  await confirmDialog(admin.page, 'Berhasil');
  await admin.page.waitForURL('**/member**');

  // The member sees the bonus and their balance.
  const wulan = await stack.newPage();
  await signIn(wulan.page, member.email, member.password);
  await wulan.page.goto('/bonus');
  await wulan.page.getByText(MSG.bonusHeader(formatRupiah(50_000))).waitFor();
  await wulan.page.getByRole('cell', { name: 'Hadiah akhir bulan' }).waitFor();
  await wulan.page.getByRole('columnheader', { name: MSG.bonusReceivedAt }).waitFor();

  // Without bank details the request is refused and the profile editor opens.
  await wulan.page.goto('/withdraw');
  await wulan.page.getByTestId('withdraw-balance').getByText(formatRupiah(50_000)).waitFor();
  assert.equal(await wulan.page.locator('#withdraw-nominal').inputValue(), '10.000');
  await wulan.page.locator('#withdraw-nominal').fill('5000');
  await wulan.page.getByRole('button', { name: 'Request Withdraw' }).click();
  await wulan.page.getByText(MSG.minWithdraw).waitFor();
  await wulan.page.locator('#withdraw-nominal').fill('20000');
  await wulan.page.getByRole('button', { name: 'Request Withdraw' }).click();
  await confirmDialog(wulan.page, MSG.withdrawFailedTitle);
  await wulan.page.waitForURL('**/profile?edit=1');
  await wulan.page.locator('#profile-account-name').fill('Wulan Staff');
  await wulan.page.locator('#profile-account-number').fill('1234567890');
  assert.equal(await wulan.page.locator('#profile-account-bank').inputValue(), 'BCA');
  await wulan.page.getByRole('button', { name: MSG.save, exact: true }).click();
  await wulan.page.getByRole('dialog').waitFor({ state: 'detached' });

  await wulan.page.goto('/withdraw');
  await wulan.page.locator('#withdraw-nominal').fill('20000');
  await wulan.page.getByRole('button', { name: 'Request Withdraw' }).click();
  await wulan.page.getByText(MSG.withdrawRequested).waitFor();
  await wulan.page.getByTestId('withdraw-balance').getByText(formatRupiah(30_000)).waitFor();
  await wulan.page.getByTestId('withdraw-requested').getByText(formatRupiah(20_000)).waitFor();
  const history = wulan.page.getByRole('table', { name: 'Riwayat Withdraw' });
  await history.getByText('Requested').waitFor();

  // Staff see the request but cannot decide on it.
  const tono = await stack.newPage();
  await signIn(tono.page, staff.email, staff.password);
  await tono.page.goto('/withdraw/requested');
  const staffRow = tono.page.getByRole('row', { name: /Wulan/ });
  await staffRow.getByText(formatRupiah(20_000)).waitFor();
  assert.equal(await staffRow.getByRole('button', { name: MSG.accept }).count(), 0);

  // Admin checks the transfer details and accepts.
  await admin.page.goto('/withdraw/requested');
  const adminRow = admin.page.getByRole('row', { name: /Wulan/ });
  await adminRow.getByRole('button', { name: MSG.transferDetail }).click();
  await adminRow.getByText('1234567890').waitFor();
  await adminRow.getByRole('button', { name: MSG.accept }).click();
  await answerQuestion(
    admin.page,
    MSG.confirmAcceptWithdraw(formatRupiah(20_000), 'Wulan Member'),
    MSG.yesAccept,
  );
  await admin.page.getByText(MSG.withdrawAccepted).waitFor();
  await adminRow.getByText('Accepted').waitFor();
  await adminRow.getByRole('button', { name: MSG.cancelDecision }).waitFor();

  // The member's figures and history follow.
  await wulan.page.reload();
  await wulan.page.getByTestId('withdraw-accepted').getByText(formatRupiah(20_000)).waitFor();
  await wulan.page.getByTestId('withdraw-requested').getByText(formatRupiah(0)).waitFor();
  await wulan.page.getByTestId('withdraw-balance').getByText(formatRupiah(30_000)).waitFor();
  await history.getByText('Accepted').waitFor();

  await Promise.all([admin.context.close(), wulan.context.close(), tono.context.close()]);
});

test('admin creates a level and changes the settings', async () => {
  const { context, page } = await stack.newPage();
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.goto('/level');
  await page.getByRole('link', { name: MSG.addLevel }).click();
  await page.waitForURL('**/level/create');
  await page.getByRole('button', { name: MSG.save }).click();
  await page.getByText(MSG.levelNameRequired).waitFor();
  await page.locator('#level-name').fill('Platinum');
  await page.locator('#level-fee').fill('175');
  await page.locator('#level-requirement').fill('10000');
  await page.getByRole('button', { name: MSG.save }).click();
  await confirmDialog(page, 'Berhasil');
  await page.waitForURL((url) => url.pathname === '/level');
  await page
    .getByRole('row', { name: /Platinum/ })
    .getByText(formatRupiah(175))
    .waitFor();

  await page.goto('/settings');
  assert.equal(await page.locator('#setting-bank_names').inputValue(), 'BCA, MANDIRI, BRI');
  assert.equal(await page.locator('#setting-referral_percent').inputValue(), '0');
  await page.locator('#setting-referral_percent').fill('150');
  await page.getByRole('button', { name: MSG.save }).click();
  await page.getByText(MSG.referralPercentRange).waitFor();
  await page.locator('#setting-referral_percent').fill('10');
  await page.getByRole('button', { name: MSG.save }).click();
  await page.getByText(MSG.settingsSaved).waitFor();
  await page.reload();
  assert.equal(await page.locator('#setting-referral_percent').inputValue(), '10');
  await context.close();
});
