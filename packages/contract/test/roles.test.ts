import { describe, expect, it } from 'vitest';
import { PANEL_ROUTES, canOpen, sidebarMenu } from '../src/roles';

describe('route-role table', () => {
  it('lets dev open every guarded screen', () => {
    for (const route of PANEL_ROUTES) expect(canOpen('dev', route.path)).toBe(true);
  });

  it('keeps admin out of /withdraw and the monitors', () => {
    expect(canOpen('admin', '/withdraw')).toBe(false);
    expect(canOpen('admin', '/monitor/local')).toBe(false);
    expect(canOpen('admin', '/withdraw/requested')).toBe(true);
  });

  it('keeps staff out of admin screens, /bonus, /whatsapp and /referral', () => {
    for (const path of ['/bonus', '/whatsapp', '/referral', '/member', '/settings', '/blaster']) {
      expect(canOpen('staff', path)).toBe(false);
    }
    expect(canOpen('staff', '/generator/list')).toBe(true);
    expect(canOpen('staff', '/whatsapp/create')).toBe(true);
  });

  it('keeps members out of admin, generator, validator and monitor screens', () => {
    for (const path of ['/member', '/generator/list', '/validator/create', '/monitor/realtime', '/level']) {
      expect(canOpen('member', path)).toBe(false);
    }
    expect(canOpen('member', '/withdraw')).toBe(true);
  });

  it('refuses a missing role and unknown paths', () => {
    expect(canOpen(undefined, '/')).toBe(false);
    expect(canOpen('dev', '/nowhere')).toBe(false);
  });
});

describe('sidebar menus', () => {
  const names = (role: Parameters<typeof sidebarMenu>[0]) => sidebarMenu(role).map((item) => item.name);

  it('gives members their entries, the inbox and A/B tests after their accounts', () => {
    expect(names('member')).toEqual([
      'Dashboard',
      'Akun Whatsapp',
      'Kotak Masuk',
      'Uji A/B',
      'Withraw',
      'Bonus',
      'Pengguna Referal',
      'User Profile',
    ]);
  });

  it('inserts Daftar Whatsapp after the first three admin entries for dev, and the dev screens last', () => {
    const admin = names('admin');
    expect(names('dev')).toEqual([
      ...admin.slice(0, 3),
      'Daftar Whatsapp',
      ...admin.slice(3, -1),
      'Blaster',
      'Monitor Local',
      'Monitor Remote',
      'Monitor Socket',
      'Monitor Realtime',
      'User Profile',
    ]);
  });

  it('opens the inbox to members, admin and dev, not staff', () => {
    for (const role of ['member', 'admin', 'dev'] as const) expect(canOpen(role, '/inbox')).toBe(true);
    expect(canOpen('staff', '/inbox')).toBe(false);
    expect(names('admin')).toContain('Kotak Masuk');
    expect(names('staff')).not.toContain('Kotak Masuk');
  });

  it('gives admin and dev the users screen, and only dev the monitors', () => {
    expect(names('admin')).toContain('Daftar Pengguna');
    expect(names('dev')).toContain('Daftar Pengguna');
    expect(names('admin').some((name) => name.startsWith('Monitor'))).toBe(false);
  });

  it('gives staff the withdraw, generator, validator and suppression lists', () => {
    expect(names('staff')).toEqual([
      'Permintaan Withdraw',
      'Daftar Generator',
      'Daftar Validator',
      'Suppression',
      'Tinjau Template',
      'User Profile',
    ]);
  });

  it('only links to screens the role may open', () => {
    for (const role of ['member', 'staff', 'dev', 'admin'] as const) {
      for (const item of sidebarMenu(role)) expect(canOpen(role, item.path.split('?')[0]!)).toBe(true);
    }
  });
});
