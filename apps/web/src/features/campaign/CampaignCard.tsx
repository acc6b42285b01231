import clsx from 'clsx';
import { formatNumber, t } from '../../i18n';
import type { LiveRow } from '../whatsapp/live';
import { CampaignFunnel } from './CampaignFunnel';
import { etaMs, formatEta, formatRate, UNKNOWN } from './rate';
import { describeCampaign, type CampaignFacts, type CampaignPhase } from './status';

export interface CampaignCardProps {
  row: LiveRow;
  facts: CampaignFacts;
  /** Recipients of this account's messages who answered STOP. */
  optedOut: number;
  /** Targets still to send in the shared pool. */
  left: number;
  /** Sends per minute lately; null until known. */
  rate: number | null;
  /** The label of an action under way (stopping, starting). */
  busy?: string;
  canControl: boolean;
  onStop(row: LiveRow): void;
  onResume(row: LiveRow): void;
}

const BADGE: Record<CampaignPhase, string> = {
  sending: 'bg-emerald-50 text-emerald-700 dark:bg-emerald-500/15 dark:text-emerald-300',
  starting: 'bg-emerald-50 text-emerald-700 dark:bg-emerald-500/15 dark:text-emerald-300',
  waiting: 'bg-sky-50 text-sky-700 dark:bg-sky-500/15 dark:text-sky-300',
  retrying: 'bg-amber-50 text-amber-800 dark:bg-amber-500/15 dark:text-amber-300',
  held: 'bg-amber-50 text-amber-800 dark:bg-amber-500/15 dark:text-amber-300',
  paused: 'bg-red-50 text-red-700 dark:bg-red-500/15 dark:text-red-300',
  stopped: 'bg-gray-100 text-gray-700 dark:bg-white/10 dark:text-gray-300',
};

/** One figure: its name above, its value on one line in even-width digits. */
function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs leading-tight break-words text-gray-600 dark:text-gray-400">{label}</dt>
      <dd
        data-testid={testId}
        className="font-semibold whitespace-nowrap text-gray-800 tabular-nums dark:text-white/90"
      >
        {value}
      </dd>
    </div>
  );
}

/** Done of the targets this blast could still reach, as a bar a screen reader reads as a percentage. */
function Progress({ row, done, total }: { row: LiveRow; done: number; total: number }) {
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  const words = t('campaign.done', { done: formatNumber(done), total: formatNumber(total) });
  return (
    <>
      <div
        role="progressbar"
        aria-label={t('campaign.progressLabel', { account: row.phonenumber ?? row.pushname ?? row.clientid })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}% · ${words}`}
        className="mt-3 h-2 overflow-hidden rounded-full bg-gray-100 dark:bg-white/10"
      >
        <div className="h-full rounded-full bg-brand-500" style={{ width: `${percent}%` }} />
      </div>
      <p
        data-testid={`campaign-done-${row.id}`}
        className="mt-1 text-xs whitespace-nowrap text-gray-600 tabular-nums dark:text-gray-400"
      >
        {words}
      </p>
    </>
  );
}

/** Stop while it runs (progress is kept: the pool never sends a number twice), resume once stopped. */
function Controls({ row, busy, canControl, onStop, onResume }: CampaignCardProps) {
  if (busy) return <p className="mt-3 text-xs font-medium text-gray-700 dark:text-gray-300">{busy}</p>;
  if (!canControl) return null;
  const running = row.status === 'sending';
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2">
      <button
        type="button"
        onClick={() => (running ? onStop(row) : onResume(row))}
        className={clsx(
          'rounded-md px-2.5 py-1 text-xs font-medium text-white',
          running ? 'bg-red-600 hover:bg-red-700' : 'bg-brand-500 hover:bg-brand-600',
        )}
      >
        {t(running ? 'campaign.stop' : 'campaign.resume')}
      </button>
    </div>
  );
}

/**
 * A running, held or paused blast: how far it got of the pool, its counts, its rate and time left,
 * why it waits (and until when), stop and resume, and its own funnel.
 */
export function CampaignCard(props: CampaignCardProps) {
  const { row, facts, optedOut, left, rate } = props;
  const view = describeCampaign(row, facts);
  const done = row.count_success + row.count_fail;
  const active = view.phase !== 'held' && view.phase !== 'paused' && view.phase !== 'stopped';
  const running = row.status === 'sending';
  return (
    <article
      data-testid={`campaign-${row.id}`}
      className="min-w-0 rounded-2xl border border-gray-200 bg-white p-4 dark:border-gray-800 dark:bg-white/[0.03]"
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="min-w-0 truncate font-semibold text-gray-800 tabular-nums dark:text-white/90">
          {row.phonenumber ?? row.pushname ?? row.clientid}
        </h3>
        <span
          data-testid={`campaign-status-${row.id}`}
          className={clsx(
            'inline-block rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
            BADGE[view.phase],
          )}
        >
          {view.label}
        </span>
      </header>
      <p
        aria-live="polite"
        data-testid={`campaign-reason-${row.id}`}
        className="mt-2 min-h-5 text-sm text-amber-800 dark:text-amber-300"
      >
        {view.reason}
      </p>
      <Progress row={row} done={done} total={done + left} />
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Figure label={t('campaign.left')} value={formatNumber(left)} testId={`campaign-left-${row.id}`} />
        <Figure
          label={t('funnelStage.sent')}
          value={formatNumber(row.count_success)}
          testId={`campaign-sent-${row.id}`}
        />
        <Figure
          label={t('funnelStage.failed')}
          value={formatNumber(row.count_fail)}
          testId={`campaign-failed-${row.id}`}
        />
        <Figure
          label={t('funnelStage.opted_out')}
          value={formatNumber(optedOut)}
          testId={`campaign-opted-${row.id}`}
        />
        <Figure
          label={t('campaign.rate')}
          value={running ? formatRate(rate) : UNKNOWN}
          testId={`campaign-rate-${row.id}`}
        />
        <Figure
          label={t('campaign.eta')}
          value={active ? formatEta(etaMs(left, rate)) : UNKNOWN}
          testId={`campaign-eta-${row.id}`}
        />
      </dl>
      <Controls {...props} />
      <CampaignFunnel owner={row.user_id} accountId={row.id} />
    </article>
  );
}
