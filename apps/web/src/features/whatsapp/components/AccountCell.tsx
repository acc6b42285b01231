import { ExternalLink } from 'lucide-react';
import { t } from '../../../i18n';
import type { LiveRow } from '../live';
import type { AccountViewer } from '../row-actions';

/** The account's name, number and device id; its owner for operators, its monitor for dev. */
export function AccountCell({ row, viewer: { role, operator } }: { row: LiveRow; viewer: AccountViewer }) {
  return (
    <div className="md:min-w-44">
      <div className="font-medium text-gray-800 dark:text-white/90">{row.pushname ?? '-'}</div>
      <div className="text-xs text-muted">{row.phonenumber ?? '-'}</div>
      <div className="font-mono text-[11px] text-muted">{row.clientid}</div>
      {operator && row.User && (
        <div className="text-xs text-muted">
          {row.User.firstname} {row.User.lastname}
        </div>
      )}
      {role === 'dev' && (
        <a
          href={`/monitor/realtime?id=${encodeURIComponent(row.clientid)}`}
          target="_blank"
          rel="noreferrer"
          className="mt-1 inline-flex items-center gap-1 text-xs text-brand-600 hover:underline dark:text-brand-300"
        >
          {t('whatsapp.monitor')} <ExternalLink className="size-3" aria-hidden="true" />
        </a>
      )}
    </div>
  );
}
