import { useState } from 'react';
import type { FunnelCounts } from '@blaster/contract';
import { formatNumber, t, useMessages } from '../../i18n';
import { inputClass } from '../../components/form';
import { ColourBarChart, ColourLineChart, formatDay, formatLongDay } from '../../components/charts';
import { useFunnel } from './api';
import { stages, type ShownStage } from './stages';
import { FunnelTemplateTable } from './components/FunnelTemplateTable';
import { RepliesClicksChart } from './components/RepliesClicksChart';

const percent = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 100)}%` : '-');

/**
 * The delivery funnel of the viewer's sends (or everyone's for operators) over the last two weeks:
 * the stages as bars, each day's progress as lines, replies and clicks per day (of one template when
 * chosen), and the split per template; one account at a time when chosen. Loaded on first use; the
 * shared chart layer fetches the charting library with the first chart.
 */
export default function FunnelPanel({ owner }: { owner: number | 'all' }) {
  const MSG = useMessages();
  const [accountId, setAccountId] = useState<number | null>(null);
  const accounts = useFunnel(owner, 'account', null);
  const days = useFunnel(owner, 'day', accountId);
  const templates = useFunnel(owner, 'template', accountId);
  const total: FunnelCounts | undefined = days.data?.total;
  const stageList = stages();

  return (
    <section
      data-testid="funnel"
      className="mt-6 rounded-2xl border border-gray-200 bg-white p-5 sm:p-6 dark:border-gray-800 dark:bg-white/[0.03]"
    >
      <header className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-gray-800 dark:text-white/90">{MSG.funnelTitle}</h2>
        <select
          aria-label={t('common.account')}
          className={`${inputClass()} sm:max-w-64`}
          value={accountId ?? ''}
          onChange={(event) => setAccountId(event.target.value ? Number(event.target.value) : null)}
        >
          <option value="">{t('funnel.allAccounts')}</option>
          {accounts.data?.groups.map((group) => (
            <option key={group.key} value={group.key}>
              {group.label}
            </option>
          ))}
        </select>
      </header>
      {!total || total.queued === 0 ? (
        <p className="text-sm text-muted">{days.isLoading ? MSG.loading : MSG.funnelEmpty}</p>
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          <div>
            <StageCounts stages={stageList} total={total} />
            <ColourBarChart
              label={MSG.funnelTitle}
              bars={stageList.map((stage) => ({ ...stage, value: total[stage.key] }))}
              valueLabel={t('funnel.messages')}
            />
          </div>
          <div>
            <h3 className="mb-2 text-sm font-medium text-gray-700 dark:text-gray-300">
              {MSG.funnelOverTime}
            </h3>
            <ColourLineChart
              label={MSG.funnelOverTime}
              data={days.data?.groups ?? []}
              xKey="label"
              formatX={formatDay}
              formatTooltipX={formatLongDay}
              lines={stageList.filter((stage) => stage.key !== 'queued')}
            />
          </div>
          <RepliesClicksChart
            className="lg:col-span-2"
            owner={owner}
            accountId={accountId}
            templates={templates.data?.groups ?? []}
          />
          {/* Scrolls sideways on a narrow screen: focusable, so a keyboard can scroll it too. */}
          <div
            className="lg:col-span-2 overflow-x-auto"
            tabIndex={0}
            role="region"
            aria-label={t('funnel.template')}
          >
            <FunnelTemplateTable groups={templates.data?.groups ?? []} stages={stageList} />
          </div>
        </div>
      )}
    </section>
  );
}

/** Each stage's count and its share of the queued messages. */
function StageCounts({ stages: stageList, total }: { stages: ShownStage[]; total: FunnelCounts }) {
  return (
    <dl className="mb-3 grid grid-cols-3 gap-2 text-center sm:grid-cols-4 2xl:grid-cols-8">
      {stageList.map((stage) => (
        <div key={stage.key} data-testid={`funnel-${stage.key}`}>
          <dt className="text-xs text-muted">{stage.label}</dt>
          <dd className="font-semibold text-gray-800 dark:text-white/90">
            <span data-testid={`funnel-${stage.key}-count`}>{formatNumber(total[stage.key])}</span>
            <span className="block text-xs font-normal text-muted">
              {percent(total[stage.key], total.queued)}
            </span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
