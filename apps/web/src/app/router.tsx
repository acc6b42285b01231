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
import { ConnectPage } from '../features/whatsapp/ConnectPage';
import { MonitorPage } from '../features/monitor/MonitorPage';
import { PublicOnly, RequireAuth, RequireRole } from './guards';
import { AppLayout } from './layout/AppLayout';

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
            {(SCREENS[route.path] ?? ((r: PanelRoute) => <PlaceholderPage title={r.title} />))(route)}
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
