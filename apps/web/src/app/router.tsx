import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PANEL_ROUTES, type PanelRoute } from '@blaster/contract';
import { SignInPage } from '../features/auth/SignInPage';
import { NotFoundPage } from '../features/errors/NotFoundPage';
import { RouteErrorPage } from '../features/errors/RouteErrorPage';
import { PublicOnly, RequireAuth, RequireRole } from './guards';
import { messages, routeTitle } from '../i18n';

/**
 * Every screen but sign-in loads on first use, so the first page a visitor sees downloads only what
 * it shows; the shell, the tables, the editors and the dialogs come with the screens that use them.
 */
function lazyScreen<Module, Name extends keyof Module>(load: () => Promise<Module>, name: Name) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint
  return lazy(async () => ({ default: (await load())[name] as Module[Name] & ComponentType<any> }));
}

const SignUpPage = lazyScreen(() => import('../features/auth/SignUpPage'), 'SignUpPage');
const ResetPasswordPage = lazyScreen(() => import('../features/auth/ResetPasswordPage'), 'ResetPasswordPage');
const TermsPage = lazyScreen(() => import('../features/auth/LegalPages'), 'TermsPage');
const PrivacyPage = lazyScreen(() => import('../features/auth/LegalPages'), 'PrivacyPage');
const PanelShell = lazyScreen(() => import('./PanelShell'), 'PanelShell');
const DashboardPage = lazyScreen(() => import('../features/dashboard/DashboardPage'), 'DashboardPage');
const NotAuthorizedPage = lazyScreen(
  () => import('../features/errors/NotAuthorizedPage'),
  'NotAuthorizedPage',
);
const PlaceholderPage = lazyScreen(
  () => import('../features/placeholder/PlaceholderPage'),
  'PlaceholderPage',
);
const ProfilePage = lazyScreen(() => import('../features/profile/ProfilePage'), 'ProfilePage');
const MemberListPage = lazyScreen(() => import('../features/members/MemberListPage'), 'MemberListPage');
const MemberEditPage = lazyScreen(() => import('../features/members/MemberEditPage'), 'MemberEditPage');
const BonusListPage = lazyScreen(() => import('../features/bonus/BonusListPage'), 'BonusListPage');
const BonusCreatePage = lazyScreen(() => import('../features/bonus/BonusCreatePage'), 'BonusCreatePage');
const ReferralListPage = lazyScreen(
  () => import('../features/referral/ReferralListPage'),
  'ReferralListPage',
);
const LevelListPage = lazyScreen(() => import('../features/levels/LevelListPage'), 'LevelListPage');
const LevelFormPage = lazyScreen(() => import('../features/levels/LevelFormPage'), 'LevelFormPage');
const WithdrawPage = lazyScreen(() => import('../features/withdraw/WithdrawPage'), 'WithdrawPage');
const WithdrawRequestsPage = lazyScreen(
  () => import('../features/withdraw/WithdrawRequestsPage'),
  'WithdrawRequestsPage',
);
const SettingsPage = lazyScreen(() => import('../features/settings/SettingsPage'), 'SettingsPage');
const WhatsappListPage = lazyScreen(
  () => import('../features/whatsapp/WhatsappListPage'),
  'WhatsappListPage',
);
const PhoneNumberListPage = lazyScreen(
  () => import('../features/phonenumbers/PhoneNumberListPage'),
  'PhoneNumberListPage',
);
const PhoneNumberCreatePage = lazyScreen(
  () => import('../features/phonenumbers/PhoneNumberCreatePage'),
  'PhoneNumberCreatePage',
);
const PhoneNumberEditPage = lazyScreen(
  () => import('../features/phonenumbers/PhoneNumberEditPage'),
  'PhoneNumberEditPage',
);
const ProxyListPage = lazyScreen(() => import('../features/proxies/ProxyPages'), 'ProxyListPage');
const ProxyCreatePage = lazyScreen(() => import('../features/proxies/ProxyPages'), 'ProxyCreatePage');
const ProxyEditPage = lazyScreen(() => import('../features/proxies/ProxyPages'), 'ProxyEditPage');
const TemplateListPage = lazyScreen(
  () => import('../features/templates/TemplateListPage'),
  'TemplateListPage',
);
const TemplateReviewPage = lazyScreen(
  () => import('../features/templates/review/TemplateReviewPage'),
  'TemplateReviewPage',
);
const BlasterPage = lazyScreen(() => import('../features/blaster/BlasterPage'), 'BlasterPage');
const LookupListPage = lazyScreen(() => import('../features/lookup/LookupListPage'), 'LookupListPage');
const LookupFormPage = lazyScreen(() => import('../features/lookup/LookupFormPage'), 'LookupFormPage');
const AuditListPage = lazyScreen(() => import('../features/audit/AuditListPage'), 'AuditListPage');
const UsersPage = lazyScreen(() => import('../features/users/UsersPage'), 'UsersPage');
const HealthPage = lazyScreen(() => import('../features/health/HealthPage'), 'HealthPage');
const InboxPage = lazyScreen(() => import('../features/inbox/InboxPage'), 'InboxPage');
const SegmentsPage = lazyScreen(() => import('../features/segments/SegmentsPage'), 'SegmentsPage');
const AbTestsPage = lazyScreen(() => import('../features/abtests/AbTestsPage'), 'AbTestsPage');
const WebhooksPage = lazyScreen(() => import('../features/webhooks/WebhooksPage'), 'WebhooksPage');
const SuppressionPage = lazyScreen(
  () => import('../features/suppression/SuppressionPage'),
  'SuppressionPage',
);
const TemplateFormPage = lazyScreen(
  () => import('../features/templates/TemplateFormPage'),
  'TemplateFormPage',
);
const MonitorPage = lazyScreen(() => import('../features/monitor/MonitorPage'), 'MonitorPage');
const ConnectPage = lazyScreen(() => import('../features/whatsapp/ConnectPage'), 'ConnectPage');
const later = (element: React.ReactNode) => {
  const MSG = messages();
  return <Suspense fallback={<p className="p-6 text-sm text-muted">{MSG.loading}</p>}>{element}</Suspense>;
};

/** Screens built so far; every other route of the table shows a placeholder naming it. */
const SCREENS: Record<string, (route: PanelRoute) => React.ReactNode> = {
  '/': () => <DashboardPage />,
  '/dashboard': () => <DashboardPage />,
  '/profile': () => <ProfilePage />,
  '/member': () => <MemberListPage />,
  '/member/edit': () => <MemberEditPage />,
  '/bonus': () => <BonusListPage />,
  '/bonus/create': () => <BonusCreatePage />,
  '/referral': () => <ReferralListPage />,
  '/level': () => <LevelListPage />,
  // One screen for both: keyed so switching between them starts a fresh form.
  '/level/create': () => <LevelFormPage key="create" />,
  '/level/edit': () => <LevelFormPage key="edit" />,
  '/withdraw': () => <WithdrawPage />,
  '/withdraw/requested': () => <WithdrawRequestsPage />,
  '/settings': () => <SettingsPage />,
  '/whatsapp': () => <WhatsappListPage key="own" />,
  '/member/whatsapp': () => <WhatsappListPage key="member" />,
  '/whatsapp/create': () => <ConnectPage />,
  '/monitor/local': () => <MonitorPage key="local" kind="local" />,
  '/monitor/remote': () => <MonitorPage key="remote" kind="remote" />,
  '/monitor/socket': () => <MonitorPage key="socket" kind="socket" />,
  '/monitor/realtime': () => <MonitorPage key="realtime" kind="realtime" />,
  '/phonenumber': () => <PhoneNumberListPage />,
  '/phonenumber/create': () => <PhoneNumberCreatePage />,
  '/phonenumber/edit': () => <PhoneNumberEditPage />,
  '/proxy': () => <ProxyListPage />,
  '/proxy/create': () => <ProxyCreatePage />,
  '/proxy/edit': () => <ProxyEditPage />,
  '/message': () => <TemplateListPage />,
  '/message/create': () => <TemplateFormPage key="create" />,
  '/message/edit': () => <TemplateFormPage key="edit" />,
  '/message/review': () => <TemplateReviewPage />,
  '/blaster': () => <BlasterPage />,
  '/generator/list': () => <LookupListPage key="generator" kind="generator" />,
  '/generator/create': () => <LookupFormPage key="generator" kind="generator" />,
  '/validator/list': () => <LookupListPage key="validator" kind="validator" />,
  '/validator/create': () => <LookupFormPage key="validator" kind="validator" />,
  '/audit': () => <AuditListPage />,
  '/whatsapp/health': () => <HealthPage />,
  '/inbox': () => <InboxPage />,
  '/segments': () => <SegmentsPage />,
  '/abtests': () => <AbTestsPage />,
  '/webhooks': () => <WebhooksPage />,
  '/suppression': () => <SuppressionPage />,
  '/users': () => <UsersPage />,
};

const pages: RouteObject[] = [
  {
    path: '/signin',
    element: (
      <PublicOnly>
        <SignInPage />
      </PublicOnly>
    ),
  },
  {
    path: '/signup',
    element: <PublicOnly>{later(<SignUpPage />)}</PublicOnly>,
  },
  { path: '/reset-password', element: later(<ResetPasswordPage />) },
  { path: '/terms', element: later(<TermsPage />) },
  { path: '/privacy-policy', element: later(<PrivacyPage />) },
  {
    element: <RequireAuth>{later(<PanelShell />)}</RequireAuth>,
    children: [
      ...PANEL_ROUTES.map((route) => ({
        path: route.path,
        element: (
          <RequireRole route={route}>
            {later(
              (SCREENS[route.path] ?? ((r: PanelRoute) => <PlaceholderPage title={routeTitle(r)} />))(route),
            )}
          </RequireRole>
        ),
      })),
      { path: '/not-authorized', element: later(<NotAuthorizedPage />) },
    ],
  },
  { path: '/home', element: <Navigate to="/" replace /> },
  { path: '*', element: <NotFoundPage /> },
];

export const routes: RouteObject[] = [{ errorElement: <RouteErrorPage />, children: pages }];

export const createRouter = () => createBrowserRouter(routes);
