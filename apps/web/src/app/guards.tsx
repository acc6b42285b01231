import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { API, canOpen, type PanelRoute } from '@blaster/contract';
import { apiRequest } from '../lib/api';
import { clearSession, useSession } from '../lib/session';

const validated = new Map<string, Promise<boolean | 'page-left'>>();

// A request cut off because the page is being left is not a failed validation.
let leavingPage = false;
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => (leavingPage = true));
  window.addEventListener('beforeunload', () => (leavingPage = true));
  window.addEventListener('pageshow', () => (leavingPage = false));
}

/** Asks the server once per token whether it is still good; 'false', false or a failure mean no. */
export function validateToken(token: string): Promise<boolean | 'page-left'> {
  let pending = validated.get(token);
  if (!pending) {
    pending = apiRequest<{ isvalid: unknown }>(API.validate, { method: 'POST', body: { token }, auth: false })
      .then((answer) => answer.isvalid !== false && answer.isvalid !== 'false')
      .catch(() => (leavingPage ? ('page-left' as const) : false));
    validated.set(token, pending);
  }
  return pending;
}

/** Signed-in area: no token goes to /signin; a token the server rejects logs out. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { token, user } = useSession();
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    void validateToken(token).then((valid) => {
      if (valid === false && !cancelled) {
        validated.delete(token);
        clearSession();
        navigate('/signin', { replace: true });
      }
    });
    return () => {
      cancelled = true;
    };
  }, [token, navigate]);

  if (!token || !user) return <Navigate to="/signin" replace state={{ from: location.pathname }} />;
  return <>{children}</>;
}

/** A screen of the route table: a role not listed goes to /not-authorized. */
export function RequireRole({ route, children }: { route: PanelRoute; children: ReactNode }) {
  const { user } = useSession();
  if (!user?.role) return <Navigate to="/signin" replace />;
  if (!canOpen(user.role, route.path)) return <Navigate to="/not-authorized" replace />;
  return <>{children}</>;
}

/** Sign-in and sign-up: someone already signed in goes to the dashboard. */
export function PublicOnly({ children }: { children: ReactNode }) {
  const { token } = useSession();
  if (token) return <Navigate to="/dashboard" replace />;
  return <>{children}</>;
}
