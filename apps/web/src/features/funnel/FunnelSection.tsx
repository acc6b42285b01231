import { lazy, Suspense } from 'react';
import { useMessages } from '../../i18n';

// The charting library is large: it is fetched only when a dashboard shows the funnel.
const FunnelPanel = lazy(() => import('./FunnelPanel'));

/** The delivery funnel on a dashboard: a member's own sends, or everyone's ('all') for operators. */
export function FunnelSection({ owner }: { owner: number | 'all' }) {
  const MSG = useMessages();
  return (
    <Suspense fallback={<p className="mt-6 text-sm text-muted">{MSG.loading}</p>}>
      <FunnelPanel owner={owner} />
    </Suspense>
  );
}
