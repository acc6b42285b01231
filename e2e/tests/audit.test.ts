import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { API, AUDIT_ACTION_LABELS, MESSAGE_TEXT as MSG, formatRupiah } from '@blaster/contract';
import { test } from '../support/fixtures';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createUser, signIn, type Stack } from '../support/stack';

test.use({ ownServer: "the trail's filters assert on a database where no withdrawal was ever accepted" });

let stack: Stack;
test.beforeAll(({ stack: shared }) => {
  stack = shared;
});

test('an admin gives a bonus, then finds it in the audit trail with actor, member and amount', async () => {
  const member = await createUser(stack, 'member', 'Ratna');
  const { page } = await stack.newPage();
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);

  await page.goto(`/bonus/create?id=${member.id}`);
  await page.locator('#bonus-member').selectOption(String(member.id));
  await page.locator('#bonus-nominal').fill('65000');
  await page.locator('#bonus-reason').fill('Bonus jejak audit');
  await page.getByRole('button', { name: MSG.sendBonus }).click();
  // The amount is confirmed before it is sent, then the success dialog closes.
  await page.getByRole('alertdialog').getByRole('button', { name: MSG.yesSendBonus }).click();
  await page.getByRole('alertdialog').getByText('Berhasil', { exact: true }).waitFor();
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();

  // The screen is in the admin menu.
  await page
    .getByRole('navigation', { name: 'Menu utama' })
    .getByRole('link', { name: MSG.auditListTitle })
    .click();
  await page.waitForURL('**/audit');
  await page.getByLabel(MSG.auditFilterAction).selectOption('bonus.create');
  await page.waitForURL(/action=bonus\.create/);
  const row = page.getByRole('row', { name: /Ratna Member/ });
  await row.waitFor();
  const text = (await row.innerText()).replace(/\s+/g, ' ');
  assert.match(text, /Admin Blaster \(admin\)/);
  assert.ok(text.includes(AUDIT_ACTION_LABELS['bonus.create']), text);
  assert.ok(text.includes(formatRupiah(65_000)), text);
  assert.ok(text.includes('Bonus jejak audit'), text);

  // Filtering by another action hides it; searching for the actor by name brings it back.
  await page.getByLabel(MSG.auditFilterAction).selectOption('withdraw.accept');
  await page.getByText(MSG.empty, { exact: true }).waitFor();
  await page.getByLabel(MSG.auditFilterAction).selectOption('');
  await page.getByLabel(MSG.auditSearchActor).fill('Admin Blaster');
  await page.waitForURL(/s=Admin/);
  await row.waitFor();

  // Clicking the member narrows the trail to entries about them: the bonus alone.
  await row.getByRole('button', { name: /Ratna Member/ }).click();
  await page.waitForURL(new RegExp(`target_id=${member.id}`));
  await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);

  if (process.env.AUDIT_SCREENSHOTS) {
    const outDir = resolve(import.meta.dirname, '../artifacts');
    mkdirSync(outDir, { recursive: true });
    await page.goto('/audit');
    await row.waitFor();
    await page.screenshot({ path: resolve(outDir, 'audit-light.png'), fullPage: true });
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await row.waitFor();
    await page.screenshot({ path: resolve(outDir, 'audit-dark.png'), fullPage: true });
  }
});

test('members and staff cannot open the audit trail', async () => {
  for (const role of ['member', 'staff'] as const) {
    const user = await createUser(stack, role);
    const { page, context } = await stack.newPage();
    await signIn(page, user.email, user.password);
    await page.goto('/audit');
    await page.waitForURL('**/not-authorized');
    const login = await stack.api<{ token: string }>('POST', '/api/auth/login', {
      email: user.email,
      password: user.password,
    });
    const answer = await stack.api('GET', API.auditPerPage, undefined, login.data.token);
    assert.equal(answer.status, 403);
    await context.close();
  }
});
