/**
 * Takes screenshots of the main screens in both themes and at desktop and phone widths, for a person to
 * look at: `node --import tsx e2e/scripts/screenshots.ts` (after `npm run build -w @blaster/web`).
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createUser, signIn, startStack } from '../support/stack';

const outDir = resolve(import.meta.dirname, '../artifacts');
mkdirSync(outDir, { recursive: true });

const stack = await startStack();
try {
  const member = await createUser(stack, 'member', 'Sari');
  // Some money on the member's account, so the money screens show rows.
  const login = async (email: string, password: string) =>
    (await stack.api<{ token: string }>('POST', '/api/auth/login', { email, password })).data.token;
  const adminToken = await login(ADMIN_EMAIL, ADMIN_PASSWORD);
  const memberToken = await login(member.email, member.password);
  await stack.api(
    'POST',
    '/api/admin/bonus/create',
    { nominal: 75_000, reason: 'Bonus pendaftaran', userId: member.id },
    adminToken,
  );
  await stack.api(
    'PUT',
    `/api/admin/users/${member.id}`,
    { account_bank: 'BCA', account_number: '123456', account_name: 'Sari' },
    memberToken,
  );
  await stack.api('POST', '/api/admin/withdraw/request', { nominal: 20_000, userId: member.id }, memberToken);
  const targets = [
    { who: 'admin', email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    { who: 'member', email: member.email, password: member.password },
  ];
  const paths = (process.env.SHOT_PATHS ?? '/,/profile').split(',');
  for (const target of targets) {
    for (const theme of ['light', 'dark']) {
      for (const width of [1280, 375]) {
        const { context, page } = await stack.newPage();
        await page.setViewportSize({ width, height: width > 500 ? 860 : 760 });
        await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
        await signIn(page, target.email, target.password);
        for (const path of paths) {
          await page.goto(path);
          await page.waitForTimeout(1200);
          const name = `${target.who}-${path.replace(/\W+/g, '_') || 'root'}-${theme}-${width}.png`;
          await page.screenshot({ path: resolve(outDir, name), fullPage: true });
        }
        await context.close();
      }
    }
  }
  // The chat-account screens need a device: connect by QR and by pairing code, then blast a little.
  {
    const dev = await createUser(stack, 'dev', 'Dewa');
    const devToken = await login(dev.email, dev.password);
    await stack.api('POST', '/api/dev/sandbox/demo-data', { count: 8 }, devToken);
    for (const width of [1280, 375]) {
      const { context, page } = await stack.newPage();
      await page.setViewportSize({ width, height: 860 });
      await signIn(page, member.email, member.password);
      await page.goto('/whatsapp/create');
      await page.getByRole('button', { name: 'Generate QR Code' }).click();
      await page.getByTestId('qr-code').waitFor();
      await page.screenshot({ path: resolve(outDir, `connect-qr-${width}.png`), fullPage: true });
      await page.getByRole('button', { name: /Sandbox/ }).click();
      await page.waitForURL((url) => url.pathname !== '/whatsapp/create');
      await page.goto('/whatsapp/create');
      await page.getByRole('button', { name: 'Login dengan Nomor' }).click();
      await page.locator('#pairing-phone').fill(`6281234500${width === 1280 ? '12' : '34'}`);
      await page.getByRole('button', { name: 'Generate Pairing Code' }).click();
      await page.getByTestId('pairing-code').waitFor();
      await page.screenshot({ path: resolve(outDir, `connect-code-${width}.png`), fullPage: true });
      await page.getByRole('button', { name: /Sandbox/ }).click();
      await page.waitForURL((url) => url.pathname !== '/whatsapp/create');
      if (width === 1280) {
        await page.goto('/whatsapp');
        await page.getByRole('button', { name: 'Start Blast' }).first().click();
        await page.waitForTimeout(1500);
      }
      await page.goto('/whatsapp');
      await page.waitForTimeout(1200);
      await page.screenshot({ path: resolve(outDir, `whatsapp-list-${width}.png`), fullPage: true });
      await context.close();
    }
    const { context, page } = await stack.newPage();
    await signIn(page, dev.email, dev.password);
    await page.goto('/whatsapp');
    await page.waitForTimeout(1200);
    await page.screenshot({ path: resolve(outDir, 'whatsapp-list-dev.png'), fullPage: true });
    const memberAccounts = await stack.api<{ data: { clientid: string }[] }>(
      'GET',
      `/api/admin/whatsapp/list-per-page?page=1&user_id=${member.id}`,
      undefined,
      devToken,
    );
    for (const type of ['0', '2']) {
      await page.goto(`/monitor/realtime?id=${memberAccounts.data.data[0]!.clientid}&type=${type}`);
      await page.waitForTimeout(1200);
      await page.screenshot({ path: resolve(outDir, `monitor-realtime-type${type}.png`), fullPage: true });
    }
    await context.close();
  }

  const { context, page } = await stack.newPage();
  await page.goto('/signin');
  await page.screenshot({ path: resolve(outDir, 'signin.png') });
  await page.goto('/signup');
  await page.screenshot({ path: resolve(outDir, 'signup.png') });
  await context.close();
  console.log(`screenshots in ${outDir}`);
} finally {
  await stack.stop();
}
