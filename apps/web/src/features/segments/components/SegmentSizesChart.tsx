import type { SegmentRow } from '@blaster/contract';
import { t } from '../../../i18n';
import { ChartCard, shortLabel } from '../../../components/charts';
import { useSegmentCounts } from '../api';

/** Room per segment down the side, and around them (the value axis, the legend). */
const ROW_HEIGHT = 32;
const CHROME_HEIGHT = 60;

/**
 * Each saved segment's size as a bar: the numbers a blast could send to now, and the rest of the
 * segment beside them in the same bar. Reads the counts the list's lines read (no request of its own).
 */
export function SegmentSizesChart({ segments }: { segments: SegmentRow[] }) {
  const counts = useSegmentCounts(segments.map((segment) => segment.id));
  const data = segments.map((segment, i) => {
    const count = counts.counts[i];
    return {
      // Names may repeat: the tooltip and the axis read the name, the bar its place in the list.
      segment: segment.name,
      ready: count?.claimable ?? 0,
      notReady: count ? count.total - count.claimable : 0,
    };
  });
  const title = t('segments.chartTitle');
  return (
    <ChartCard
      testId="segment-sizes"
      title={title}
      label={title}
      query={counts}
      data={data}
      xKey="segment"
      layout="vertical"
      height={CHROME_HEIGHT + ROW_HEIGHT * Math.max(3, segments.length)}
      formatX={(name) => shortLabel(name)}
      formatTooltipX={(name) => name}
      series={[
        { key: 'ready', label: t('segments.chartReady'), tone: 'success', stack: 'size' },
        { key: 'notReady', label: t('segments.chartNotReady'), tone: 'gray', stack: 'size' },
      ]}
    />
  );
}
