import Cookies from 'js-cookie';
import { useSyncExternalStore } from 'react';
import {
  API,
  COOKIE_ANALYTICS,
  COOKIE_AUTH_TOKEN,
  COOKIE_DASHBOARD,
  COOKIE_MAX_AGE_SECONDS,
  COOKIE_USER,
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

let parseStoredUser: ((raw: string) => User | null) | undefined;
// The last user cookie read or written, and what it held: checked once, not on every render.
let remembered: { raw: string; user: User | null } | undefined;

/**
 * Loads the check of the user cookie. The schema brings zod, which a visitor on the sign-in page never
 * needs: main.tsx waits for it only when a user cookie is there to check.
 */
export async function loadStoredUserCheck() {
  parseStoredUser ??= (await import('./stored-user')).parseStoredUser;
}

export const hasStoredUser = () => Boolean(Cookies.get(COOKIE_USER));

/** The stored user, or null when the cookie is missing or not a user any more. */
export function getStoredUser(): User | null {
  const raw = Cookies.get(COOKIE_USER);
  if (!raw) return null;
  if (remembered?.raw === raw) return remembered.user;
  // Not checked yet (a cookie written since start by another tab): no session until it is.
  if (!parseStoredUser) {
    void loadStoredUserCheck().then(notify);
    return null;
  }
  remembered = { raw, user: parseStoredUser(raw) };
  return remembered.user;
}

/**
 * After sign-in or sign-up: the server has set the token cookie (HttpOnly, out of reach of scripts);
 * the panel keeps the user cookie, 10 years (or the browser session when not kept), as the sign of a
 * session.
 */
export function saveSession(user: User, keep = true) {
  const options = keep ? longLivedCookie : { path: '/', sameSite: 'lax' as const };
  const raw = JSON.stringify(user);
  Cookies.set(COOKIE_USER, raw, options);
  // The server's answer is the user: no need to check it again.
  remembered = { raw, user };
  Cookies.remove(COOKIE_ANALYTICS, { path: '/' });
  notify();
}

export function saveUser(user: User) {
  const raw = JSON.stringify(user);
  Cookies.set(COOKIE_USER, raw, longLivedCookie);
  remembered = { raw, user };
  notify();
}

/** Forgets the session in this browser; the token cookie itself is cleared by the server (signOut). */
export function clearSession() {
  // A token cookie left by an older panel (before it became HttpOnly) is readable and goes too.
  Cookies.remove(COOKIE_AUTH_TOKEN, { path: '/' });
  Cookies.remove(COOKIE_USER, { path: '/' });
  Cookies.remove(COOKIE_DASHBOARD, { path: '/' });
  notify();
}

/** Sign out: the server ends the session everywhere and clears the token cookie, then the panel forgets. */
export async function signOut() {
  try {
    await fetch(API.logout, { method: 'POST', credentials: 'same-origin' });
  } catch {
    // Offline: the panel still forgets the session; the token ends when it expires.
  }
  clearSession();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Re-renders when the session changes (sign-in, profile save, sign-out). The token cookie is
 * HttpOnly, so the readable user cookie is what tells the panel it is signed in.
 */
export function useSession(): { user: User | null } {
  useSyncExternalStore(subscribe, () => version);
  return { user: getStoredUser() };
}
