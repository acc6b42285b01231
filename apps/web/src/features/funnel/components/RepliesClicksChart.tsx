import { useState } from 'react';
import type { FunnelAnswer } from '@blaster/contract';
import { t } from '../../../i18n';
import { inputClass } from '../../../components/form';
import { ChartCard, formatDay, formatLongDay } from '../../../components/charts';
import { useFunnel } from '../api';

const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' as a UTC midnight, and back: calendar days counted without a time zone. */
const dayTime = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * Replied and clicked per day, every day from the first to the last with sends: the answer leaves out
 * the days nothing was sent, which would otherwise close up on the axis.
 */
export function repliesClicksDays(groups: FunnelAnswer['groups']) {
  const counts = new Map(groups.map((group) => [group.key, group]));
  const times = groups.map((group) => dayTime(group.key)).filter(Number.isFinite);
  if (times.length === 0) return [];
  const days: { day: string; replied: number; clicked: number }[] = [];
  for (let time = Math.min(...times); time <= Math.max(...times); time += DAY_MS) {
    const day = dayOf(time);
    days.push({ day, replied: counts.get(day)?.replied ?? 0, clicked: counts.get(day)?.clicked ?? 0 });
  }
  return days;
}

/**
 * Replies and clicks per day of the funnel's sends: one template's when chosen, one account's when the
 * panel's account filter chose one. Without a template it reads the same query as the funnel's days.
 */
export function RepliesClicksChart({
  owner,
  accountId,
  templates,
  className,
}: {
  owner: number | 'all';
  accountId: number | null;
  /** The templates the funnel counted (its split per template), to choose from. */
  templates: FunnelAnswer['groups'];
  className?: string;
}) {
  const [chosen, setChosen] = useState<{ accountId: number | null; templateId: number | null }>({
    accountId,
    templateId: null,
  });
  // A template chosen under another account is forgotten when the account changes.
  const templateId = chosen.accountId === accountId ? chosen.templateId : null;
  const days = useFunnel(owner, 'day', accountId, templateId);
  const title = t('funnel.repliesClicks');
  return (
    <ChartCard
      className={className}
      testId="funnel-replies-clicks"
      title={title}
      label={title}
      query={days}
      data={repliesClicksDays(days.data?.groups ?? [])}
      xKey="day"
      height={240}
      formatX={formatDay}
      formatTooltipX={formatLongDay}
      actions={
        <select
          aria-label={t('funnel.template')}
          className={`${inputClass()} sm:max-w-64`}
          value={templateId ?? ''}
          onChange={(event) =>
            setChosen({ accountId, templateId: event.target.value ? Number(event.target.value) : null })
          }
        >
          <option value="">{t('funnel.allTemplates')}</option>
          {templates
            .filter((group) => /^\d+$/.test(group.key))
            .map((group) => (
              <option key={group.key} value={group.key}>
                {group.label}
              </option>
            ))}
        </select>
      }
      series={[
        { key: 'replied', label: t('funnelStage.replied'), tone: 'pink' },
        { key: 'clicked', label: t('funnelStage.clicked'), tone: 'violet' },
      ]}
    />
  );
}
