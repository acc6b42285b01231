import { STORAGE_ONBOARDING_HIDDEN } from '@blaster/contract';

/** Whether this user hid the checklist on this browser. */
export function isChecklistHidden(userId: number): boolean {
  try {
    return window.localStorage.getItem(`${STORAGE_ONBOARDING_HIDDEN}:${userId}`) === '1';
  } catch {
    return false;
  }
}

export function hideChecklist(userId: number) {
  try {
    window.localStorage.setItem(`${STORAGE_ONBOARDING_HIDDEN}:${userId}`, '1');
  } catch {
    // Storage refused (private mode): hidden for this visit only.
  }
}
