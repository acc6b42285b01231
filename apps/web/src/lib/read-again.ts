import { useCallback, useEffect, useRef } from 'react';

/**
 * For a page that applies realtime events to the rows it read: an event heard while a read is on its
 * way may be newer than what that read returns, and the read's rows would replace it. `heard` notes
 * such an event; the rows are then read once more when that read ends.
 */
export function useReadAgain(fetching: boolean, refetch: () => unknown) {
  const latest = useRef({ fetching, refetch });
  const readAgain = useRef(false);
  // Set while rendering: a read starts with a synchronous render, before any socket message is handled.
  latest.current = { fetching, refetch };
  useEffect(() => {
    if (fetching || !readAgain.current) return;
    readAgain.current = false;
    void latest.current.refetch();
  }, [fetching]);
  return useCallback(() => {
    if (latest.current.fetching) readAgain.current = true;
  }, []);
}
