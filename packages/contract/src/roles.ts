import type { UiKey } from './i18n/ui';

/** Roles, the panel's route-role table and the sidebar menus: one table, so the panel and the server agree on who sees what. */
export const ROLES = ['member', 'staff', 'dev', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const ALL_ROLES: readonly Role[] = ['member', 'dev', 'admin', 'staff'];
const MEMBER_DEV_ADMIN: readonly Role[] = ['dev', 'admin', 'member'];
const DEV_MEMBER: readonly Role[] = ['dev', 'member'];
const DEV_ADMIN_STAFF: readonly Role[] = ['dev', 'admin', 'staff'];
const DEV_ADMIN: readonly Role[] = ['dev', 'admin'];
const DEV_ONLY: readonly Role[] = ['dev'];

export interface PanelRoute {
  path: string;
  /** Screen title shown in the breadcrumb and in placeholders. */
  title: string;
  roles: readonly Role[];
}

export const PANEL_ROUTES: readonly PanelRoute[] = [
  { path: '/', title: 'Dashboard', roles: ALL_ROLES },
  { path: '/dashboard', title: 'Dashboard', roles: ALL_ROLES },
  { path: '/profile', title: 'User Profile', roles: ALL_ROLES },
  { path: '/whatsapp/create', title: 'Tambah Akun Whatsapp', roles: ALL_ROLES },
  { path: '/bonus', title: 'Daftar Bonus', roles: MEMBER_DEV_ADMIN },
  { path: '/whatsapp', title: 'Akun Whatsapp', roles: MEMBER_DEV_ADMIN },
  { path: '/whatsapp/health', title: 'Kesehatan Akun', roles: MEMBER_DEV_ADMIN },
  // Decision: replies to blasts, per member for their own accounts and for operators across all.
  { path: '/inbox', title: 'Kotak Masuk', roles: MEMBER_DEV_ADMIN },
  { path: '/referral', title: 'Daftar Referal', roles: MEMBER_DEV_ADMIN },
  { path: '/withdraw', title: 'Withdraw', roles: DEV_MEMBER },
  { path: '/generator/list', title: 'Daftar Generator', roles: DEV_ADMIN_STAFF },
  { path: '/generator/create', title: 'Tambah Akun Generator', roles: DEV_ADMIN_STAFF },
  { path: '/validator/list', title: 'Daftar Validator', roles: DEV_ADMIN_STAFF },
  { path: '/validator/create', title: 'Tambah Akun Validator', roles: DEV_ADMIN_STAFF },
  { path: '/withdraw/requested', title: 'Permintaan Withdraw', roles: DEV_ADMIN_STAFF },
  { path: '/blaster', title: 'Blaster Whatsapp Message', roles: DEV_ADMIN },
  { path: '/phonenumber', title: 'Daftar Phone Number', roles: DEV_ADMIN },
  { path: '/phonenumber/create', title: 'Tambah Phone Number', roles: DEV_ADMIN },
  { path: '/phonenumber/edit', title: 'Edit Phone Number', roles: DEV_ADMIN },
  { path: '/message', title: 'Template Pesan Blaster', roles: DEV_ADMIN },
  { path: '/message/create', title: 'Tambah Template Pesan', roles: DEV_ADMIN },
  { path: '/message/edit', title: 'Edit Template Pesan', roles: DEV_ADMIN },
  // Decision: staff and admin review templates; dev, who authors them, sees the queue without acting.
  { path: '/message/review', title: 'Tinjau Template', roles: DEV_ADMIN_STAFF },
  { path: '/settings', title: 'Form Pengaturan', roles: DEV_ADMIN },
  { path: '/member', title: 'Daftar Member', roles: DEV_ADMIN },
  { path: '/member/edit', title: 'Edit Member', roles: DEV_ADMIN },
  { path: '/member/whatsapp', title: 'Daftar Whatsapp', roles: DEV_ADMIN },
  { path: '/proxy', title: 'Daftar Proxy', roles: DEV_ADMIN },
  { path: '/proxy/create', title: 'Tambah Proxy', roles: DEV_ADMIN },
  { path: '/proxy/edit', title: 'Edit Proxy', roles: DEV_ADMIN },
  { path: '/bonus/create', title: 'Kirim Bonus', roles: DEV_ADMIN },
  { path: '/level', title: 'Daftar Level', roles: DEV_ADMIN },
  { path: '/level/create', title: 'Tambah Level', roles: DEV_ADMIN },
  { path: '/level/edit', title: 'Edit Level', roles: DEV_ADMIN },
  { path: '/audit', title: 'Jejak Audit', roles: DEV_ADMIN },
  { path: '/webhooks', title: 'Webhook', roles: DEV_ADMIN },
  { path: '/suppression', title: 'Suppression', roles: DEV_ADMIN_STAFF },
  // Decision: saved audiences of blasts, built by the operators who manage the number pool.
  { path: '/segments', title: 'Segmen', roles: DEV_ADMIN },
  // Decision: A/B tests of templates on a member's blast; operators read every test's result.
  { path: '/abtests', title: 'Uji A/B', roles: MEMBER_DEV_ADMIN },
  // Decision: the spec has no screen for operators' accounts; admin and dev manage them here.
  { path: '/users', title: 'Daftar Pengguna', roles: DEV_ADMIN },
  { path: '/monitor/local', title: 'Monitor Local', roles: DEV_ONLY },
  { path: '/monitor/remote', title: 'Monitor Remote', roles: DEV_ONLY },
  { path: '/monitor/socket', title: 'Monitor Socket', roles: DEV_ONLY },
  { path: '/monitor/realtime', title: 'Monitor Realtime', roles: DEV_ONLY },
];

export function findPanelRoute(path: string): PanelRoute | undefined {
  const normalized = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return PANEL_ROUTES.find((route) => route.path === normalized);
}

/** True when the role may open the panel path; unknown paths are not guarded here. */
export function canOpen(role: Role | undefined, path: string): boolean {
  const route = findPanelRoute(path);
  if (!route || !role) return false;
  return route.roles.includes(role);
}

export type MenuIcon =
  | 'dashboard'
  | 'whatsapp'
  | 'withdraw'
  | 'bonus'
  | 'referral'
  | 'profile'
  | 'phonenumber'
  | 'member'
  | 'generator'
  | 'validator'
  | 'message'
  | 'level'
  | 'proxy'
  | 'settings'
  | 'audit'
  | 'webhook'
  | 'suppression'
  | 'users'
  | 'monitor'
  | 'blaster'
  | 'inbox'
  | 'segments'
  | 'abtests';

export interface MenuItem {
  name: string;
  /** The label's catalog key (i18n/ui.ts); the default catalog's text is `name`. */
  key: Extract<UiKey, `menu.${string}`>;
  path: string;
  icon: MenuIcon;
}

const item = (name: string, path: string, icon: MenuIcon, key: MenuItem['key']): MenuItem => ({
  name,
  path,
  icon,
  key,
});

const MEMBER_MENU: readonly MenuItem[] = [
  item('Dashboard', '/', 'dashboard', 'menu.dashboard'),
  item('Akun Whatsapp', '/whatsapp', 'whatsapp', 'menu.whatsappAccounts'),
  item('Kotak Masuk', '/inbox', 'inbox', 'menu.inbox'),
  item('Uji A/B', '/abtests', 'abtests', 'menu.abTests'),
  // The spelling 'Withraw' is the spec's label.
  item('Withraw', '/withdraw', 'withdraw', 'menu.withdraw'),
  item('Bonus', '/bonus', 'bonus', 'menu.bonus'),
  item('Pengguna Referal', '/referral', 'referral', 'menu.referral'),
  item('User Profile', '/profile', 'profile', 'menu.profile'),
];

const STAFF_MENU: readonly MenuItem[] = [
  item('Permintaan Withdraw', '/withdraw/requested?page=1', 'withdraw', 'menu.withdrawRequests'),
  item('Daftar Generator', '/generator/list', 'generator', 'menu.generators'),
  item('Daftar Validator', '/validator/list', 'validator', 'menu.validators'),
  item('Suppression', '/suppression', 'suppression', 'menu.suppression'),
  item('Tinjau Template', '/message/review', 'message', 'menu.templateReview'),
  item('User Profile', '/profile', 'profile', 'menu.profile'),
];

const ADMIN_MENU: readonly MenuItem[] = [
  item('Dashboard', '/', 'dashboard', 'menu.dashboard'),
  item('Daftar Phone Number', '/phonenumber', 'phonenumber', 'menu.phoneNumbers'),
  item('Daftar Member', '/member', 'member', 'menu.members'),
  item('Segmen', '/segments', 'segments', 'menu.segments'),
  item('Uji A/B', '/abtests', 'abtests', 'menu.abTests'),
  item('Daftar Generator', '/generator/list', 'generator', 'menu.generators'),
  item('Daftar Validator', '/validator/list', 'validator', 'menu.validators'),
  item('Template Pesan', '/message', 'message', 'menu.templates'),
  item('Kotak Masuk', '/inbox', 'inbox', 'menu.inbox'),
  item('Tinjau Template', '/message/review', 'message', 'menu.templateReview'),
  item('Permintaan Withdraw', '/withdraw/requested?page=1', 'withdraw', 'menu.withdrawRequests'),
  item('Bonus', '/bonus', 'bonus', 'menu.bonus'),
  item('Pengguna Referal', '/referral', 'referral', 'menu.referral'),
  item('Level', '/level', 'level', 'menu.levels'),
  item('Proxy', '/proxy', 'proxy', 'menu.proxies'),
  item('Pengaturan', '/settings', 'settings', 'menu.settings'),
  item('Jejak Audit', '/audit', 'audit', 'menu.audit'),
  item('Webhook', '/webhooks', 'webhook', 'menu.webhooks'),
  item('Suppression', '/suppression', 'suppression', 'menu.suppression'),
  item('Daftar Pengguna', '/users', 'users', 'menu.users'),
  item('User Profile', '/profile', 'profile', 'menu.profile'),
];

const DEV_MENU: readonly MenuItem[] = [
  ...ADMIN_MENU.slice(0, 3),
  item('Daftar Whatsapp', '/whatsapp', 'whatsapp', 'menu.whatsappList'),
  ...ADMIN_MENU.slice(3, -1),
  // Decision: the dev-only screens the spec lists no menu entry for.
  item('Blaster', '/blaster', 'blaster', 'menu.blaster'),
  item('Monitor Local', '/monitor/local', 'monitor', 'menu.monitorLocal'),
  item('Monitor Remote', '/monitor/remote', 'monitor', 'menu.monitorRemote'),
  item('Monitor Socket', '/monitor/socket', 'monitor', 'menu.monitorSocket'),
  item('Monitor Realtime', '/monitor/realtime', 'monitor', 'menu.monitorRealtime'),
  ...ADMIN_MENU.slice(-1),
];

/** Sidebar menu for a role; any role other than member, staff and dev gets the admin menu. */
export function sidebarMenu(role: Role | undefined): readonly MenuItem[] {
  switch (role) {
    case 'member':
      return MEMBER_MENU;
    case 'staff':
      return STAFF_MENU;
    case 'dev':
      return DEV_MENU;
    default:
      return ADMIN_MENU;
  }
}

/** Who sees and adds to the suppression list (staff too: opt-out requests reach support first). */
export const SUPPRESSION_ROLES: readonly Role[] = DEV_ADMIN_STAFF;
/** Who may take a number off it again, which lets it be blasted: operators only. */
export const SUPPRESSION_REMOVE_ROLES: readonly Role[] = DEV_ADMIN;

/**
 * Who reads and answers inbox threads: a member those of their own accounts, admin and dev every
 * account's. Staff is left out: recipients' words are no support matter, and answering is a send.
 */
export const INBOX_ROLES: readonly Role[] = MEMBER_DEV_ADMIN;

/**
 * Who builds segments (saved audiences over the phone-number pool): admin and dev, who manage that
 * pool. Who picks one: also members, whose blasts claim from the same pool on their own accounts.
 */
export const SEGMENT_ROLES: readonly Role[] = DEV_ADMIN;
export const SEGMENT_PICK_ROLES: readonly Role[] = MEMBER_DEV_ADMIN;

/**
 * Who starts an A/B test: who starts blasts (members and dev, on accounts they may blast from). Who
 * reads tests and their results: also admin, across the platform.
 */
export const AB_TEST_ROLES: readonly Role[] = DEV_MEMBER;
export const AB_TEST_READ_ROLES: readonly Role[] = MEMBER_DEV_ADMIN;

/** Admin and dev operate the platform: they act on any user's data. */
export const OPERATOR_ROLES: readonly Role[] = ['admin', 'dev'];
export function isOperatorRole(role: Role | undefined | null): boolean {
  return role ? OPERATOR_ROLES.includes(role) : false;
}

/** Who approves or rejects a template: staff and admin, never its author's role (dev). */
export const TEMPLATE_REVIEW_ROLES: readonly Role[] = ['staff', 'admin'];
/** Who reads the review queue: the reviewers, and dev, who authors templates. */
export const TEMPLATE_REVIEW_READ_ROLES: readonly Role[] = DEV_ADMIN_STAFF;
