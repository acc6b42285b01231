import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api';

export type MonitorKind = 'local' | 'remote' | 'socket' | 'realtime';

const ENDPOINT = {
  local: 'monitorLocal',
  remote: 'monitorRemote',
  socket: 'monitorSocket',
  realtime: 'monitorSocket',
} as const satisfies Record<MonitorKind, string>;

export const monitorKeys = {
  all: ['monitor'] as const,
  recent: (kind: MonitorKind, id: string) => [...monitorKeys.all, kind, id] as const,
};

/** The latest recorded events of a monitor (for one id where the monitor takes one). */
export function useRecentEvents(kind: MonitorKind, id: string) {
  return useQuery({
    queryKey: monitorKeys.recent(kind, id),
    queryFn: async () => {
      try {
        const query = kind === 'local' || !id ? {} : { id };
        return (await callEndpoint(ENDPOINT[kind], { query })).data;
      } catch {
        // Monitor failures quietly show an empty list: they are a developer's aid, not a page to fail.
        return [];
      }
    },
  });
}
