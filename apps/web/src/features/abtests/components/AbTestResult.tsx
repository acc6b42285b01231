import type { AbTestRow } from '@blaster/contract';
import { formatNumber, t } from '../../../i18n';
import { decimal, marginOf, ratePercent, winnerOf } from '../result';

/** A rate as a percentage with one decimal. */
const percent = (rate: number) => `${decimal(ratePercent(rate))}%`;

const cell = 'px-3 py-2 text-right tabular-nums';

/** Each variant's sample and its numbers, the winner marked with its margin once the test decided. */
export function AbTestResult({ test }: { test: AbTestRow }) {
  const winner = winnerOf(test);
  return (
    // Scrolls sideways on a phone: focusable and named, so a keyboard can scroll it too.
    <div
      className="overflow-x-auto rounded-md focus-visible:outline-2 focus-visible:outline-brand-500"
      tabIndex={0}
      role="region"
      aria-label={t('abtests.resultCaption', { id: test.id })}
    >
      <table className="w-full min-w-[36rem] text-sm">
        <caption className="sr-only">{t('abtests.resultCaption', { id: test.id })}</caption>
        <thead className="text-gray-500 dark:text-gray-400">
          <tr>
            <th scope="col" className="px-3 py-2 text-left">
              {t('abtests.variant')}
            </th>
            <th scope="col" className={cell}>
              {t('abtests.sent')}
            </th>
            <th scope="col" className={cell}>
              {t('abtests.failed')}
            </th>
            <th scope="col" className={cell}>
              {t('abtests.replied')}
            </th>
            <th scope="col" className={cell}>
              {t('abtests.read')}
            </th>
            <th scope="col" className={cell}>
              {t('abtests.clicked')}
            </th>
            <th scope="col" className={cell}>
              {t(`abtests.metric.${test.metric}`)}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100 text-gray-800 dark:divide-gray-800 dark:text-white/90">
          {test.variants.map((variant) => (
            <tr key={variant.template_id} className={variant === winner ? 'font-semibold' : undefined}>
              <th scope="row" className="max-w-xs px-3 py-2 text-left font-normal">
                <span className="block truncate" title={variant.caption}>
                  {variant.position}. #{variant.template_id} {variant.caption}
                </span>
                {variant === winner && (
                  <span className="text-success">
                    {t('abtests.winnerMargin', { points: decimal(marginOf(test, variant)) })}
                  </span>
                )}
              </th>
              <td className={cell}>{formatNumber(variant.sent)}</td>
              <td className={cell}>{formatNumber(variant.failed)}</td>
              <td className={cell}>{formatNumber(variant.replied)}</td>
              <td className={cell}>{formatNumber(variant.read)}</td>
              <td className={cell}>{formatNumber(variant.clicked)}</td>
              <td className={cell}>{percent(variant.rate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
