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
import { PublicOnly, RequireAuth, RequireRole } from './guards';
import { AppLayout } from './layout/AppLayout';

/** Screens built so far; every other route of the table shows a placeholder naming it. */
const SCREENS: Record<string, (route: PanelRoute) => React.ReactNode> = {
  '/': () => <DashboardPage />,
  '/dashboard': () => <DashboardPage />,
  '/profile': () => <ProfilePage />,
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
