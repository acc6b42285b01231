import { useEffect } from 'react';
import clsx from 'clsx';
import { ArrowLeft } from 'lucide-react';
import { t, useMessages } from '../../../i18n';
import { Button } from '../../../components/form';
import { formatDateTime } from '../../../components/data-table';
import { UserText } from '../../../components/UserText';
import { errorText } from '../../../lib/api';
import { useInboxThread, useMarkRead } from '../api';
import type { InboxState } from '../use-inbox';
import { ReplyBox } from './ReplyBox';

/** The open thread: its messages oldest first (older pages on demand), then the answer box. */
export function ThreadView({ inbox }: { inbox: InboxState }) {
  const MSG = useMessages();
  const { openId, open, userId } = inbox;
  const thread = useInboxThread(openId);
  const markRead = useMarkRead();
  const head = thread.data?.pages[0]?.thread;
  const unreadOwn = head && head.user_id === userId && head.unread > 0 ? head.id : null;
  const { mutate: mark } = markRead;
  useEffect(() => {
    if (unreadOwn !== null) mark(unreadOwn);
  }, [unreadOwn, mark]);

  if (openId === null) return <p className="p-4 text-sm text-muted">{t('inbox.pick')}</p>;
  if (thread.isError)
    return (
      <p role="alert" className="p-4 text-sm text-danger">
        {errorText(thread.error)}
      </p>
    );
  if (!head) return <p className="p-4 text-sm text-muted">{MSG.loading}</p>;
  // Pages come newest first; the thread reads oldest first.
  const messages = (thread.data?.pages.flatMap((page) => page.data) ?? []).reverse();
  return (
    <div className="flex min-h-0 flex-col" data-testid="inbox-thread">
      <header className="flex items-center gap-3 border-b border-gray-100 px-4 py-3 dark:border-gray-800">
        <button
          type="button"
          onClick={() => open(null)}
          className="rounded p-1 text-gray-600 hover:bg-gray-100 md:hidden dark:text-gray-300 dark:hover:bg-white/5"
          aria-label={t('inbox.back')}
        >
          <ArrowLeft className="size-5" aria-hidden="true" />
        </button>
        <div>
          <div className="font-medium text-gray-800 dark:text-white/90">{head.counterpart}</div>
          <div className="text-xs text-muted">{t('inbox.account', { account: head.account ?? '-' })}</div>
        </div>
      </header>
      <div className="flex-1 space-y-3 overflow-y-auto p-4">
        {thread.hasNextPage && (
          <Button
            variant="outline"
            loading={thread.isFetchingNextPage}
            onClick={() => void thread.fetchNextPage()}
          >
            {t('inbox.older')}
          </Button>
        )}
        {messages.length === 0 && <p className="text-sm text-muted">{t('inbox.noMessages')}</p>}
        <ol data-testid="inbox-messages" className="space-y-3">
          {messages.map((message) => (
            <li
              key={message.id}
              data-direction={message.direction}
              className={clsx('flex', message.direction === 'out' ? 'justify-end' : 'justify-start')}
            >
              <div
                className={clsx(
                  'max-w-[85%] rounded-2xl px-4 py-2 text-sm',
                  message.direction === 'out'
                    ? 'bg-brand-500 text-white'
                    : 'bg-gray-100 text-gray-800 dark:bg-white/10 dark:text-white/90',
                )}
              >
                <p className="break-words whitespace-pre-wrap">
                  <UserText text={message.text} />
                </p>
                <p className="mt-1 text-xs opacity-75">
                  {formatDateTime(message.at)}
                  {message.template_id !== null &&
                    ` · ${t('inbox.answered', { template: message.template_id })}`}
                </p>
              </div>
            </li>
          ))}
        </ol>
      </div>
      <ReplyBox thread={head} userId={userId} />
    </div>
  );
}
