import { useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT_PX } from '@blaster/contract';

const QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`;

function subscribe(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => {};
  const media = window.matchMedia(QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

// Without matchMedia (a test document) the screen counts as wide and lists stay tables.
const narrowNow = () => typeof window.matchMedia === 'function' && window.matchMedia(QUERY).matches;

/** True below the mobile breakpoint, where lists show one card per row instead of a table. */
export function useIsNarrow(): boolean {
  return useSyncExternalStore(subscribe, narrowNow, () => false);
}
