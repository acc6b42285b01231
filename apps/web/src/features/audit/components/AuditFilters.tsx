import { X } from 'lucide-react';
import { AUDIT_ACTIONS } from '@blaster/contract';
import { tValue, useMessages } from '../../../i18n';
import { inputClass } from '../../../components/form';
import type { useListSearch } from '../../../components/data-table';
import type { SetAuditParams } from './audit-columns';

/**
 * The audit log's filters: the actor search, the action select, and a chip for each filter set by a
 * click in the table (actor, target), which clears it.
 */
export function AuditFilters({
  searchBox,
  action,
  actor,
  targetType,
  targetId,
  set,
}: {
  searchBox: ReturnType<typeof useListSearch>;
  action: string;
  actor: string;
  targetType: string;
  targetId: string;
  set: SetAuditParams;
}) {
  const MSG = useMessages();
  const chips: { label: string; clear: Record<string, null> }[] = [];
  if (actor) chips.push({ label: `${MSG.auditActor} #${actor}`, clear: { actor: null } });
  if (targetId)
    chips.push({
      label: `${MSG.auditTarget} ${targetType} #${targetId}`,
      clear: { target_type: null, target_id: null },
    });

  return (
    <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center">
      <input
        type="search"
        aria-label={MSG.auditSearchActor}
        placeholder={MSG.auditSearchActor}
        value={searchBox.typed}
        onChange={(event) => searchBox.setTyped(event.target.value)}
        className={`${inputClass()} sm:max-w-xs`}
      />
      <select
        aria-label={MSG.auditFilterAction}
        value={action}
        onChange={(event) => set({ action: event.target.value, page: 1 })}
        className={`${inputClass()} sm:max-w-64`}
      >
        <option value="">{MSG.auditAllActions}</option>
        {AUDIT_ACTIONS.map((value) => (
          <option key={value} value={value}>
            {tValue('audit.action', value)}
          </option>
        ))}
      </select>
      {chips.map((chip) => (
        <button
          key={chip.label}
          type="button"
          aria-label={`${chip.label}: hapus filter`}
          onClick={() => set({ ...chip.clear, page: 1 })}
          className="inline-flex items-center gap-1 self-start rounded-full bg-brand-50 px-3 py-1 text-xs font-medium text-brand-700 hover:bg-brand-100 sm:self-auto dark:bg-brand-500/15 dark:text-brand-300"
        >
          {chip.label}
          <X className="size-3.5" aria-hidden="true" />
        </button>
      ))}
    </div>
  );
}
