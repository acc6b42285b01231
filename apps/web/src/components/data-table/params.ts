import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE, PAGE_SIZE, PAGE_SIZE_CHOICES, SEARCH_DELAY_MS } from '@blaster/contract';

/** The cursors Previous and Next leave in the address so that the next page is a seek on the server. */
const CURSOR_KEYS = ['after', 'before'] as const;
/** How a list's rows are read besides the page: its size and sort, sent as the address has them. */
const READ_KEYS = ['per_page', 'sort', 'dir'] as const;

/** The page size in the address when it is one of the choices, else the server's default. */
function pageSizeOf(params: URLSearchParams): number {
  const wanted = Number(params.get('per_page'));
  return PAGE_SIZE_CHOICES.some((choice) => choice === wanted) ? wanted : PAGE_SIZE;
}

/**
 * The page number kept in the address (query page, default 1), plus other query values. `pageQuery`
 * is what a list sends to its API: the page, its size and sort when chosen, and the cursor Previous
 * or Next left, if any.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const parsed = Number(params.get('page'));
  const page = Number.isInteger(parsed) && parsed >= 1 ? parsed : DEFAULT_PAGE;
  const set = (changes: Record<string, string | number | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        // Any other move (a search, a filter, a page typed in) drops the cursor of the last move.
        if (!CURSOR_KEYS.some((key) => key in changes)) for (const key of CURSOR_KEYS) next.delete(key);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, String(value));
        }
        return next;
      },
      // Drawn at once rather than in a transition: until the page redraws, every filter's handler
      // still holds the old address, and a second change made in between would drop the first.
      { replace: false, flushSync: true },
    );
  const pageQuery = new URLSearchParams({ page: String(page) });
  for (const key of READ_KEYS) {
    const value = params.get(key);
    if (value) pageQuery.set(key, value);
  }
  for (const key of CURSOR_KEYS) {
    const cursor = params.get(key);
    if (cursor && page > 1) pageQuery.set(key, cursor);
  }
  const status = params.get('status');
  const withStatus = new URLSearchParams(pageQuery);
  if (status) withStatus.set('status', status);
  return {
    page,
    perPage: pageSizeOf(params),
    pageQuery: pageQuery.toString(),
    /** `pageQuery` with the status filter's choice, for a list whose only filter it is. */
    pageAndStatusQuery: withStatus.toString(),
    params,
    set,
    setPage: (value: number) => set({ page: value }),
  };
}

/** A value that follows the input only after the user stopped typing for a second: one request per pause, not per key. */
export function useDebounced<T>(value: T, delay = SEARCH_DELAY_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * The search box of a list: what is typed, and the settled search kept in the address as `s`
 * (a new search starts again at page 1). The address changes when typing pauses, from the address
 * as it is then, so a filter picked while typing is kept.
 */
export function useListSearch() {
  const { params, set } = useListParams();
  const [typed, setTyped] = useState(params.get('s') ?? '');
  const search = params.get('s') ?? '';
  const latestSet = useRef(set);
  useLayoutEffect(() => {
    latestSet.current = set;
  });
  useEffect(() => {
    const settled = typed.trim();
    if (settled === search) return;
    const timer = setTimeout(() => latestSet.current({ s: settled, page: 1 }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]); // eslint-disable-line react-hooks/exhaustive-deps
  /** A list's query (its page, sort, filters) with the settled search, which the API reads as `search`. */
  const withSearch = (query: string) => {
    const searched = new URLSearchParams(query);
    if (search) searched.set('search', search);
    return searched.toString();
  };
  return { typed, setTyped, search, withSearch };
}
