import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { API, MESSAGE_TEXT as MSG } from '@blaster/contract';
import { test } from '../support/fixtures';
import { changeSettings } from '../support/seed';
import { ADMIN_EMAIL, ADMIN_PASSWORD, signIn, until, type Stack } from '../support/stack';

test.use({ ownServer: 'lists that hold only the numbers and proxies it adds' });

let stack: Stack;
test.beforeAll(({ stack: shared }) => {
  stack = shared;
});

test('admin imports phone numbers, downloads the skipped rows, creates a template and exports the list', async () => {
  const { context, page } = await stack.newPage();
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);

  // A CSV with a header, a BOM, ';' separators, a quoted field, duplicates and bad rows.
  const rows = ['\uFEFFnomor;nama', '081377700001;Ani', '"0813-7770-0002";"Budi; Jr"'];
  for (let i = 0; i < 6; i += 1) rows.push(`081377700001;Kembar ${i}`);
  rows.push('12;Rusak');
  await page.goto('/phonenumber/create');
  // Nothing is sent without a file, or with the wrong type.
  await page.getByRole('button', { name: 'Upload File' }).click();
  await page.getByText(MSG.fileRequired).waitFor();
  await page
    .locator('#phone-file')
    .setInputFiles({ name: 'nomor.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
  await page.getByRole('button', { name: 'Upload File' }).click();
  await page.getByText(MSG.fileTypeCsvJson).waitFor();
  await page
    .locator('#phone-file')
    .setInputFiles({ name: 'nomor.csv', mimeType: 'text/csv', buffer: Buffer.from(rows.join('\r\n')) });
  // The answer is held until the card has shown the import's progress, as the server reported it
  // on the uploader's private channel while it read the file (nine rows after the header).
  let release!: () => void;
  const answered = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === API.phoneImport,
    async (route) => {
      const response = await route.fetch();
      await answered;
      await route.fulfill({ response });
    },
  );
  await page.getByRole('button', { name: 'Upload File' }).click();
  const progress = page.getByTestId('upload-progress');
  await progress.getByRole('progressbar', { name: 'Progres' }).waitFor();
  await progress.getByText(/^(Memproses… 9 baris|Menyimpan 9 baris…)$/).waitFor();
  // On a phone's width the progress fits the screen (the header's own overflow is another matter).
  const viewport = page.viewportSize()!;
  await page.setViewportSize({ width: 375, height: 800 });
  const fits = await progress.evaluate(
    (element) => element.getBoundingClientRect().right <= window.innerWidth,
  );
  assert.ok(fits);
  await page.setViewportSize(viewport);
  release();
  await page.unroute((url) => url.pathname === API.phoneImport);
  const result = page.getByTestId('import-result');
  await result.getByText(MSG.importDone(2)).waitFor();
  await progress.waitFor({ state: 'detached' });
  const preview = result.getByRole('table', { name: MSG.skippedTitle });
  assert.equal(await preview.locator('tbody tr').count(), 5);
  await result.getByText(MSG.skippedMore(7)).waitFor();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    result.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  assert.equal(download.suggestedFilename(), 'phone_numbers_skipped.csv');
  const csv = await readFile((await download.path())!, 'utf8');
  const lines = csv.trim().split(/\r?\n/);
  assert.equal(lines[0], 'number,name,status');
  assert.equal(lines.length, 8);
  assert.match(csv, /Rusak/);

  // More skipped rows than the answer holds: the download comes from the server, complete.
  const bad = Array.from({ length: 1_200 }, (_, i) => `12${i};Rusak ${i}`);
  await page
    .locator('#phone-file')
    .setInputFiles({ name: 'rusak.csv', mimeType: 'text/csv', buffer: Buffer.from(bad.join('\n')) });
  await page.getByRole('button', { name: 'Upload File' }).click();
  await result.getByText(MSG.skippedMore(1_200)).waitFor();
  const [full] = await Promise.all([
    page.waitForEvent('download'),
    result.getByRole('button', { name: 'Download JSON' }).click(),
  ]);
  assert.equal(full.suggestedFilename(), 'phone_numbers_skipped.json');
  const skipped = JSON.parse(await readFile((await full.path())!, 'utf8')) as { number: string }[];
  assert.equal(skipped.length, 1_200);
  assert.equal(skipped.at(-1)!.number, '121199');

  await page.goto('/phonenumber');
  await page.getByRole('cell', { name: 'Budi; Jr' }).waitFor();
  await page.getByRole('cell', { name: '6281377700002', exact: true }).waitFor();
  // The server writes the export; the button is free again once the file is saved.
  const exportCsv = page.getByRole('button', { name: 'Export CSV' });
  const [listFile] = await Promise.all([page.waitForEvent('download'), exportCsv.click()]);
  assert.equal(listFile.suggestedFilename(), 'phone_numbers.csv');
  const listed = (await readFile((await listFile.path())!, 'utf8')).split('\r\n');
  // The spec's columns, then the tags (empty here) and a column per field key the list carries.
  assert.ok(listed[0]!.startsWith('number,name,status,tags'), listed[0]);
  assert.ok(listed.some((line) => line.startsWith('6281377700002,"Budi; Jr",active,')));
  await until(async () => await exportCsv.isEnabled());

  // A template with bold text and a URL button.
  await page.goto('/message/create');
  const editor = page.getByRole('textbox', { name: 'Caption' });
  await editor.waitFor();
  await editor.click();
  await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Caption');
  // Bold by its shortcut, so the caret never leaves the editor while typing.
  await page.keyboard.type('Halo ');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('{name}');
  await page.keyboard.press('Control+b');
  await page.keyboard.type(' promo hari ini');
  await page.getByRole('button', { name: 'Bold', pressed: false }).waitFor();
  await page.getByTestId('caption-preview').getByText('Halo *{name}* promo hari ini').waitFor();
  await page.getByRole('checkbox', { name: 'Button' }).check();
  assert.equal(await page.getByTestId('button-row').count(), 3);
  await page.getByLabel('Jenis button 1').selectOption('url_button');
  await page.getByLabel('Judul button 1').fill('Kunjungi Toko');
  await page.getByRole('button', { name: MSG.save }).click();
  // A URL button without a URL is refused with the spec's words.
  await page.getByRole('alertdialog').getByText(MSG.buttonMissingUrl('Kunjungi Toko')).waitFor();
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  await page.getByLabel('URL button 1').fill('https://toko.contoh.id');
  await page.getByRole('button', { name: MSG.save }).click();
  // Saved: the form goes back one page.
  await page.waitForURL((url) => url.pathname !== '/message/create');

  await page.goto('/message');
  const row = page.getByRole('row', { name: /Kunjungi Toko/ });
  await row.getByText('Halo *{name}* promo hari ini').waitFor();
  const [exported] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export JSON' }).click(),
  ]);
  assert.equal(exported.suggestedFilename(), 'messages.json');
  const messages = JSON.parse(await readFile((await exported.path())!, 'utf8')) as {
    text: string;
    text_wa: string;
    button: { title: string; url: string; type: string }[];
  }[];
  const saved = messages.find((message) =>
    message.button.some((button) => button.title === 'Kunjungi Toko'),
  )!;
  assert.match(saved.text, /<strong>\{name\}<\/strong>/);
  assert.equal(saved.text_wa, 'Halo *{name}* promo hari ini');
  assert.deepEqual(saved.button, [
    { title: 'Kunjungi Toko', url: 'https://toko.contoh.id', type: 'url_button' },
  ]);
  await context.close();
});

test('admin edits a proxy and a phone number: a taken value is refused under the field and nothing is lost, a bad link says so', async () => {
  const { context, page } = await stack.newPage();
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);

  // Saving goes back to where the admin came from: the list.
  await page.goto('/proxy');
  for (const value of ['http://10.9.0.1:3128', 'http://10.9.0.2:3128']) {
    await page.goto('/proxy/create');
    await page.locator('#proxy-value').fill(value);
    await page.getByRole('button', { name: MSG.save }).click();
    await page.waitForURL(/\/proxy$/);
    await page.getByRole('cell', { name: value, exact: true }).waitFor();
  }
  const second = page.getByRole('row').filter({ hasText: 'http://10.9.0.2:3128' });
  await second.getByRole('link', { name: 'Edit' }).click();
  const value = page.locator('#proxy-edit-value');
  await value.waitFor();
  assert.equal(await value.inputValue(), 'http://10.9.0.2:3128');

  await value.fill('http://10.9.0.1:3128');
  await page.getByRole('button', { name: MSG.save }).click();
  await page.locator('#proxy-edit-value-error').getByText(MSG.proxyTaken).waitFor();
  assert.equal(await value.inputValue(), 'http://10.9.0.1:3128');

  await value.fill('http://10.9.0.3:3128');
  await page.getByRole('button', { name: MSG.save }).click();
  await page.waitForURL(/\/proxy$/);
  await page.getByRole('cell', { name: 'http://10.9.0.3:3128', exact: true }).waitFor();
  assert.equal(await page.getByRole('cell', { name: 'http://10.9.0.2:3128', exact: true }).count(), 0);

  // A proxy marked 'in use' keeps that mark through an edit of its value.
  const token = (
    await stack.api<{ token: string }>('POST', API.login, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })
  ).data.token;
  const busy = await stack.api<{ proxy: { id: number } }>(
    'POST',
    API.proxySave,
    { value: 'http://10.9.0.4:3128' },
    token,
  );
  await stack.api(
    'PUT',
    API.proxy(busy.data.proxy.id),
    { value: 'http://10.9.0.4:3128', status: 'in use' },
    token,
  );
  await page.goto(`/proxy/edit?id=${busy.data.proxy.id}`);
  await page.locator('#proxy-edit-value').fill('http://10.9.0.5:3128');
  assert.equal(await page.getByLabel('Aktif').isChecked(), true);
  await page.getByRole('button', { name: MSG.save }).click();
  await page.waitForURL(/\/proxy$/);
  await page.getByRole('row').filter({ hasText: 'http://10.9.0.5:3128' }).getByText('In use').waitFor();

  // A phone number's edit keeps the number, renames it and turns it off.
  await page.goto('/phonenumber');
  await page
    .getByRole('row')
    .filter({ hasText: '6281377700001' })
    .getByRole('link', { name: 'Edit' })
    .click();
  await page.locator('#edit-name').fill('Ani Baru');
  await page.getByLabel('Status aktif').uncheck();
  await page.getByRole('button', { name: MSG.save }).click();
  await page.waitForURL(/\/phonenumber$/);
  const renamed = page.getByRole('row').filter({ hasText: '6281377700001' });
  await renamed.getByText('Ani Baru').waitFor();
  await renamed.getByRole('link', { name: 'Edit' }).click();
  await page.locator('#edit-name').waitFor();
  assert.equal(await page.locator('#edit-number').inputValue(), '6281377700001');
  assert.equal(await page.getByLabel('Status aktif').isChecked(), false);

  // Settings changed elsewhere while the admin was away show when the form is opened again.
  await page.getByRole('link', { name: 'Pengaturan' }).click();
  await page.locator('#setting-info').waitFor();
  await changeSettings(stack, token, { info: 'Info dari admin lain' });
  await page.getByRole('link', { name: 'Dashboard' }).click();
  // Only a form that was left and opened again reads afresh; on a busy machine a second click can
  // land while the dashboard is still loading, and the settings page would then never have left.
  await page.locator('#setting-info').waitFor({ state: 'detached' });
  await page.getByRole('link', { name: 'Pengaturan' }).click();
  // The form may open on the settings read before, then shows the fresh ones as they arrive.
  await until(async () => (await page.locator('#setting-info').inputValue()) === 'Info dari admin lain');

  for (const id of ['abc', '999999']) {
    await page.goto(`/proxy/edit?id=${id}`);
    await page.getByText(id === 'abc' ? MSG.errorFetchingProxy : MSG.proxyNotFound).waitFor();
  }
  await context.close();
});

test('admin finds one number among 200,000 by its digits or its name, and jumps to a deep page', async () => {
  const { context, page } = await stack.newPage();
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  const rows = ['nomor,nama', '081299988877,Wulan Sari'];
  for (let i = 0; i < 200_000; i += 1) rows.push(`0857${String(i).padStart(8, '0')},Massal ${i}`);
  await page.goto('/phonenumber/create');
  await page
    .locator('#phone-file')
    .setInputFiles({ name: 'massal.csv', mimeType: 'text/csv', buffer: Buffer.from(rows.join('\n')) });
  await page.getByRole('button', { name: 'Upload File' }).click();
  await page.getByTestId('import-result').getByText(MSG.importDone(200_001)).waitFor();

  await page.goto('/phonenumber');
  const search = page.getByRole('searchbox', { name: 'Cari nomor atau nama' });
  await search.fill('0812-9998');
  await page.waitForURL(/s=0812-9998/);
  const found = page.getByRole('row').filter({ hasText: '6281299988877' });
  await found.getByText('Wulan Sari').waitFor();
  await search.fill('wulan');
  await page.waitForURL(/s=wulan/);
  await found.waitFor();
  // The nonactive numbers: none of them is Wulan.
  await page.getByRole('combobox', { name: MSG.filterStatus }).selectOption('nonactive');
  await page.waitForURL(/status=nonactive/);
  await found.waitFor({ state: 'detached' });

  await search.fill('');
  await page.getByRole('combobox', { name: MSG.filterStatus }).selectOption('');
  await page.waitForURL((url) => !url.search.includes('s=') && !url.search.includes('status='));
  await page.getByRole('spinbutton', { name: 'Go to page' }).fill('15000');
  await page.getByRole('button', { name: 'Go', exact: true }).click();
  await page.getByText(/Page 15\.000 of 20\.0\d\d/).waitFor();
  await context.close();
});
