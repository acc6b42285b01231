import { useState } from 'react';
import { ALL_USERS, STATS_TEXT as SPEC_STATS_TEXT, type LookupKind, type User } from '@blaster/contract';
import { textTable } from '../../i18n';
import { useLookupStats } from './api';
import { useLiveLookupStats } from './use-live-lookups';
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

/** How fast a generator or validator finds numbers: found and not found per hour or per day. */
export function LookupChart({ kind, user }: { kind: LookupKind; user: User }) {
  const [bucket, setBucket] = useState<'hour' | 'day'>('hour');
  // As the list: dev sees everyone's lookups, everyone else their own.
  const owner = user.role === 'dev' ? ALL_USERS : user.id;
  const stats = useLookupStats(kind, owner, bucket);
  useLiveLookupStats(kind, user);
  const timeZone = stats.data?.timeZone ?? 'Asia/Jakarta';
  const hourly = bucket === 'hour';
  return (
    <ChartCard
      className="mb-6"
      testId={`chart-${kind}-lookups`}
      title={STATS_TEXT.lookupRate}
      label={`${STATS_TEXT.lookupRate} ${kind}`}
      query={stats}
      data={stats.data?.buckets ?? []}
      xKey="at"
      height={220}
      formatX={hourly ? hourFormatter(timeZone) : formatDay}
      formatTooltipX={hourly ? dayHourFormatter(timeZone) : formatLongDay}
      actions={
        <ChartToggle<'hour' | 'day'>
          label={STATS_TEXT.lookupRate}
          value={bucket}
          onChange={setBucket}
          options={[
            { value: 'hour', label: STATS_TEXT.perHour },
            { value: 'day', label: STATS_TEXT.perDay },
          ]}
        />
      }
      series={[
        { key: 'found', label: STATS_TEXT.found, tone: 'success', stack: 'lookups' },
        { key: 'notFound', label: STATS_TEXT.notFound, tone: 'gray', stack: 'lookups' },
      ]}
    />
  );
}
