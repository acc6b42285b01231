import { useSearchParams } from 'react-router';

import type { AccountEventRow } from '@blaster/contract';
import { messages, t, tValue, useMessages } from '../../i18n';
import { Breadcrumb } from '../../components/Breadcrumb';
import { PageCard, formatDateTime } from '../../components/data-table';
import { errorText } from '../../lib/api';
import { GovernanceNotes } from '../schedule/ScheduleActions';
import { useAccountHealth } from './api';
import { HealthDays } from './components/HealthDays';
import { NetworkStanding } from './components/NetworkStanding';

/** A schedule event's detail as the server records it: 'set <ISO time>', 'cancelled' or 'started'. */
function scheduleText(detail: string | null) {
  const at = detail?.startsWith('set ') ? detail.slice(4) : null;
  if (at) return t('health.scheduleSet', { when: formatDateTime(at) });
  return tValue('health.schedule', detail ?? '-');
}

function eventText(event: AccountEventRow) {
  const MSG = messages();
  switch (event.kind) {
    case 'connection':
      return t('health.connection', { state: tValue('state', event.detail ?? '-') });
    case 'suspended':
      return t('health.suspended');
    case 'paused':
      // The pause reason was stored in the spec's wording when the pause happened.
      return event.detail ?? t('health.paused');
    case 'schedule':
      return `${MSG.schedule}: ${scheduleText(event.detail)}`;
  }
}

function EventList({ events, testId }: { events: AccountEventRow[]; testId: string }) {
  const MSG = useMessages();
  if (events.length === 0) return <p className="text-sm text-muted">{MSG.healthNoEvents}</p>;
  return (
    <ul data-testid={testId} className="divide-y divide-gray-100 text-sm dark:divide-gray-800">
      {events.map((event) => (
        <li key={event.id} className="flex flex-wrap gap-x-4 py-2">
          <span className="w-44 shrink-0 text-muted">{formatDateTime(event.created_at)}</span>
          <span className="text-gray-800 dark:text-white/90">{eventText(event)}</span>
        </li>
      ))}
    </ul>
  );
}

/** /whatsapp/health?id=: one account's sends, failures, suspensions, disconnects, pauses and score. */
export function HealthPage() {
  const MSG = useMessages();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const health = useAccountHealth(id);
  const data = health.data;
  let body;
  if (health.isError) body = <p className="text-sm text-danger">{errorText(health.error)}</p>;
  else if (!data) body = <p>{MSG.loading}</p>;
  else
    body = (
      <div className="space-y-6">
        <div className="flex flex-wrap items-end gap-8">
          <div>
            <div className="text-sm text-muted">{data.whatsapp.pushname ?? '-'}</div>
            <div className="font-medium text-gray-800 dark:text-white/90">
              {data.whatsapp.phonenumber ?? '-'}
            </div>
            <GovernanceNotes row={data.whatsapp} />
          </div>
          <div>
            <div className="text-sm text-muted">{MSG.healthScore}</div>
            <div
              data-testid="health-score"
              className="text-3xl font-semibold text-gray-800 dark:text-white/90"
            >
              {data.score === null ? '-' : data.score}
            </div>
          </div>
          <div className="text-sm text-gray-600 dark:text-gray-300">
            {t('health.last7', {
              success: data.last7.success,
              fail: data.last7.fail,
              suspensions: data.last7.suspensions,
              disconnects: data.last7.disconnects,
            })}
          </div>
        </div>
        {data.standing ? <NetworkStanding standing={data.standing} /> : null}
        <section>
          <h3 className="mb-2 font-medium text-gray-800 dark:text-white/90">{MSG.healthDaily}</h3>
          <HealthDays days={data.days} />
        </section>
        <section>
          <h3 className="mb-2 font-medium text-gray-800 dark:text-white/90">{MSG.healthPauses}</h3>
          <EventList events={data.pauses} testId="health-pauses" />
        </section>
        <section>
          <h3 className="mb-2 font-medium text-gray-800 dark:text-white/90">{MSG.healthEvents}</h3>
          <EventList events={data.events} testId="health-events" />
        </section>
      </div>
    );
  return (
    <>
      <Breadcrumb title={MSG.healthTitle} />
      <PageCard title={MSG.healthTitle}>{body}</PageCard>
    </>
  );
}
