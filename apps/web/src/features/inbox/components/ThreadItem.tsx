import clsx from 'clsx';
import type { InboxThreadRow } from '@blaster/contract';
import { t } from '../../../i18n';
import { formatDateTime } from '../../../components/data-table';
import { UserText } from '../../../components/UserText';

/** One thread in the list: its number, account, time, last words and unread count. */
export function ThreadItem({
  thread,
  current,
  onOpen,
}: {
  thread: InboxThreadRow;
  current: boolean;
  onOpen: () => void;
}) {
  return (
    <button
      type="button"
      data-testid={`inbox-thread-${thread.id}`}
      aria-current={current ? 'true' : undefined}
      onClick={onOpen}
      className={clsx(
        'block w-full px-4 py-3 text-left hover:bg-gray-50 dark:hover:bg-white/5',
        current && 'bg-brand-50 dark:bg-brand-500/10',
      )}
    >
      <span className="flex items-baseline justify-between gap-2">
        <span className="font-medium text-gray-800 dark:text-white/90">{thread.counterpart}</span>
        <span className="shrink-0 text-xs text-muted">{formatDateTime(thread.last_at)}</span>
      </span>
      <span className="block text-xs text-muted">
        {t('inbox.account', { account: thread.account ?? '-' })}
      </span>
      <span className="mt-1 flex items-center justify-between gap-2 text-sm">
        <span className="truncate text-gray-600 dark:text-gray-300">
          {thread.last_direction === 'out' ? t('inbox.you') : ''}
          <UserText text={thread.last_text} />
        </span>
        {thread.unread > 0 && (
          <span
            data-testid={`inbox-unread-${thread.id}`}
            className="shrink-0 rounded-full bg-brand-500 px-2 py-0.5 text-xs text-white"
            title={t('inbox.unread', { unread: thread.unread })}
          >
            {thread.unread}
          </span>
        )}
      </span>
    </button>
  );
}
