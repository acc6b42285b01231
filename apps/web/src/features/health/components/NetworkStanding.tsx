import { groupDigits, type SenderReport } from '@blaster/contract';
import { formatNumber, t } from '../../../i18n';
import { formatDateTime } from '../../../components/data-table';
import { ProgressBar } from '../../../components/ProgressBar';
import { QualityDaysChart } from './QualityDaysChart';

const QUALITY_COLOURS = {
  green: 'text-success',
  yellow: 'text-warning',
  red: 'text-danger',
} as const;

/** The figures were read when the page loaded: their times are counted from then. */
const fromNow = (ms: number) => new Date(Date.now() + ms).toISOString();

function Condition({ met, text }: { met: boolean; text: string }) {
  return (
    <li className={met ? 'text-success' : 'text-gray-700 dark:text-gray-300'}>
      <span aria-hidden="true">{met ? '✓ ' : '○ '}</span>
      {text} <span className="sr-only">({t(met ? 'health.met' : 'health.unmet')})</span>
    </li>
  );
}

/** What it takes to reach the next tier, each of the network's conditions ticked when met. */
function NextTier({ upgrade }: { upgrade: NonNullable<SenderReport['upgrade']> }) {
  return (
    <div data-testid="health-next-tier" className="text-sm">
      <p className="font-medium text-gray-800 dark:text-white/90">
        {upgrade.nextTier === null
          ? t('health.nextTierUnlimited')
          : t('health.nextTier', { limit: formatNumber(upgrade.nextTier) })}
      </p>
      <ul className="mt-1 space-y-0.5">
        <Condition
          met={upgrade.eligibleInMs === 0}
          text={t('health.needDays', { when: formatDateTime(fromNow(upgrade.eligibleInMs)) })}
        />
        <Condition met={upgrade.qualityOk} text={t('health.needQuality')} />
        <Condition
          met={upgrade.started >= upgrade.needed}
          text={t('health.needStarted', {
            started: formatNumber(upgrade.started),
            needed: formatNumber(upgrade.needed),
          })}
        />
      </ul>
    </div>
  );
}

/**
 * The sender's standing under the network's rules: its tier and the 24 hours' recipients against it,
 * restrictions and flags with their dates, quality and its feedback per day, the way to the next tier.
 */
export function NetworkStanding({ standing }: { standing: SenderReport }) {
  return (
    <section data-testid="health-network" className="space-y-4">
      <h3 className="font-medium text-gray-800 dark:text-white/90">{t('health.network')}</h3>
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="space-y-3">
          <ul className="space-y-1 text-sm text-gray-700 dark:text-gray-300">
            <li>
              {standing.tier === null
                ? t('health.tierUnlimited')
                : t('health.tier', { limit: groupDigits(standing.tier) })}
            </li>
            <li>{t('health.atTierSince', { when: formatDateTime(fromNow(-standing.atTierForMs)) })}</li>
            <li data-testid="health-quality" className={QUALITY_COLOURS[standing.quality]}>
              {t(`health.quality.${standing.quality}`)}
            </li>
            <li>{t('health.throughput', { perSecond: groupDigits(standing.perSecond) })}</li>
          </ul>
          {standing.tier === null ? (
            <p className="text-sm text-gray-700 dark:text-gray-300">
              {t('health.recipients', { used: formatNumber(standing.recipients) })}
            </p>
          ) : (
            <ProgressBar
              label={t('health.usage')}
              value={standing.recipients}
              max={standing.tier}
              text={t('health.usageText', {
                used: formatNumber(standing.recipients),
                limit: formatNumber(standing.tier),
              })}
            />
          )}
          {standing.restricted && standing.windowRollsInMs !== null ? (
            <p data-testid="health-restricted" className="text-sm text-danger">
              {t('health.restrictedUntil', { when: formatDateTime(fromNow(standing.windowRollsInMs)) })}
            </p>
          ) : null}
          {standing.flaggedForMs !== null ? (
            <p data-testid="health-flagged" className="text-sm text-danger">
              {t('health.flaggedSince', {
                since: formatDateTime(fromNow(-standing.flaggedForMs)),
                drop: formatDateTime(fromNow(standing.dropInMs ?? 0)),
              })}
            </p>
          ) : null}
          {standing.upgrade ? <NextTier upgrade={standing.upgrade} /> : null}
        </div>
        <QualityDaysChart days={standing.days} />
      </div>
    </section>
  );
}
