/**
 * Screenshots of the main screens for `docs/screenshots/`: every screen in both themes, at desktop
 * (1280 px) and phone (375 px) width, in English and in Indonesian, on a stack seeded with demo data.
 * Run `npm run build` (the panel and the API bundle the server runs), then
 * `node --import tsx e2e/scripts/screenshots.ts`.
 * `SHOT_PATHS=/,/users` narrows the screens; `SHOT_OUT` writes elsewhere.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { MESSAGE_TEXT as MSG, STORAGE_LANGUAGE, STORAGE_THEME } from '@blaster/contract';
import type { Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createUser, startStack } from '../support/stack';

const outDir = resolve(process.env.SHOT_OUT ?? resolve(import.meta.dirname, '../../docs/screenshots'));

/** Screens per role, named by the file they are saved as. */
const SCREENS: { who: 'admin' | 'member'; name: string; path: string }[] = [
  { who: 'admin', name: 'dashboard-admin', path: '/' },
  { who: 'admin', name: 'members', path: '/member' },
  { who: 'admin', name: 'chat-accounts-all', path: '/member/whatsapp' },
  { who: 'admin', name: 'phone-numbers', path: '/phonenumber' },
  { who: 'admin', name: 'templates', path: '/message' },
  { who: 'admin', name: 'generators', path: '/generator/list' },
  { who: 'admin', name: 'withdraw-requests', path: '/withdraw/requested' },
  { who: 'admin', name: 'bonus-send', path: '/bonus/create' },
  { who: 'admin', name: 'settings', path: '/settings' },
  { who: 'admin', name: 'users', path: '/users' },
  { who: 'admin', name: 'webhooks', path: '/webhooks' },
  { who: 'admin', name: 'audit', path: '/audit' },
  { who: 'member', name: 'dashboard-member', path: '/' },
  { who: 'member', name: 'chat-accounts', path: '/whatsapp' },
  { who: 'member', name: 'withdraw', path: '/withdraw' },
  { who: 'member', name: 'profile', path: '/profile' },
];

const wanted = process.env.SHOT_PATHS?.split(',');
const screens = wanted ? SCREENS.filter((screen) => wanted.includes(screen.path)) : SCREENS;

async function signInThroughForm(page: Page, email: string, password: string) {
  await page.goto('/signin');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname !== '/signin');
}

/** Waits until the screen's data has arrived and nothing is loading or animating any more. */
async function settle(page: Page) {
  await page.locator('main, form').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(600);
}

rmSync(outDir, { recursive: true, force: true });
const stack = await startStack({ SANDBOX_TIME_SCALE: '0' });
try {
  const login = async (email: string, password: string) =>
    (await stack.api<{ token: string }>('POST', '/api/auth/login', { email, password })).data.token;
  const member = await createUser(stack, 'member', 'Sari');
  const dev = await createUser(stack, 'dev', 'Dewa');
  await createUser(stack, 'staff', 'Sinta');
  const adminToken = await login(ADMIN_EMAIL, ADMIN_PASSWORD);
  const memberToken = await login(member.email, member.password);
  const devToken = await login(dev.email, dev.password);
  // Demo members, accounts, numbers and sends, so lists and charts show rows.
  await stack.api('POST', '/api/dev/sandbox/demo-data', { count: 12 }, devToken);
  await stack.api(
    'POST',
    '/api/admin/bonus/create',
    { nominal: 75_000, reason: 'Bonus pendaftaran', userId: member.id },
    adminToken,
  );
  await stack.api(
    'PUT',
    `/api/admin/users/${member.id}`,
    { account_bank: 'BCA', account_number: '1234567890', account_name: 'Sari' },
    memberToken,
  );
  await stack.api('POST', '/api/admin/withdraw/request', { nominal: 20_000, userId: member.id }, memberToken);
  // The member connects two sandbox devices and blasts from one, so the charts and funnel have sends.
  {
    const { context, page } = await stack.newPage();
    await signInThroughForm(page, member.email, member.password);
    for (let device = 0; device < 2; device += 1) {
      await page.goto('/whatsapp/create');
      await page.getByRole('button', { name: MSG.generateQr }).click();
      await page.getByTestId('qr-code').locator('svg').waitFor();
      await page.getByRole('button', { name: MSG.sandboxScanQr }).click();
      await page.waitForURL((url) => url.pathname === '/whatsapp');
    }
    await page.getByRole('button', { name: MSG.startBlast }).first().click();
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: /selesai/ })
      .waitFor({ timeout: 60_000 });
    await context.close();
  }

  const accounts = {
    admin: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    member: { email: member.email, password: member.password },
  };
  let taken = 0;
  for (const language of ['en', 'id'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      for (const width of [1280, 375]) {
        const folder = resolve(outDir, language, `${theme}-${width}`);
        mkdirSync(folder, { recursive: true });
        for (const who of ['admin', 'member'] as const) {
          const mine = screens.filter((screen) => screen.who === who);
          if (mine.length === 0) continue;
          const { context, page } = await stack.newPage();
          await page.setViewportSize({ width, height: width > 500 ? 860 : 780 });
          await context.addInitScript(
            ([themeKey, themeValue, languageKey, languageValue]) => {
              window.localStorage.setItem(themeKey!, themeValue!);
              window.localStorage.setItem(languageKey!, languageValue!);
            },
            [STORAGE_THEME, theme, STORAGE_LANGUAGE, language],
          );
          if (who === 'admin') {
            await page.goto('/signin');
            await settle(page);
            await page.screenshot({ path: resolve(folder, 'signin.png') });
            taken += 1;
          }
          await signInThroughForm(page, accounts[who].email, accounts[who].password);
          for (const screen of mine) {
            await page.goto(screen.path);
            await settle(page);
            await page.screenshot({ path: resolve(folder, `${screen.name}.png`) });
            taken += 1;
          }
          await context.close();
        }
      }
    }
  }
  console.log(`${taken} screenshots in ${outDir}`);
} finally {
  await stack.stop();
}
