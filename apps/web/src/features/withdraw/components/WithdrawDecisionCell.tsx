import type { WithdrawRow } from '@blaster/contract';
import { useMessages } from '../../../i18n';
import type { Decision } from '../withdraw-decisions';
import { TransferDetails } from './TransferDetails';

/** A request's action cell: the transfer details toggle and the decisions its status allows. */
export function WithdrawDecisionCell({
  withdrawal,
  decisions,
  open,
  onToggle,
  updating,
  onDecide,
}: {
  withdrawal: WithdrawRow;
  decisions: Decision[];
  open: boolean;
  onToggle: () => void;
  updating: number | null;
  onDecide: (action: Decision) => void;
}) {
  const MSG = useMessages();
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-1.5">
        <button
          type="button"
          aria-expanded={open}
          onClick={onToggle}
          className="rounded-md border border-gray-300 px-2 py-1 text-xs text-gray-700 hover:bg-white dark:border-gray-600 dark:text-gray-300"
        >
          {MSG.transferDetail}
        </button>
        {updating === withdrawal.id ? (
          <span className="text-xs font-medium">{MSG.sendingUpdate}</span>
        ) : (
          decisions.map((action) => (
            <button
              key={action.to}
              type="button"
              disabled={updating !== null}
              onClick={() => onDecide(action)}
              className={`rounded-md px-2.5 py-1 text-xs font-medium disabled:opacity-60 ${action.tone}`}
            >
              {action.label}
            </button>
          ))
        )}
      </div>
      {open && <TransferDetails member={withdrawal.User} />}
    </div>
  );
}
