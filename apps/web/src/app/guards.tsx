import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { canOpen, type PanelRoute } from '@blaster/contract';
import { callEndpoint } from '../lib/api';
import { signOut, useSession } from '../lib/session';

const validated = new Map<number, Promise<boolean | 'page-left'>>();

// A request cut off because the page is being left is not a failed validation.
let leavingPage = false;
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => (leavingPage = true));
  window.addEventListener('beforeunload', () => (leavingPage = true));
  window.addEventListener('pageshow', () => (leavingPage = false));
}

/**
 * Asks the server once per signed-in user whether the session is still good; false or a failure
 * mean no. The token is in its HttpOnly cookie, which the browser sends with the call.
 */
export function validateSession(userId: number): Promise<boolean | 'page-left'> {
  let pending = validated.get(userId);
  if (!pending) {
    pending = callEndpoint('validate', { body: {} })
      .then((answer) => answer.isvalid)
      .catch(() => (leavingPage ? ('page-left' as const) : false));
    validated.set(userId, pending);
  }
  return pending;
}

/** Signed-in area: no session goes to /signin; a session the server rejects logs out. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const userId = user?.id;

  useEffect(() => {
    if (userId === undefined) return;
    let cancelled = false;
    void validateSession(userId).then(async (valid) => {
      if (valid === false && !cancelled) {
        validated.delete(userId);
        await signOut();
        navigate('/signin', { replace: true });
      }
    });
    return () => {
      cancelled = true;
    };
  }, [userId, navigate]);

  if (!user) return <Navigate to="/signin" replace state={{ from: location.pathname }} />;
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
  const { user } = useSession();
  if (user) return <Navigate to="/dashboard" replace />;
  return <>{children}</>;
}
