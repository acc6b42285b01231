import { t, useMessages } from '../../../i18n';
import { Button } from '../../../components/form';
import { errorText } from '../../../lib/api';
import type { InboxState } from '../use-inbox';
import { ThreadItem } from './ThreadItem';

/** The threads, newest activity first: number, account, last words and what is unread. */
export function ThreadList({ inbox }: { inbox: InboxState }) {
  const MSG = useMessages();
  const { threads, openId, open, unreadOnly, setUnreadOnly } = inbox;
  const rows = threads.data?.pages.flatMap((page) => page.data) ?? [];
  let body;
  if (threads.isError)
    body = (
      <p role="alert" className="p-4 text-sm text-danger">
        {errorText(threads.error)}
      </p>
    );
  else if (threads.isPending) body = <p className="p-4 text-sm text-muted">{MSG.loading}</p>;
  else if (rows.length === 0)
    body = (
      <p data-testid="inbox-empty" className="p-4 text-sm text-muted">
        {t('inbox.empty')}
      </p>
    );
  else
    body = (
      <ul data-testid="inbox-threads" className="divide-y divide-gray-100 dark:divide-gray-800">
        {rows.map((thread) => (
          <li key={thread.id}>
            <ThreadItem thread={thread} current={thread.id === openId} onOpen={() => open(thread.id)} />
          </li>
        ))}
      </ul>
    );
  return (
    <div className="flex min-h-0 flex-col">
      <label className="flex items-center gap-2 border-b border-gray-100 px-4 py-3 text-sm text-gray-700 dark:border-gray-800 dark:text-gray-300">
        <input
          type="checkbox"
          checked={unreadOnly}
          onChange={(event) => setUnreadOnly(event.target.checked)}
        />
        {t('inbox.unreadOnly')}
      </label>
      {body}
      {threads.hasNextPage && (
        <Button
          variant="outline"
          className="m-4"
          loading={threads.isFetchingNextPage}
          onClick={() => void threads.fetchNextPage()}
        >
          {t('inbox.moreThreads')}
        </Button>
      )}
    </div>
  );
}
