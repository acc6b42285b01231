import clsx from 'clsx';
import { Message, type CatalogKey } from '@blaster/contract';
import { messageIn, messages, tValue } from '../../../i18n';
import { GovernanceNotes } from '../../schedule/ScheduleActions';
import type { LiveRow } from '../live';

/** The row's live sub-state: what the account is doing right now, from its events. */
function activity(row: LiveRow) {
  if (row.attempting) return messages().attemptingRow(row.attemptingCode ?? '');
  // A hold says why the blast waits and until when, in the reader's language, not a countdown.
  if (row.hold) return messageIn(new Message(row.hold.key as CatalogKey, row.hold.params, row.hold.text));
  if ((row.waitTime ?? 0) > 0) return messages().waitingRow(row.waitTime!);
  if (row.progressing)
    return row.phase === 'generating'
      ? messages().generatingRow
      : row.phase === 'validating'
        ? messages().validatingRow
        : messages().sendingRow;
  return null;
}

/** The connection state, what the account is doing now, and its pause and schedule notes. */
export function StateCell({ row }: { row: LiveRow }) {
  return (
    <div data-testid={`state-${row.id}`}>
      <span
        className={clsx(
          'inline-block rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
          row.state === 'connected'
            ? 'bg-emerald-50 text-emerald-700 dark:bg-emerald-500/15 dark:text-emerald-300'
            : row.suspended
              ? 'bg-red-50 text-red-700 dark:bg-red-500/15 dark:text-red-300'
              : 'bg-gray-100 text-gray-700 dark:bg-white/10 dark:text-gray-300',
        )}
      >
        {row.suspended
          ? messages().suspendedLabel(row.suspended_count)
          : tValue('state', row.state ?? 'unknown')}
      </span>
      <div className="mt-1 text-xs text-muted">{activity(row) ?? tValue('blastStatus', row.status)}</div>
      <GovernanceNotes row={row} />
    </div>
  );
}
