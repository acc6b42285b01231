import type { HealthDay } from '@blaster/contract';
import { messages, t } from '../../../i18n';

const cell = 'px-3 py-2';
const DAY_COLUMNS = [
  'common.date',
  'health.sent',
  'common.success',
  'common.failed',
  'health.suspensions',
  'health.disconnects',
] as const;

/** Sends, failures, suspensions and disconnects per day, newest first. */
export function HealthDays({ days }: { days: HealthDay[] }) {
  if (days.length === 0) return <p className="text-sm text-muted">{messages().healthNoSends}</p>;
  return (
    <table aria-label={messages().healthDaily} className="min-w-full text-left text-sm">
      <thead className="text-xs text-muted uppercase">
        <tr>
          {DAY_COLUMNS.map((key) => (
            <th key={key} className={cell}>
              {t(key)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-gray-100 dark:divide-gray-800">
        {days.map((day) => (
          <tr key={day.day}>
            <td className={cell}>{day.day}</td>
            <td className={cell}>{day.sent}</td>
            <td className={cell}>{day.success}</td>
            <td className={cell}>{day.fail}</td>
            <td className={cell}>{day.suspensions}</td>
            <td className={cell}>{day.disconnects}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
