import { useState } from 'react';
import { ALL_USERS, STATS_TEXT as SPEC_STATS_TEXT } from '@blaster/contract';
import { formatNumber, t, textTable } from '../../i18n';
import { callEndpoint } from '../../lib/api';
import { useStats } from './api';
import {
  ChartCard,
  ChartToggle,
  dayHourFormatter,
  formatDay,
  formatLongDay,
  hourFormatter,
} from '../../components/charts';

// The contract's texts in the chosen language.
const STATS_TEXT = textTable('stats', SPEC_STATS_TEXT);

const grid = 'mt-6 grid grid-cols-1 gap-4 md:gap-6 xl:grid-cols-2';

/** A member's sends and income per day over the last 30 days (app time zone). */
export function MemberCharts({ userId }: { userId: number }) {
  const daily = useStats('daily', userId, () =>
    callEndpoint('statsDaily', { params: { userId } }, { fallback: STATS_TEXT.failed }),
  );
  const days = daily.data?.days ?? [];
  return (
    <div className={grid}>
      <ChartCard
        testId="chart-daily-sends"
        title={STATS_TEXT.dailySends}
        label={STATS_TEXT.dailySends}
        query={daily}
        data={days}
        xKey="day"
        formatX={formatDay}
        formatTooltipX={formatLongDay}
        series={[
          { key: 'success', label: STATS_TEXT.success, tone: 'success', stack: 'sends' },
          { key: 'fail', label: STATS_TEXT.fail, tone: 'fail', stack: 'sends' },
        ]}
      />
      <ChartCard
        testId="chart-daily-income"
        title={STATS_TEXT.dailyIncome}
        label={STATS_TEXT.dailyIncome}
        query={daily}
        data={days}
        xKey="day"
        formatX={formatDay}
        formatTooltipX={formatLongDay}
        series={[
          {
            key: 'blastIncome',
            label: STATS_TEXT.blastIncome,
            tone: 'brand',
            stack: 'money',
            unit: 'rupiah',
          },
          {
            key: 'referralIncome',
            label: STATS_TEXT.referralIncome,
            tone: 'sky',
            stack: 'money',
            unit: 'rupiah',
          },
          { key: 'bonus', label: STATS_TEXT.bonus, tone: 'amber', stack: 'money', unit: 'rupiah' },
        ]}
      />
    </div>
  );
}

const RANGES = [7, 30, 90] as const;
type Range = `${(typeof RANGES)[number]}`;

/**
 * The connected senders at each of the network's tiers, stacked by quality, with those restricted at
 * their limit; shown only where the sandbox models the network's rules.
 */
export function SenderTiersChart() {
  const senders = useStats('senders', ALL_USERS, () =>
    callEndpoint('statsSenders', {}, { fallback: STATS_TEXT.failed }),
  );
  if (!senders.isPending && !senders.error && !senders.data?.tiers) return null;
  const rows = (senders.data?.tiers ?? []).map((row) => ({
    ...row,
    tier: row.tier === null ? t('stats.tierUnlimited') : formatNumber(row.tier),
  }));
  return (
    <ChartCard
      testId="chart-sender-tiers"
      title={t('stats.senders')}
      label={t('stats.senders')}
      query={senders}
      data={rows}
      xKey="tier"
      height={260}
      series={[
        { key: 'green', label: t('stats.quality.green'), tone: 'success', stack: 'quality' },
        { key: 'yellow', label: t('stats.quality.yellow'), tone: 'amber', stack: 'quality' },
        { key: 'red', label: t('stats.quality.red'), tone: 'fail', stack: 'quality' },
        { key: 'restricted', label: t('stats.restricted'), tone: 'gray' },
      ]}
    />
  );
}

/** The platform's sends per hour with success rate, and the accounts that send the most. */
export function OperatorCharts() {
  const hourly = useStats('hourly', ALL_USERS, () =>
    callEndpoint('statsHourly', { params: { userId: ALL_USERS } }, { fallback: STATS_TEXT.failed }),
  );
  const [range, setRange] = useState<Range>('7');
  const top = useStats('top', range, () =>
    callEndpoint('statsTopAccounts', { query: { days: range } }, { fallback: STATS_TEXT.failed }),
  );
  const timeZone = hourly.data?.timeZone ?? 'Asia/Jakarta';
  const accounts = (top.data?.accounts ?? []).map((account) => ({
    ...account,
    account: account.name ?? `#${account.whatsappId}`,
  }));
  return (
    <div className={grid}>
      <ChartCard
        testId="chart-hourly-sends"
        title={STATS_TEXT.hourlySends}
        label={STATS_TEXT.hourlySends}
        query={hourly}
        data={hourly.data?.hours ?? []}
        xKey="hour"
        height={320}
        formatX={hourFormatter(timeZone)}
        formatTooltipX={dayHourFormatter(timeZone)}
        series={[
          { key: 'success', label: STATS_TEXT.success, tone: 'success', stack: 'sends' },
          { key: 'fail', label: STATS_TEXT.fail, tone: 'fail', stack: 'sends' },
          {
            key: 'successRate',
            label: STATS_TEXT.successRate,
            tone: 'brand',
            type: 'line',
            axis: 'right',
            unit: 'percent',
          },
        ]}
      />
      <ChartCard
        testId="chart-top-accounts"
        title={STATS_TEXT.topAccounts}
        label={STATS_TEXT.topAccounts}
        query={top}
        data={accounts}
        xKey="account"
        layout="vertical"
        height={320}
        formatX={(name) => (name.length > 14 ? `${name.slice(0, 13)}…` : name)}
        formatTooltipX={(name) => {
          const account = accounts.find((a) => a.account === name);
          return account?.owner ? `${name} (${account.owner})` : name;
        }}
        actions={
          <ChartToggle<Range>
            label={STATS_TEXT.topAccounts}
            value={range}
            onChange={setRange}
            options={RANGES.map((days) => ({ value: `${days}` as Range, label: t('stats.days', { days }) }))}
          />
        }
        series={[
          { key: 'success', label: STATS_TEXT.success, tone: 'success', stack: 'sends' },
          { key: 'fail', label: STATS_TEXT.fail, tone: 'fail', stack: 'sends' },
        ]}
      />
      <SenderTiersChart />
    </div>
  );
}
