import { useSyncExternalStore } from 'react';
import clsx from 'clsx';
import { messages } from '../../i18n';
import { onRealtimeStatus, realtimeStatus } from '../../lib/realtime';

// Read while rendering, so they follow the language switch.
const LABEL = {
  get live() {
    const MSG = messages();
    return MSG.realtimeLive;
  },
  get offline() {
    const MSG = messages();
    return MSG.realtimeOffline;
  },
  get connecting() {
    const MSG = messages();
    return MSG.realtimeConnecting;
  },
};
const HINT = {
  get live() {
    const MSG = messages();
    return MSG.realtimeLiveHint;
  },
  get offline() {
    const MSG = messages();
    return MSG.realtimeOfflineHint;
  },
  get connecting() {
    const MSG = messages();
    return MSG.realtimeConnecting;
  },
};

/** Whether live updates reach the panel: a green 'Live', or a red 'Offline' the moment they stop. */
export function LiveIndicator() {
  const status = useSyncExternalStore(onRealtimeStatus, realtimeStatus);
  return (
    <span
      role="status"
      data-testid="realtime-status"
      data-status={status}
      title={HINT[status]}
      className={clsx(
        'inline-flex h-8 shrink-0 items-center gap-1.5 rounded-full border px-2.5 text-xs font-medium',
        status === 'live' &&
          'border-emerald-200 bg-emerald-50 text-emerald-700 dark:border-emerald-500/30 dark:bg-emerald-500/10 dark:text-emerald-300',
        status === 'offline' &&
          'border-red-200 bg-red-50 text-red-700 dark:border-red-500/30 dark:bg-red-500/15 dark:text-red-300',
        status === 'connecting' &&
          'border-gray-200 bg-gray-50 text-gray-600 dark:border-gray-700 dark:bg-white/5 dark:text-gray-400',
      )}
    >
      <span
        aria-hidden="true"
        className={clsx(
          'size-2 rounded-full',
          status === 'live' && 'bg-emerald-500',
          status === 'offline' && 'animate-pulse bg-red-500',
          status === 'connecting' && 'bg-gray-400',
        )}
      />
      {/* On a phone only 'Offline' takes room; the other states are the dot alone. */}
      <span className={status === 'offline' ? undefined : 'sr-only sm:not-sr-only'}>{LABEL[status]}</span>
      <span className="sr-only">{status === 'offline' ? ` — ${HINT.offline}` : ''}</span>
    </span>
  );
}
