import assert from 'node:assert/strict';
import { MESSAGE_TEXT as MSG, sidebarMenu } from '@blaster/contract';
import type { Page } from 'playwright-core';
import { test } from '../support/fixtures';
import { signIn, type Stack } from '../support/stack';

let stack: Stack;
test.beforeAll(({ stack: shared }) => {
  stack = shared;
});

const menuNames = async (page: Page) =>
  (await page.locator('aside nav a').allInnerTexts()).map((text) => text.trim()).filter(Boolean);

test('a member signs up with a referral link, sees their dashboard and menu, and signs out', async () => {
  const referrer = await stack.api<{ user: { referral_code: string } }>('POST', '/api/auth/register', {
    firstName: 'Budi',
    lastName: 'Santoso',
    email: `budi-${Date.now()}@e2e.test`,
    password: 'rahasia-123',
    password2: 'rahasia-123',
    agreeToTerms: true,
  });
  const code = referrer.data.user.referral_code;

  const { context, page } = await stack.newPage();
  // The panel runs under the server's Content Security Policy without breaking any of it.
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  // The referral is captured on start and the parameter disappears without a reload.
  await page.goto(`/signup?referral=${code}`);
  await page.waitForFunction(() => !location.search.includes('referral='));
  assert.equal(await page.evaluate(() => localStorage.getItem('referral_code')), code);
  assert.equal(await page.locator('input[name="referral_code"]').inputValue(), code);

  // Empty submit shows the spec's per-field messages, nothing is sent.
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await page.getByText(MSG.firstNameRequired).waitFor();
  await page.getByText(MSG.agreeToTermsRequired).waitFor();

  const email = `sari-${Date.now()}@e2e.test`;
  await page.locator('input[name="firstName"]').fill('Sari');
  await page.locator('input[name="lastName"]').fill('Dewi');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill('rahasia-123');
  await page.locator('input[name="password2"]').fill('rahasia-123');
  await page.locator('input[name="agreeToTerms"]').check();
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();

  await page.getByText(MSG.dashboardMember).first().waitFor();
  await page.getByText('Sari', { exact: false }).first().waitFor();
  assert.deepEqual(
    await menuNames(page),
    sidebarMenu('member').map((item) => item.name),
  );
  await page.getByTestId('card-balance').getByText('Rp 0').waitFor();

  // The token lives in an HttpOnly, SameSite=Strict cookie: page scripts cannot read it.
  const cookies = await context.cookies();
  const tokenCookie = cookies.find((cookie) => cookie.name === 'authToken')!;
  assert.equal(tokenCookie.httpOnly, true);
  assert.equal(tokenCookie.sameSite, 'Strict');
  assert.equal(await page.evaluate(() => document.cookie.includes('authToken')), false);
  const token = decodeURIComponent(tokenCookie.value);
  // The new member is linked to the referrer.
  const me = await stack.api<{ user: { referred_by: number | null } }>(
    'GET',
    `/api/admin/users/${JSON.parse(decodeURIComponent(cookies.find((c) => c.name === 'user')!.value)).id}`,
    undefined,
    token,
  );
  assert.ok(me.data.user.referred_by, 'the new member records who referred them');

  // A forbidden screen sends the member to /not-authorized.
  await page.goto('/member');
  await page.waitForURL('**/not-authorized');

  // Theme: dark is applied to the root and survives a reload.
  await page.goto('/');
  await page.getByText(MSG.dashboardMember).first().waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.classList.contains('dark')), false);
  await page.getByRole('button', { name: 'Toggle theme' }).click();
  assert.equal(await page.evaluate(() => document.documentElement.classList.contains('dark')), true);
  await page.reload();
  await page.getByText(MSG.dashboardMember).first().waitFor();
  assert.equal(await page.evaluate(() => localStorage.getItem('theme')), 'dark');
  assert.equal(await page.evaluate(() => document.documentElement.classList.contains('dark')), true);

  // Sign out from the user menu, then the dashboard is closed.
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: MSG.signOut }).click();
  await page.waitForURL('**/signin');
  await page.goto('/');
  await page.waitForURL('**/signin');
  // Signing out ended the session on the server: a copy of the token is refused.
  assert.equal((await stack.api('GET', '/api/admin/users/active', undefined, token)).status, 401);

  // Signing back in with the new account works; a wrong password shows the server's message.
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByText(MSG.invalidCredentials).waitFor();
  await signIn(page, email, 'rahasia-123');
  await page.getByText(MSG.dashboardMember).first().waitFor();

  // A new password takes the current one, asked for as soon as a new password is typed.
  await page.goto('/profile?edit=true');
  await page.locator('#profile-password').fill('sandi-baru-456');
  await page.locator('#profile-current-password').fill('rahasia-123');
  await page.getByRole('button', { name: MSG.save, exact: true }).click();
  await page.getByText('Profil berhasil disimpan.').waitFor();
  // This browser stays signed in (the server handed it a new token); the old password is gone.
  await page.goto('/');
  await page.getByText(MSG.dashboardMember).first().waitFor();
  assert.equal((await stack.api('POST', '/api/auth/login', { email, password: 'rahasia-123' })).status, 400);
  assert.equal(
    (await stack.api('POST', '/api/auth/login', { email, password: 'sandi-baru-456' })).status,
    200,
  );
  assert.deepEqual(violations, []);
  await context.close();
});

test('a forged token is logged out on entry', async () => {
  const { context, page } = await stack.newPage();
  await context.addCookies([
    { name: 'authToken', value: 'forged.token.value', url: stack.baseUrl },
    {
      name: 'user',
      value: encodeURIComponent(
        JSON.stringify({ id: 1, role: 'admin', firstname: 'X', lastname: 'Y', email: 'x@y' }),
      ),
      url: stack.baseUrl,
    },
  ]);
  await page.goto('/');
  await page.waitForURL('**/signin');
  await context.close();
});
