import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { MESSAGE_TEXT as MSG, RESULT_FILES } from '@blaster/contract';
import { test } from '../support/fixtures';
import { createUser, signIn, type Stack } from '../support/stack';

let stack: Stack;
test.beforeAll(({ stack: shared }) => {
  stack = shared;
});

test('staff connect an account, run a generator to 100.00 % and download the result', async () => {
  const staff = await createUser(stack, 'staff', 'Gita');
  const { context, page } = await stack.newPage();
  await signIn(page, staff.email, staff.password);

  // 'Daftar Baru' sends the form to the connect page, which comes back after connecting.
  await page.goto('/generator/list');
  await page.getByRole('link', { name: MSG.add }).click();
  await page.waitForURL('**/generator/create');
  await page.locator('#lookup-account').selectOption('new');
  await page.waitForURL('**/whatsapp/create?type=generator');
  await page.getByRole('button', { name: MSG.generateQr }).click();
  await page.getByRole('button', { name: MSG.sandboxScanQr }).click();
  await page.waitForURL('**/generator/create');

  const account = page.locator('#lookup-account');
  await account.locator('option', { hasText: 'connected' }).first().waitFor({ state: 'attached' });
  const value = await account.locator('option', { hasText: 'connected' }).first().getAttribute('value');
  await account.selectOption(value!);
  await page.locator('#lookup-start').fill('6281500000040');
  await page.locator('#lookup-end').fill('6281500000001');
  await page.getByRole('button', { name: MSG.save }).click();
  await page.getByRole('alertdialog').getByText(MSG.generatorRangeOrder).waitFor();
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  await page.locator('#lookup-start').fill('6281500000001');
  await page.locator('#lookup-end').fill('6281500000030');
  await page.getByRole('button', { name: MSG.save }).click();
  await page.waitForURL('**/generator/list');

  const row = page.getByRole('row', { name: /6281500000001/ });
  await row.getByText('0.00%').waitFor();
  await row.getByRole('button', { name: 'Start' }).click();
  // Progress climbs live to 100.00 % without a reload.
  await row.getByText('100.00%').waitFor();
  await row.getByTestId('status').getByText('finished').waitFor();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: 'Download' }).click(),
  ]);
  assert.equal(download.suggestedFilename(), RESULT_FILES.generator);
  const lines = (await readFile((await download.path())!, 'utf8')).trim().split(/\r?\n/);
  assert.equal(lines[0], 'number,name,status');
  assert.ok(lines.length > 1);
  const found = Number(await row.locator('td').nth(2).innerText());
  assert.equal(lines.length - 1, found);
  for (const line of lines.slice(1)) assert.match(line, /^62815000000\d\d,\d+,active$/);
  await context.close();
});
