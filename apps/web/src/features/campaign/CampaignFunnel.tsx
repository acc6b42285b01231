import { useState } from 'react';
import { formatNumber, t } from '../../i18n';
import { useFunnel } from '../funnel/api';
import { stages } from '../funnel/stages';

/** The stage counts of one account's sends (the funnel's last two weeks), read only while open. */
function FunnelCounts({ owner, accountId }: { owner: number; accountId: number }) {
  const funnel = useFunnel(owner, 'day', accountId);
  const total = funnel.data?.total;
  return (
    <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-xs sm:grid-cols-3">
      {stages().map((stage) => (
        <div key={stage.key} className="flex min-w-0 items-baseline justify-between gap-2">
          <dt className="truncate text-gray-600 dark:text-gray-400">{stage.label}</dt>
          <dd
            data-testid={`campaign-funnel-${accountId}-${stage.key}`}
            className="font-medium whitespace-nowrap text-gray-800 tabular-nums dark:text-white/90"
          >
            {total ? formatNumber(total[stage.key]) : '…'}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The blast's own funnel, folded: opened, it is read (and kept current) like the dashboard's. */
export function CampaignFunnel({ owner, accountId }: { owner: number; accountId: number }) {
  const [open, setOpen] = useState(false);
  return (
    <details
      className="mt-3 text-sm"
      onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}
    >
      <summary className="cursor-pointer text-brand-600 hover:underline dark:text-brand-400">
        {t('campaign.funnel')}
      </summary>
      {open && <FunnelCounts owner={owner} accountId={accountId} />}
    </details>
  );
}
