import { groupDigits, type SenderStanding } from '@blaster/contract';
import { t } from '../../../i18n';

const QUALITY_COLOURS = {
  green: 'text-success',
  yellow: 'text-warning',
  red: 'text-danger',
} as const;

/** The sender's standing under the network's rules: tier, the 24 hours' recipients, quality, throughput. */
export function NetworkStanding({ standing }: { standing: SenderStanding }) {
  return (
    <section data-testid="health-network">
      <h3 className="mb-2 font-medium text-gray-800 dark:text-white/90">{t('health.network')}</h3>
      <ul className="space-y-1 text-sm text-gray-700 dark:text-gray-300">
        <li>
          {standing.tier === null
            ? t('health.tierUnlimited')
            : t('health.tier', { limit: groupDigits(standing.tier) })}
        </li>
        <li>{t('health.recipients', { used: groupDigits(standing.recipients) })}</li>
        {standing.restricted ? <li className="text-danger">{t('health.restricted')}</li> : null}
        <li data-testid="health-quality" className={QUALITY_COLOURS[standing.quality]}>
          {t(`health.quality.${standing.quality}`)}
        </li>
        {standing.flagged ? <li className="text-danger">{t('health.flagged')}</li> : null}
        <li>{t('health.throughput', { perSecond: groupDigits(standing.perSecond) })}</li>
      </ul>
    </section>
  );
}
