import assert from 'node:assert/strict';
import { API } from '@blaster/contract';
import { test } from '../support/fixtures';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createUser, signIn, type Stack } from '../support/stack';

test.use({ ownServer: 'the first page of each list holds the rows it writes' });

let stack: Stack;
test.beforeAll(({ stack: shared }) => {
  stack = shared;
});

const HTML = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';
const SQLISH = "Robert'); DROP TABLE users; --";

test('markup and SQL typed into names, reasons, proxies, template buttons and the announcement show as the text they are, and nothing runs', async () => {
  const member = await createUser(stack, 'member', HTML);
  const admin = await stack.api<{ token: string }>('POST', API.login, {
    email: ADMIN_EMAIL,
    password: ADMIN_PASSWORD,
  });
  const saved = await stack.api(
    'POST',
    API.phoneSave,
    { number: '6281399900001', name: `${SQLISH} ${HTML}` },
    admin.data.token,
  );
  assert.equal(saved.status, 200);
  const token = admin.data.token;
  const writes = [
    await stack.api(
      'POST',
      API.levelCreate,
      { name: `Level ${HTML}`, blast_fee: 5, requirement_blast: 77 },
      token,
    ),
    await stack.api('POST', API.proxySave, { value: `proxy ${SQLISH} ${HTML}` }, token),
    await stack.api(
      'POST',
      API.bonusCreate,
      { nominal: 2500, reason: `Bonus ${HTML}`, userId: member.id },
      token,
    ),
  ];
  writes.push(
    await stack.api(
      'POST',
      API.messageCreate,
      {
        text: '<p>Promo</p>',
        button: JSON.stringify([{ title: `Tombol ${HTML}`, url: '', type: 'reply_button' }]),
      },
      token,
    ),
  );
  const setting = await stack.api<{ setting: Record<string, unknown> }>(
    'GET',
    API.settingGet,
    undefined,
    token,
  );
  writes.push(
    await stack.api('PUT', API.settingUpdate, { ...setting.data.setting, info: `Info ${HTML}` }, token),
  );
  assert.deepEqual(
    writes.map((answer) => answer.status),
    [200, 200, 200, 200, 200],
  );

  const { context, page } = await stack.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);

  await page.goto('/member');
  await page.getByText(HTML, { exact: false }).first().waitFor();
  await page.goto('/phonenumber');
  await page.getByText(`${SQLISH} ${HTML}`).first().waitFor();
  await page.goto('/level');
  await page.getByText(`Level ${HTML}`).first().waitFor();
  await page.goto('/proxy');
  await page.getByText(`proxy ${SQLISH} ${HTML}`).first().waitFor();
  await page.goto('/bonus');
  await page.getByText(`Bonus ${HTML}`).first().waitFor();
  await page.goto('/message');
  await page.getByText(`Tombol ${HTML}`).first().waitFor();

  // The member sees their own name in the panel the same way.
  const { context: memberContext, page: memberPage } = await stack.newPage();
  memberPage.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await signIn(memberPage, member.email, member.password);
  await memberPage.getByText(HTML, { exact: false }).first().waitFor();
  await memberPage.getByText(`Info ${HTML}`).first().waitFor();
  await memberPage.goto('/bonus');
  await memberPage.getByText(`Bonus ${HTML}`).first().waitFor();

  for (const shown of [page, memberPage]) {
    assert.equal(await shown.evaluate(() => (window as { __pwned?: number }).__pwned), undefined);
    assert.equal(await shown.locator('img[src="x"]').count(), 0);
  }
  assert.deepEqual(dialogs, []);
  await context.close();
  await memberContext.close();
});
