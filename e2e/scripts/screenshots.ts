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
