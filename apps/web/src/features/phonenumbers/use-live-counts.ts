import { useEffect, useRef, useState } from 'react';
import {
  FLASH_MS,
  REALTIME_CHANNEL_CLIENT_ADMIN,
  type PhoneNumberWithConsentRow as PhoneNumberRow,
} from '@blaster/contract';
import { subscribe } from '../../lib/realtime';
import { useReadAgain } from '../../lib/read-again';

interface Shown {
  /** The rows of the page as last read; a new read replaces what the events said. */
  rows: Pick<PhoneNumberRow, 'id'>[] | undefined;
  /** A read of the page is on its way. */
  fetching: boolean;
  refetch: () => unknown;
}

/**
 * Sends update counts, last sent and the in-use mark as they happen; a count change flashes 1 s. A send
 * to a shown number heard while a read is on its way may be newer than what the read returns (each
 * number hears of a blast once), so the page is read again when that read ends.
 */
export function useLiveCounts({ rows, fetching, refetch }: Shown) {
  const [flash, setFlash] = useState<Record<number, boolean>>({});
  const [live, setLive] = useState<Record<number, Partial<PhoneNumberRow>>>({});
  const latest = useRef({ rows, refetch });
  latest.current = { rows, refetch };
  const heardDuringRead = useReadAgain(fetching, refetch);
  useEffect(() => setLive({}), [rows]);
  useEffect(
    () =>
      subscribe(
        REALTIME_CHANNEL_CLIENT_ADMIN,
        (message) => {
          const payload = (message.payload ?? {}) as Partial<PhoneNumberRow> & { receiverId?: number };
          const id = payload.receiverId;
          if (typeof id !== 'number') return;
          setLive((current) => ({ ...current, [id]: { ...current[id], ...payload } }));
          if (latest.current.rows?.some((row) => row.id === id)) heardDuringRead();
          if (message.event === 'count_success' || message.event === 'count_fail') {
            setFlash((current) => ({ ...current, [id]: true }));
            setTimeout(() => setFlash(({ [id]: _done, ...rest }) => rest), FLASH_MS);
          }
        },
        // What was sent before the channel opened reached no one: the page is read again.
        () => void latest.current.refetch(),
      ),
    [heardDuringRead],
  );
  return { flash, live };
}
