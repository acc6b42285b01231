import type { AbTestRow } from '@blaster/contract';
import { t } from '../../../i18n';
import { ChartCard, shortLabel } from '../../../components/charts';
import { decimal, marginOf, ratePercent, variantName, winnerOf } from '../result';

/** Room per variant down the side, and around them (the value axis, the legend). */
const ROW_HEIGHT = 36;
const CHROME_HEIGHT = 60;

/**
 * Each variant's rate of the test's metric as a bar, the winner's in its own colour and series, and
 * beside the chart the winner and its margin over the next best variant in percentage points.
 */
export function AbTestChart({ test }: { test: AbTestRow }) {
  const winner = winnerOf(test);
  const metric = t(`abtests.metric.${test.metric}`);
  // The winner's bar is a series of its own, in the same stack: the legend names it, and each bar's
  // tooltip lists only the series it is drawn in.
  const data = test.variants.map((variant) => {
    const rate = ratePercent(variant.rate);
    const won = variant === winner;
    return { variant: variantName(variant), rate: won ? null : rate, winner: won ? rate : null };
  });
  return (
    <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_14rem] md:items-center">
      <ChartCard
        testId={`abtest-${test.id}-chart`}
        title={t('abtests.chartTitle', { metric })}
        label={t('abtests.chartLabel', { metric, id: test.id })}
        query={{ isPending: false, error: null }}
        data={data}
        xKey="variant"
        layout="vertical"
        height={CHROME_HEIGHT + ROW_HEIGHT * test.variants.length}
        formatX={(name) => shortLabel(name)}
        formatTooltipX={(name) => name}
        series={[
          { key: 'rate', label: metric, tone: 'brand', stack: 'rate', unit: 'percent' },
          ...(winner
            ? [
                {
                  key: 'winner',
                  label: t('abtests.winner'),
                  tone: 'success' as const,
                  stack: 'rate',
                  unit: 'percent' as const,
                },
              ]
            : []),
        ]}
      />
      <WinnerSummary test={test} />
    </div>
  );
}

/** The winner and how far ahead it is, in words: what the bars' colours say, for every reader. */
function WinnerSummary({ test }: { test: AbTestRow }) {
  const winner = winnerOf(test);
  if (!winner)
    return (
      <p data-testid={`abtest-${test.id}-winner`} className="text-sm text-muted">
        {t('abtests.noWinner')}
      </p>
    );
  return (
    <dl data-testid={`abtest-${test.id}-winner`} className="space-y-3 text-sm">
      <div>
        <dt className="text-muted">{t('abtests.winner')}</dt>
        {/* Two lines at most: the table below writes the whole caption. */}
        <dd className="line-clamp-2 font-semibold break-words text-gray-800 dark:text-white/90">
          {variantName(winner)}
        </dd>
      </div>
      <div>
        <dt className="text-muted">{t('abtests.margin')}</dt>
        <dd>
          <span className="block text-lg font-semibold text-success">
            {t('abtests.marginPoints', { points: decimal(marginOf(test, winner)) })}
          </span>
          <span className="block text-xs text-muted">{t('abtests.marginNote')}</span>
        </dd>
      </div>
    </dl>
  );
}
