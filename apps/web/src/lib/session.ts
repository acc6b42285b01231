import Cookies from 'js-cookie';
import { useSyncExternalStore } from 'react';
import {
  COOKIE_ANALYTICS,
  COOKIE_AUTH_TOKEN,
  COOKIE_DASHBOARD,
  COOKIE_MAX_AGE_SECONDS,
  COOKIE_USER,
  userSchema,
  type User,
} from '@blaster/contract';

const TEN_YEARS_IN_DAYS = COOKIE_MAX_AGE_SECONDS / 86_400;
export const longLivedCookie = { path: '/', expires: TEN_YEARS_IN_DAYS, sameSite: 'lax' as const };

const listeners = new Set<() => void>();
let version = 0;
const notify = () => {
  version += 1;
  listeners.forEach((listener) => listener());
};

export function getToken(): string | undefined {
  return Cookies.get(COOKIE_AUTH_TOKEN) || undefined;
}

/** The stored user, or null when the cookie is missing or not a user any more. */
export function getStoredUser(): User | null {
  const raw = Cookies.get(COOKIE_USER);
  if (!raw) return null;
  try {
    const parsed = userSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** After sign-in or sign-up: both cookies, 10 years (or the browser session when not kept). */
export function saveSession(token: string, user: User, keep = true) {
  const options = keep ? longLivedCookie : { path: '/', sameSite: 'lax' as const };
  Cookies.set(COOKIE_AUTH_TOKEN, token, options);
  Cookies.set(COOKIE_USER, JSON.stringify(user), options);
  Cookies.remove(COOKIE_ANALYTICS, { path: '/' });
  notify();
}

export function saveUser(user: User) {
  Cookies.set(COOKIE_USER, JSON.stringify(user), longLivedCookie);
  notify();
}

export function clearSession() {
  Cookies.remove(COOKIE_AUTH_TOKEN, { path: '/' });
  Cookies.remove(COOKIE_USER, { path: '/' });
  Cookies.remove(COOKIE_DASHBOARD, { path: '/' });
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Re-renders when the session changes (sign-in, profile save, sign-out). */
export function useSession(): { token: string | undefined; user: User | null } {
  useSyncExternalStore(subscribe, () => version);
  return { token: getToken(), user: getStoredUser() };
}
