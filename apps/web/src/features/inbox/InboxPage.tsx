import clsx from 'clsx';
import { t } from '../../i18n';
import { Breadcrumb } from '../../components/Breadcrumb';
import { useInbox } from './use-inbox';
import { ThreadList } from './components/ThreadList';
import { ThreadView } from './components/ThreadView';

/**
 * /inbox: replies to blasts, one thread per account and number, newest activity first, followed live.
 * Side by side on a wide screen; on a phone the list, or the open thread with a way back.
 */
export function InboxPage() {
  const inbox = useInbox();
  const threadOpen = inbox.openId !== null;
  return (
    <>
      <Breadcrumb title={t('route./inbox')} />
      <section className="grid overflow-hidden rounded-2xl border border-gray-200 bg-white md:h-[calc(100vh-12rem)] md:grid-cols-[minmax(16rem,22rem)_1fr] dark:border-gray-800 dark:bg-white/[0.03]">
        <div
          className={clsx(
            'min-h-0 overflow-y-auto border-gray-100 md:block md:border-r dark:border-gray-800',
            threadOpen && 'hidden',
          )}
        >
          <h2 className="border-b border-gray-100 px-4 py-3 text-lg font-semibold text-gray-800 dark:border-gray-800 dark:text-white/90">
            {t('inbox.threads')}
          </h2>
          <ThreadList inbox={inbox} />
        </div>
        <div className={clsx('min-h-0 md:flex md:flex-col', threadOpen ? 'flex flex-col' : 'hidden')}>
          <ThreadView inbox={inbox} />
        </div>
      </section>
    </>
  );
}
