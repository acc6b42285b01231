import { Message, type CatalogKey, type MessageRef, type TemplateNotice } from '@blaster/contract';
import { messageIn, t } from '../../i18n';

/** A message the server named by key, in the reader's language. */
const words = (ref: MessageRef) => messageIn(new Message(ref.key as CatalogKey, ref.params, ref.key));

/**
 * The templates that keep blasts from sending (held for their first batch's feedback, paused,
 * rejected, awaiting review): why, and what to change. Members cannot change templates; the remedy
 * says who can.
 */
export function TemplateNotices({ notices }: { notices: TemplateNotice[] }) {
  if (notices.length === 0) return null;
  return (
    <section
      aria-labelledby="template-notices-title"
      data-testid="template-notices"
      className="mb-6 rounded-2xl border border-amber-200 bg-amber-50 p-4 dark:border-amber-500/30 dark:bg-amber-500/10"
    >
      <h2
        id="template-notices-title"
        className="mb-2 text-base font-semibold text-gray-800 dark:text-white/90"
      >
        {t('campaign.templateNotices')}
      </h2>
      <ul className="space-y-3">
        {notices.map((notice) => (
          <li key={notice.id} data-template={notice.id} data-state={notice.state} className="text-sm">
            <p className="font-medium text-gray-800 dark:text-white/90" data-part="reason">
              {words(notice.reason)}
            </p>
            <p className="break-words text-gray-500 dark:text-gray-400">“{notice.caption}”</p>
            {notice.remedy ? (
              <p className="mt-1 text-gray-700 dark:text-gray-300" data-part="remedy">
                <span className="font-medium">{t('campaign.whatToChange')}: </span>
                {words(notice.remedy)}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
