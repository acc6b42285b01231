import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import clsx from 'clsx';
import { errorText } from '../lib/api';
import { t } from '../i18n';

export interface StatCardProps {
  testId: string;
  title: string;
  icon: LucideIcon;
  tone?: 'brand' | 'green' | 'red' | 'amber' | 'gray';
  value: ReactNode;
  loading: boolean;
  error?: string;
  footer?: ReactNode;
}

const TONES = {
  brand: 'bg-brand-50 text-brand-500 dark:bg-brand-500/15 dark:text-brand-300',
  green: 'bg-emerald-50 text-emerald-600 dark:bg-emerald-500/15 dark:text-emerald-300',
  red: 'bg-red-50 text-red-600 dark:bg-red-500/15 dark:text-red-300',
  amber: 'bg-amber-50 text-amber-600 dark:bg-amber-500/15 dark:text-amber-300',
  gray: 'bg-gray-100 text-gray-600 dark:bg-white/10 dark:text-gray-300',
};

export function StatCard({
  testId,
  title,
  icon: Icon,
  tone = 'brand',
  value,
  loading,
  error,
  footer,
}: StatCardProps) {
  return (
    <div
      data-testid={testId}
      className="rounded-2xl border border-gray-200 bg-white p-5 md:p-6 dark:border-gray-800 dark:bg-white/[0.03]"
    >
      <div className={`flex size-12 items-center justify-center rounded-xl ${TONES[tone]}`}>
        <Icon className="size-6" aria-hidden="true" />
      </div>
      <div className="mt-5">
        <span className="text-sm text-muted">{title}</span>
        <div className="mt-2 min-h-8 text-2xl font-bold text-gray-800 dark:text-white/90" aria-live="polite">
          {loading ? (
            <span
              className="block h-8 w-24 animate-pulse rounded bg-gray-200 dark:bg-gray-700"
              aria-label={t('common.loadingFigure')}
            />
          ) : error ? (
            <span className="text-sm font-medium text-danger">{error}</span>
          ) : (
            value
          )}
        </div>
        {footer && <div className="mt-2 text-xs text-muted">{footer}</div>}
      </div>
    </div>
  );
}

export interface Stat extends Omit<StatCardProps, 'loading' | 'error'> {
  /** The figure's query: its loading and error states are the card's. */
  query: { isPending: boolean; error: unknown };
}

/** Cards four to a row on wide screens, one on a phone. */
export function StatGrid({ stats, className }: { stats: Stat[]; className?: string }) {
  return (
    <div className={clsx('grid grid-cols-1 gap-4 sm:grid-cols-2 md:gap-6 xl:grid-cols-4', className)}>
      {stats.map(({ query, ...card }) => (
        <StatCard
          key={card.testId}
          {...card}
          loading={query.isPending}
          error={query.error ? errorText(query.error) : undefined}
        />
      ))}
    </div>
  );
}
