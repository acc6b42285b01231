import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useMessages } from '../../i18n';
import { callEndpoint } from '../../lib/api';

export const inboxKeys = {
  all: ['inbox'] as const,
  threads: (unreadOnly: boolean) => [...inboxKeys.all, 'threads', unreadOnly] as const,
  thread: (id: number) => [...inboxKeys.all, 'thread', id] as const,
};

/** A page's figures: the next page's number while there is one. */
const nextPage = (meta: { page: number; totalPages: number }) =>
  meta.page < meta.totalPages ? meta.page + 1 : undefined;

/** The caller's threads (every account's for operators), newest activity first, a page at a time. */
export function useInboxThreads(unreadOnly: boolean) {
  const MSG = useMessages();
  return useInfiniteQuery({
    queryKey: inboxKeys.threads(unreadOnly),
    queryFn: ({ pageParam }) =>
      callEndpoint(
        'inboxThreads',
        { query: { page: pageParam, ...(unreadOnly ? { unread: '1' as const } : {}) } },
        { fallback: MSG.networkError },
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => nextPage(last.meta),
  });
}

/** One thread and its messages, newest page first; older pages on demand. */
export function useInboxThread(id: number | null) {
  const MSG = useMessages();
  return useInfiniteQuery({
    queryKey: inboxKeys.thread(id ?? 0),
    queryFn: ({ pageParam }) =>
      callEndpoint(
        'inboxMessages',
        { params: { id: id! }, query: { page: pageParam } },
        { fallback: MSG.networkError },
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => nextPage(last.meta),
    enabled: id !== null,
  });
}

/** The owner opened a thread: its unread count goes, in the list too. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint('inboxRead', { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...inboxKeys.all, 'threads'] }),
  });
}

/** An answer in a thread, through the send policy. */
export function useInboxReply(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { text: string; on_behalf_of_owner: boolean }) =>
      callEndpoint('inboxReply', { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inboxKeys.all }),
  });
}
