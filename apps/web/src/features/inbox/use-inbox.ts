import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  REALTIME_CHANNEL_ADMIN,
  REALTIME_CHANNEL_PRIVATE,
  isOperatorRole,
  type RealtimeEvent,
} from '@blaster/contract';
import { useRefreshOnEvents } from '../../lib/refresh-on-events';
import { getStoredUser } from '../../lib/session';
import { inboxKeys, useInboxThreads } from './api';

/** A burst of replies (a blast being answered) is one refresh of the open inbox. */
const REFRESH_AFTER_MS = 300;
const isInboxEvent = (message: RealtimeEvent) => message.event === 'inbox_message';

/**
 * The inbox's state: the threads (unread only, or all), the open thread (in the address, so a phone's
 * back button returns to the list) and the live refresh. Operators hear every account's messages on
 * their channel, a member their own on their private one.
 */
export function useInbox() {
  const user = getStoredUser();
  const operator = isOperatorRole(user?.role);
  const [params, setParams] = useSearchParams();
  const [unreadOnly, setUnreadOnly] = useState(false);
  const threads = useInboxThreads(unreadOnly);
  const opened = Number(params.get('thread'));
  const openId = Number.isInteger(opened) && opened > 0 ? opened : null;
  useRefreshOnEvents(
    user ? (operator ? REALTIME_CHANNEL_ADMIN : REALTIME_CHANNEL_PRIVATE) : null,
    isInboxEvent,
    inboxKeys.all,
    REFRESH_AFTER_MS,
  );
  const open = (id: number | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id === null) next.delete('thread');
      else next.set('thread', String(id));
      return next;
    });
  return { userId: user?.id ?? null, threads, openId, open, unreadOnly, setUnreadOnly };
}
export type InboxState = ReturnType<typeof useInbox>;
