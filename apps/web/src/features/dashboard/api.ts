import { useEffect } from 'react';
import Cookies from 'js-cookie';
import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import {
  COOKIE_DASHBOARD,
  ENDPOINTS,
  REALTIME_CHANNEL_ADMIN,
  endpointPath,
  type EndpointAnswer,
  type Endpoints,
  type RealtimeMessage,
} from '@blaster/contract';
import { apiRequest, callEndpoint } from '../../lib/api';
import { subscribe } from '../../lib/realtime';
import { longLivedCookie } from '../../lib/session';

/** Every dashboard figure lives under 'dashboard', so one invalidation refreshes cards and charts. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  figure: (key: string, path: string) => [...dashboardKeys.all, key, path] as const,
  stats: (key: string, path: string) => [...dashboardKeys.all, 'stats', key, path] as const,
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

export function useFigure<T>(key: string, path: string, fallback: string): UseQueryResult<T> {
  return useFigureOf(key, path, () => apiRequest<T>(path, { fallback }));
}

/** Dashboard figures read from the endpoint table: no input but the user (or `all`) in the path. */
type FigureEndpoint =
  | 'settingGet'
  | 'messageLogCount'
  | 'todayIncome'
  | 'todayCount'
  | 'totalCount'
  | 'balance'
  | 'totalBonus'
  | 'activeUsers';
type FigureParams = { userId: number | string } | undefined;

/** A figure of a named endpoint, kept in the cookie cache like `useFigure`'s. */
export function useEndpointFigure<N extends FigureEndpoint>(
  key: string,
  name: N,
  params: FigureParams,
  fallback: string,
): UseQueryResult<EndpointAnswer<Endpoints[N]>> {
  const call = callEndpoint as (
    endpoint: FigureEndpoint,
    input: { params: FigureParams },
    options: { fallback: string },
  ) => Promise<EndpointAnswer<Endpoints[N]>>;
  return useFigureOf(key, endpointPath(ENDPOINTS[name].path, params), () =>
    call(name, { params }, { fallback }),
  );
}

function useFigureOf<T>(key: string, path: string, load: () => Promise<T>): UseQueryResult<T> {
  return useQuery<T>({
    queryKey: dashboardKeys.figure(key, path),
    queryFn: async () => {
      const value = await load();
      writeCache(key, value);
      return value;
    },
    // The cookie only ever holds answers of the same call.
    placeholderData: readCache()[key] as never,
  });
}

/** Chart figures; `fallback` is the text shown when the server gives no reason for a failure. */
export function useStats<T>(key: string, path: string, fallback: string) {
  return useQuery<T>({
    queryKey: dashboardKeys.stats(key, path),
    queryFn: () => apiRequest<T>(path, { fallback }),
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

/** Blast and connection events on the viewer's channel refresh the figures without a reload. */
export function useLiveFigures(channel: string | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!channel) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const unsubscribe = subscribe(channel, (message: RealtimeMessage) => {
      if (!LIVE_EVENTS.has(message.event) || timer) return;
      // Bursts of events during a blast collapse into one refresh per second.
      timer = setTimeout(() => {
        timer = null;
        void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
      }, 1000);
    });
    return () => {
      if (timer) clearTimeout(timer);
      unsubscribe();
    };
  }, [channel, queryClient]);
}

export const adminChannel = REALTIME_CHANNEL_ADMIN;
