import { REFERRAL_QUERY_PARAM, STORAGE_REFERRAL_CODE } from '@blaster/contract';

/**
 * On start: a `referral` parameter is remembered for sign-up and removed from the address
 * without a reload, so the code survives browsing around before signing up.
 */
export function captureReferral(win: Window = window) {
  const url = new URL(win.location.href);
  const code = url.searchParams.get(REFERRAL_QUERY_PARAM);
  if (code === null) return;
  if (code.trim()) win.localStorage.setItem(STORAGE_REFERRAL_CODE, code.trim());
  url.searchParams.delete(REFERRAL_QUERY_PARAM);
  win.history.replaceState(win.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

export function storedReferral(): string {
  return window.localStorage.getItem(STORAGE_REFERRAL_CODE) ?? '';
}
