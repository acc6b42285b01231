import { Link } from 'react-router';
import Swal from 'sweetalert2';
import { toast } from 'sonner';
import { API, MSG, type WhatsappRow } from '@blaster/contract';
import { formatDateTime } from '../../components/list';
import { apiRequest, errorText } from '../../lib/api';

const buttonClass =
  'rounded-md px-2.5 py-1 text-xs font-medium text-white disabled:opacity-60 bg-indigo-600 hover:bg-indigo-700';
const quietButtonClass =
  'rounded-md px-2.5 py-1 text-xs font-medium text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-500/10';

/** 'YYYY-MM-DDTHH:MM' of a date in the viewer's own clock, as a datetime-local input wants it. */
function localInputValue(date: Date) {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** What governance says about an account: its pause reason and its scheduled start. */
export function GovernanceNotes({ row }: { row: WhatsappRow }) {
  return (
    <>
      {row.paused_reason && (
        <p
          data-testid={`paused-${row.id}`}
          className="mt-1 max-w-56 text-xs text-amber-700 dark:text-amber-300"
        >
          {row.paused_reason}
        </p>
      )}
      {row.scheduled_at && (
        <p data-testid={`scheduled-${row.id}`} className="mt-1 text-xs text-indigo-700 dark:text-indigo-300">
          {MSG.scheduledAt(formatDateTime(row.scheduled_at))}
        </p>
      )}
    </>
  );
}

/** The account row's "Jadwalkan" (or cancel) action and its health link. */
export function ScheduleActions({
  row,
  canSchedule,
  onChange,
}: {
  row: WhatsappRow;
  canSchedule: boolean;
  onChange(patch: Partial<WhatsappRow>): void;
}) {
  const schedule = async () => {
    const soon = new Date(Date.now() + 10 * 60_000);
    const answer = await Swal.fire({
      title: MSG.scheduleTitle,
      input: 'datetime-local',
      inputLabel: MSG.scheduleAt,
      inputValue: localInputValue(soon),
      showCancelButton: true,
      confirmButtonText: MSG.schedule,
      cancelButtonText: MSG.cancel,
      inputValidator: (value) =>
        !value || new Date(value).getTime() <= Date.now() ? MSG.scheduleInPast : undefined,
    });
    if (!answer.isConfirmed || typeof answer.value !== 'string') return;
    try {
      const saved = await apiRequest<{ whatsapp: WhatsappRow }>(API.whatsappSchedule, {
        method: 'POST',
        body: { id: row.id, start_at: new Date(answer.value).toISOString() },
        fallback: MSG.networkError,
      });
      onChange({ scheduled_at: saved.whatsapp.scheduled_at });
      toast.success(MSG.scheduleSaved);
    } catch (error) {
      toast.error(errorText(error, MSG.networkError));
    }
  };
  const cancel = async () => {
    try {
      await apiRequest(API.whatsappScheduleCancel, {
        method: 'POST',
        body: { id: row.id },
        fallback: MSG.networkError,
      });
      onChange({ scheduled_at: null });
      toast.success(MSG.scheduleCancelled);
    } catch (error) {
      toast.error(errorText(error, MSG.networkError));
    }
  };
  return (
    <>
      {canSchedule &&
        !row.suspended &&
        (row.scheduled_at ? (
          <button type="button" className={quietButtonClass} onClick={() => void cancel()}>
            {MSG.cancelSchedule}
          </button>
        ) : (
          row.status !== 'sending' && (
            <button type="button" className={buttonClass} onClick={() => void schedule()}>
              {MSG.schedule}
            </button>
          )
        ))}
      <Link
        to={`/whatsapp/health?id=${row.id}`}
        className="rounded-md px-2.5 py-1 text-xs font-medium text-brand-600 hover:bg-brand-50 dark:text-brand-300 dark:hover:bg-brand-500/10"
      >
        {MSG.healthLink}
      </Link>
    </>
  );
}
