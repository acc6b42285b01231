import { t } from '../../../i18n';
import { smallLinkClass } from '../../../components/data-table';
import { WEBHOOK_TEXT } from '../texts';

/** A new secret, shown once after a creation or a rotation until the operator dismisses it. */
export function SecretNotice({
  revealed,
  onDismiss,
}: {
  revealed: { url: string; secret: string };
  onDismiss(): void;
}) {
  return (
    <div
      role="status"
      className="mb-4 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-800 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-200"
    >
      <p className="font-medium">{WEBHOOK_TEXT.secretOnce}</p>
      <p className="mt-1 text-xs break-all">{revealed.url}</p>
      <code className="mt-2 block rounded bg-white px-2 py-1 break-all select-all dark:bg-gray-900">
        {revealed.secret}
      </code>
      <button type="button" className={`${smallLinkClass} mt-2 -mx-2`} onClick={onDismiss}>
        {t('common.ok')}
      </button>
    </div>
  );
}
