import clsx from 'clsx';
import { MAX_SUSPENSIONS_FOR_REACTIVATION, isDisconnected, type Role } from '@blaster/contract';
import { useMessages } from '../../i18n';
import { ScheduleActions } from '../schedule/ScheduleActions';
import type { LiveRow } from './live';
import type { AccountActions } from './use-account-actions';

const actionClass = (tone: 'brand' | 'red' | 'gray' | 'amber') =>
  clsx(
    'rounded-md px-2.5 py-1 text-xs font-medium text-white disabled:opacity-60',
    tone === 'brand' && 'bg-brand-500 hover:bg-brand-600',
    tone === 'red' && 'bg-red-600 hover:bg-red-700',
    tone === 'gray' && 'bg-gray-600 hover:bg-gray-700',
    tone === 'amber' && 'bg-amber-500 hover:bg-amber-600',
  );

export interface AccountViewer {
  role: Role | undefined;
  operator: boolean;
  /** Members and devs start and stop blasts. */
  canBlast: boolean;
}

/** A row's blast controls: start or stop, reconnect, reset, schedule; activate when suspended. */
export function AccountRowActions({
  row,
  viewer: { role, operator, canBlast },
  actions,
}: {
  row: LiveRow;
  viewer: AccountViewer;
  actions: AccountActions;
}) {
  const MSG = useMessages();
  const { busy, patch } = actions;
  const label = busy[row.id];
  if (label) return <span className="text-xs font-medium">{label}</span>;
  if (row.suspended) {
    return (
      <div className="space-y-1">
        {operator && row.suspended_count < MAX_SUSPENSIONS_FOR_REACTIVATION && (
          <button type="button" className={actionClass('amber')} onClick={() => void actions.activate(row)}>
            {MSG.activated}
          </button>
        )}
        {role === 'member' && <p className="max-w-56 text-xs text-red-600">{MSG.suspendedRule}</p>}
        <ScheduleActions row={row} canSchedule={false} onChange={(change) => patch(row.id, change)} />
      </div>
    );
  }
  return (
    <div className="flex flex-wrap gap-1.5">
      {canBlast && isDisconnected(row.state) && (
        <button type="button" className={actionClass('amber')} onClick={() => void actions.reconnect(row)}>
          {MSG.reconnect}
        </button>
      )}
      {canBlast &&
        !isDisconnected(row.state) &&
        (row.status === 'sending' ? (
          <button type="button" className={actionClass('red')} onClick={() => void actions.stop(row)}>
            {MSG.stopBlast}
          </button>
        ) : (
          <button type="button" className={actionClass('brand')} onClick={() => void actions.start(row)}>
            {MSG.startBlast}
          </button>
        ))}
      <button type="button" className={actionClass('gray')} onClick={() => void actions.reset(row)}>
        {MSG.reset}
      </button>
      <ScheduleActions row={row} canSchedule onChange={(change) => patch(row.id, change)} />
    </div>
  );
}
