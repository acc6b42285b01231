import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { WhatsappRow } from '@blaster/contract';
import { useMessages } from '../../i18n';
import { formatDateTime } from '../../components/data-table';
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { callEndpoint, errorText } from '../../lib/api';

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
  const MSG = useMessages();
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
  const MSG = useMessages();
  const [choosing, setChoosing] = useState(false);
  const schedule = async (startAt: Date) => {
    try {
      const saved = await callEndpoint(
        'whatsappSchedule',
        { body: { id: row.id, start_at: startAt.toISOString() } },
        { fallback: MSG.networkError },
      );
      setChoosing(false);
      onChange({ scheduled_at: saved.whatsapp.scheduled_at });
      toast.success(MSG.scheduleSaved);
    } catch (error) {
      toast.error(errorText(error, MSG.networkError));
    }
  };
  const cancel = async () => {
    try {
      await callEndpoint('whatsappScheduleCancel', { body: { id: row.id } }, { fallback: MSG.networkError });
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
            <button type="button" className={buttonClass} onClick={() => setChoosing(true)}>
              {MSG.schedule}
            </button>
          )
        ))}
      {choosing && <ScheduleDialog onClose={() => setChoosing(false)} onChoose={schedule} />}
      <Link
        to={`/whatsapp/health?id=${row.id}`}
        className="rounded-md px-2.5 py-1 text-xs font-medium text-brand-600 hover:bg-brand-50 dark:text-brand-300 dark:hover:bg-brand-500/10"
      >
        {MSG.healthLink}
      </Link>
    </>
  );
}

/** Asks for the start time, ten minutes from now to begin with; a time already past is refused here. */
function ScheduleDialog({ onClose, onChoose }: { onClose(): void; onChoose(startAt: Date): Promise<void> }) {
  const MSG = useMessages();
  const [value, setValue] = useState(() => localInputValue(new Date(Date.now() + 10 * 60_000)));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={MSG.cancel}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            const startAt = new Date(value);
            if (!value || Number.isNaN(startAt.getTime()) || startAt.getTime() <= Date.now()) {
              setError(MSG.scheduleInPast);
              return;
            }
            setSaving(true);
            void onChoose(startAt).finally(() => setSaving(false));
          }}
          noValidate
        >
          <DialogHeader>
            <DialogTitle>{MSG.scheduleTitle}</DialogTitle>
          </DialogHeader>
          <label htmlFor="schedule-start" className="mb-1.5 block text-sm font-medium">
            {MSG.scheduleAt}
          </label>
          <input
            id="schedule-start"
            type="datetime-local"
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'schedule-start-error' : undefined}
            className="h-11 w-full rounded-lg border border-gray-300 bg-transparent px-4 text-sm dark:border-gray-700"
          />
          {error && (
            <p id="schedule-start-error" className="mt-1.5 text-xs text-red-600 dark:text-red-400">
              {error}
            </p>
          )}
          <DialogFooter>
            <button
              type="button"
              onClick={onClose}
              className="rounded-lg border border-gray-300 px-4 py-2.5 text-sm dark:border-gray-700"
            >
              {MSG.cancel}
            </button>
            <button
              type="submit"
              disabled={saving}
              className="rounded-lg bg-indigo-600 px-4 py-2.5 text-sm font-medium text-white hover:bg-indigo-700 disabled:opacity-60"
            >
              {MSG.schedule}
            </button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
