import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PANEL_ROUTES, type PanelRoute } from '@blaster/contract';
import { SignInPage } from '../features/auth/SignInPage';
import { SignUpPage } from '../features/auth/SignUpPage';
import { ResetPasswordPage } from '../features/auth/ResetPasswordPage';
import { PrivacyPage, TermsPage } from '../features/auth/LegalPages';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { NotAuthorizedPage } from '../features/errors/NotAuthorizedPage';
import { NotFoundPage } from '../features/errors/NotFoundPage';
import { RouteErrorPage } from '../features/errors/RouteErrorPage';
import { PlaceholderPage } from '../features/placeholder/PlaceholderPage';
import { ProfilePage } from '../features/profile/ProfilePage';
import { MemberListPage } from '../features/members/MemberListPage';
import { MemberEditPage } from '../features/members/MemberEditPage';
import { BonusListPage } from '../features/bonus/BonusListPage';
import { BonusCreatePage } from '../features/bonus/BonusCreatePage';
import { ReferralListPage } from '../features/referral/ReferralListPage';
import { LevelListPage } from '../features/levels/LevelListPage';
import { LevelFormPage } from '../features/levels/LevelFormPage';
import { WithdrawPage } from '../features/withdraw/WithdrawPage';
import { WithdrawRequestsPage } from '../features/withdraw/WithdrawRequestsPage';
import { SettingsPage } from '../features/settings/SettingsPage';
import { WhatsappListPage } from '../features/whatsapp/WhatsappListPage';
import { PhoneNumberListPage } from '../features/phonenumbers/PhoneNumberListPage';
import { PhoneNumberCreatePage } from '../features/phonenumbers/PhoneNumberCreatePage';
import { PhoneNumberEditPage } from '../features/phonenumbers/PhoneNumberEditPage';
import { ProxyCreatePage, ProxyEditPage, ProxyListPage } from '../features/proxies/ProxyPages';
import { TemplateListPage } from '../features/templates/TemplateListPage';
import { BlasterPage } from '../features/blaster/BlasterPage';
import { LookupListPage } from '../features/lookup/LookupListPage';
import { LookupFormPage } from '../features/lookup/LookupFormPage';
import { AuditListPage } from '../features/audit/AuditListPage';
import { PublicOnly, RequireAuth, RequireRole } from './guards';
import { AppLayout } from './layout/AppLayout';
import { routeTitle, MSG } from '../i18n';

// Screens with heavy libraries (rich-text editor, QR renderer, JSON viewers) load on first use.
const TemplateFormPage = lazy(() =>
  import('../features/templates/TemplateFormPage').then((m) => ({ default: m.TemplateFormPage })),
);
const MonitorPage = lazy(() =>
  import('../features/monitor/MonitorPage').then((m) => ({ default: m.MonitorPage })),
);
const ConnectPage = lazy(() =>
  import('../features/whatsapp/ConnectPage').then((m) => ({ default: m.ConnectPage })),
);
const later = (element: React.ReactNode) => (
  <Suspense fallback={<p className="p-6 text-sm text-gray-500">{MSG.loading}</p>}>{element}</Suspense>
);

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
  '/whatsapp/create': () => later(<ConnectPage />),
  '/monitor/local': () => later(<MonitorPage key="local" kind="local" />),
  '/monitor/remote': () => later(<MonitorPage key="remote" kind="remote" />),
  '/monitor/socket': () => later(<MonitorPage key="socket" kind="socket" />),
  '/monitor/realtime': () => later(<MonitorPage key="realtime" kind="realtime" />),
  '/phonenumber': () => <PhoneNumberListPage />,
  '/phonenumber/create': () => <PhoneNumberCreatePage />,
  '/phonenumber/edit': () => <PhoneNumberEditPage />,
  '/proxy': () => <ProxyListPage />,
  '/proxy/create': () => <ProxyCreatePage />,
  '/proxy/edit': () => <ProxyEditPage />,
  '/message': () => <TemplateListPage />,
  '/message/create': () => later(<TemplateFormPage key="create" />),
  '/message/edit': () => later(<TemplateFormPage key="edit" />),
  '/blaster': () => <BlasterPage />,
  '/generator/list': () => <LookupListPage key="generator" kind="generator" />,
  '/generator/create': () => <LookupFormPage key="generator" kind="generator" />,
  '/validator/list': () => <LookupListPage key="validator" kind="validator" />,
  '/validator/create': () => <LookupFormPage key="validator" kind="validator" />,
  '/audit': () => <AuditListPage />,
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
    element: (
      <PublicOnly>
        <SignUpPage />
      </PublicOnly>
    ),
  },
  { path: '/reset-password', element: <ResetPasswordPage /> },
  { path: '/terms', element: <TermsPage /> },
  { path: '/privacy-policy', element: <PrivacyPage /> },
  {
    element: (
      <RequireAuth>
        <AppLayout />
      </RequireAuth>
    ),
    children: [
      ...PANEL_ROUTES.map((route) => ({
        path: route.path,
        element: (
          <RequireRole route={route}>
            {(SCREENS[route.path] ?? ((r: PanelRoute) => <PlaceholderPage title={routeTitle(r)} />))(route)}
          </RequireRole>
        ),
      })),
      { path: '/not-authorized', element: <NotAuthorizedPage /> },
    ],
  },
  { path: '/home', element: <Navigate to="/" replace /> },
  { path: '*', element: <NotFoundPage /> },
];

export const routes: RouteObject[] = [{ errorElement: <RouteErrorPage />, children: pages }];

export const createRouter = () => createBrowserRouter(routes);
