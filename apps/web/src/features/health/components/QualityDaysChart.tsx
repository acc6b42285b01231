import { NETWORK_QUALITY_FROM, type SenderReport } from '@blaster/contract';
import { formatPercent, t } from '../../../i18n';
import { ChartCard, formatDay, formatLongDay } from '../../../components/charts';

/** The local calendar day ('YYYY-MM-DD') a day of the window ended on, counted from the page's load. */
function dayEnded(agoMs: number) {
  const end = new Date(Date.now() - agoMs);
  const month = String(end.getMonth() + 1).padStart(2, '0');
  return `${end.getFullYear()}-${month}-${String(end.getDate()).padStart(2, '0')}`;
}

/** Messages and the share of them recipients blocked or reported, each day of the rating's 7 days. */
export function QualityDaysChart({ days }: { days: SenderReport['days'] }) {
  const data = days.map((day) => ({
    day: dayEnded(day.endedAgoMs),
    sent: day.sent,
    share: day.sent === 0 ? null : Math.round((day.negative / day.sent) * 1000) / 10,
  }));
  return (
    <div>
      <ChartCard
        title={t('health.qualityChart')}
        testId="health-quality-chart"
        query={{ isPending: false, error: null }}
        label={t('health.qualityChart')}
        data={data}
        xKey="day"
        formatX={formatDay}
        formatTooltipX={formatLongDay}
        height={200}
        series={[
          { key: 'sent', label: t('health.sent'), tone: 'sky', type: 'bar' },
          {
            key: 'share',
            label: t('health.negativeShare'),
            tone: 'fail',
            type: 'line',
            axis: 'right',
            unit: 'percent',
          },
        ]}
      />
      <p className="mt-2 text-xs text-muted">
        {t('health.qualityChartNote', {
          yellow: formatPercent(NETWORK_QUALITY_FROM.yellow),
          red: formatPercent(NETWORK_QUALITY_FROM.red),
        })}
      </p>
    </div>
  );
}
