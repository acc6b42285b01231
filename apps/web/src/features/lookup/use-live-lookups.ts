import { useEffect, useState } from 'react';
import { type LookupKind, type LookupRow, type User } from '@blaster/contract';
import { subscribe } from '../../lib/realtime';
import { userChannel } from '../../lib/user-channel';
import { useRefreshOnEvents } from '../../lib/refresh-on-events';
import { lookupKeys } from './api';

/** How often, at most, a running job's results redraw the chart. */
const CHART_REFRESH_MS = 2_000;

/**
 * The rows of a generator or validator list, kept current by the viewer's realtime channel; `setLive`
 * lays a row's fresh answer over the server's until the list is read again.
 */
export function useLiveLookups(kind: LookupKind, user: User | null, serverRows: LookupRow[] | undefined) {
  const [live, setLive] = useState<Record<number, Partial<LookupRow>>>({});
  useEffect(() => setLive({}), [serverRows]);

  const channel = userChannel(user);
  useEffect(() => {
    if (!channel) return;
    return subscribe(channel, (message) => {
      const payload = (message.payload ?? {}) as Record<string, unknown>;
      const item = payload[kind] as Partial<LookupRow> | undefined;
      if (item && typeof item.id === 'number') {
        const ended = message.event === 'finished' || message.event.startsWith('error_');
        setLive((current) => ({
          ...current,
          [item.id!]: {
            ...current[item.id!],
            ...item,
            ...(ended ? { progress: 100, current_number: null } : {}),
          },
        }));
      } else if (message.event === 'connection.update') {
        // Connection updates are matched by the account's clientid.
        const clientid = message.sender?.clientid;
        const state = typeof payload.state === 'string' ? payload.state : null;
        setLive((current) => {
          const next = { ...current };
          for (const row of serverRows ?? [])
            if (row.Whatsapp?.clientid === clientid) next[row.id] = { ...next[row.id], state };
          return next;
        });
      }
    });
  }, [channel, kind, serverRows]);

  const rows = serverRows?.map((row) => ({ ...row, ...live[row.id] }));
  const setRow = (id: number, row: LookupRow) => setLive((current) => ({ ...current, [id]: row }));
  return { rows, setRow };
}

/**
 * The found / not-found chart follows running jobs: each burst of the kind's events on the viewer's
 * channel fetches the figures again, at most once every two seconds.
 */
export function useLiveLookupStats(kind: LookupKind, user: User) {
  const channel = userChannel(user);
  useRefreshOnEvents(
    channel,
    (message) => Boolean((message.payload as Record<string, unknown> | undefined)?.[kind]),
    lookupKeys.allStats(kind),
    CHART_REFRESH_MS,
  );
}
