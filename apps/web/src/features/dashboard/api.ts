import Cookies from 'js-cookie';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { COOKIE_DASHBOARD, REALTIME_CHANNEL_ADMIN } from '@blaster/contract';
import { useRefreshOnEvents } from '../../lib/refresh-on-events';
import { longLivedCookie } from '../../lib/session';

/** Every dashboard figure lives under 'dashboard', so one invalidation refreshes cards and charts. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  figure: (key: string, scope: unknown) => [...dashboardKeys.all, key, scope] as const,
  stats: (key: string, scope: unknown) => [...dashboardKeys.all, 'stats', key, scope] as const,
};

/** Last known figures, shown at once on the next visit while fresh ones load, so the dashboard never opens empty. */
type Cache = Record<string, unknown>;

function readCache(): Cache {
  try {
    return JSON.parse(Cookies.get(COOKIE_DASHBOARD) ?? '{}') as Cache;
  } catch {
    return {};
  }
}

function writeCache(key: string, value: unknown) {
  Cookies.set(COOKIE_DASHBOARD, JSON.stringify({ ...readCache(), [key]: value }), longLivedCookie);
}

/** A figure card's answer; `scope` is what the answer depends on (the user, a range). */
export function useEndpointFigure<T>(key: string, scope: unknown, load: () => Promise<T>): UseQueryResult<T> {
  return useQuery<T>({
    queryKey: dashboardKeys.figure(key, scope),
    queryFn: async () => {
      const value = await load();
      writeCache(key, value);
      return value;
    },
    // The cookie only ever holds answers of the same call.
    placeholderData: readCache()[key] as never,
  });
}

/** Chart figures; `scope` is what the answer depends on (the user, a range). */
export function useStats<T>(key: string, scope: unknown, load: () => Promise<T>) {
  return useQuery<T>({
    queryKey: dashboardKeys.stats(key, scope),
    queryFn: load,
  });
}

const LIVE_EVENTS = new Set([
  'count_success',
  'count_fail',
  'count_synced',
  'connection.update',
  'reset',
  'suspended',
]);
const isLiveEvent = (message: { event: string }) => LIVE_EVENTS.has(message.event);

/** Blast and connection events on the viewer's channel refresh the figures without a reload. */
export function useLiveFigures(channel: string | undefined) {
  // Bursts of events during a blast collapse into one refresh per second.
  useRefreshOnEvents(channel, isLiveEvent, dashboardKeys.all, 1000);
}

export const adminChannel = REALTIME_CHANNEL_ADMIN;
