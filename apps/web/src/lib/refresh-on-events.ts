import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { RealtimeEvent } from '@blaster/contract';
import { subscribe } from './realtime';

/**
 * Fetches `queryKey` again after the events on `channel` that `matches`: a burst of them (a running
 * blast or lookup sends many a second) collapses into one refresh, `delayMs` after its first event.
 */
export function useRefreshOnEvents(
  channel: string | null | undefined,
  matches: (message: RealtimeEvent) => boolean,
  queryKey: QueryKey,
  delayMs: number,
) {
  const queryClient = useQueryClient();
  // The latest test and key, without subscribing again on every render.
  const latest = useRef({ matches, queryKey });
  useEffect(() => {
    latest.current = { matches, queryKey };
  });
  useEffect(() => {
    if (!channel) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const unsubscribe = subscribe(channel, (message) => {
      if (timer || !latest.current.matches(message)) return;
      timer = setTimeout(() => {
        timer = null;
        void queryClient.invalidateQueries({ queryKey: latest.current.queryKey });
      }, delayMs);
    });
    return () => {
      if (timer) clearTimeout(timer);
      unsubscribe();
    };
  }, [channel, delayMs, queryClient]);
}
