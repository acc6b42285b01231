import assert from 'node:assert/strict';
import { MESSAGE_TEXT as MSG, sidebarMenu } from '@blaster/contract';
import type { Page } from 'playwright-core';
import { test } from '../support/fixtures';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createUser, signIn, type Stack } from '../support/stack';

let stack: Stack;
test.beforeAll(({ stack: shared }) => {
  stack = shared;
});

const menuNames = async (page: Page) =>
  (await page.locator('aside nav a').allInnerTexts()).map((text) => text.trim()).filter(Boolean);

test('the seeded admin sees the admin dashboard and menu, and is refused the monitors', async () => {
  const { context, page } = await stack.newPage();
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.getByText(MSG.dashboardAdmin).first().waitFor();
  assert.deepEqual(
    await menuNames(page),
    sidebarMenu('admin').map((item) => item.name),
  );
  await page.getByTestId('card-active-members').waitFor();
  await page.goto('/monitor/local');
  await page.waitForURL('**/not-authorized');
  await page.goto('/withdraw');
  await page.waitForURL('**/not-authorized');
  await page.goto('/settings');
  await page.getByText('Form Pengaturan').first().waitFor();
  await context.close();
});

test('a dev gets Daftar Whatsapp in the admin menu and may open the monitors', async () => {
  const dev = await createUser(stack, 'dev', 'Dina');
  const { context, page } = await stack.newPage();
  await signIn(page, dev.email, dev.password);
  await page.getByText(MSG.dashboardAdmin).first().waitFor();
  assert.deepEqual(
    await menuNames(page),
    sidebarMenu('dev').map((item) => item.name),
  );
  await page.goto('/monitor/local');
  assert.ok(new URL(page.url()).pathname === '/monitor/local');
  await context.close();
});

test('staff are sent from the dashboard to the withdraw requests and kept out of /whatsapp', async () => {
  const staff = await createUser(stack, 'staff', 'Sinta');
  const { context, page } = await stack.newPage();
  await signIn(page, staff.email, staff.password);
  await page.waitForURL(
    (url) => url.pathname === '/withdraw/requested' && url.searchParams.get('page') === '1',
  );
  assert.deepEqual(
    await menuNames(page),
    sidebarMenu('staff').map((item) => item.name),
  );
  await page.goto('/whatsapp');
  await page.waitForURL('**/not-authorized');
  await context.close();
});

test('the server refuses a member who calls an admin route directly', async () => {
  const member = await createUser(stack, 'member');
  const login = await stack.api<{ token: string }>('POST', '/api/auth/login', {
    email: member.email,
    password: member.password,
  });
  const answer = await stack.api<{ msg: string }>(
    'GET',
    '/api/admin/users/members',
    undefined,
    login.data.token,
  );
  assert.equal(answer.status, 403);
  assert.equal(answer.data.msg, MSG.forbidden);
});
