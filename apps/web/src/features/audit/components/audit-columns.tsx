import { createColumnHelper } from '@tanstack/react-table';
import type { AuditEntry } from '@blaster/contract';
import { messages, t, tValue } from '../../../i18n';
import { formatDateTime, smallLinkClass, type Columns } from '../../../components/data-table';
import { AuditChanges } from './AuditChanges';

const column = createColumnHelper<AuditEntry>();

/** Changes the list's URL filters, as useListParams' `set` does. */
export type SetAuditParams = (changes: Record<string, string | number | null>) => void;

function targetLabel({ target }: AuditEntry): string {
  switch (target.type) {
    case 'user':
      return target.name ?? t('audit.target.user', { id: target.id });
    case 'withdrawal':
      return `${t('audit.target.withdrawal', { id: target.id })}${target.name ? ` · ${target.name}` : ''}`;
    case 'level':
      return target.name
        ? t('audit.target.levelNamed', { name: target.name })
        : t('audit.target.level', { id: target.id });
    case 'setting':
      return t('audit.target.setting');
    case 'device':
      return t('audit.target.device', { id: target.id });
    case 'webhook':
      return t('audit.target.webhook', { id: target.id });
    case 'suppression':
      return t('audit.target.suppression', { id: target.id });
    case 'whatsapp':
      return target.name
        ? t('audit.target.whatsappNamed', { name: target.name })
        : t('audit.target.whatsapp', { id: target.id });
    case 'phone_list':
      return t('audit.target.phoneList');
    case 'template':
      return target.name
        ? t('audit.target.templateNamed', { id: target.id, name: target.name })
        : t('audit.target.template', { id: target.id });
    case 'segment':
      return target.name
        ? t('audit.target.segmentNamed', { name: target.name })
        : t('audit.target.segment', { id: target.id });
  }
}

/** The audit log's columns: time, actor and target (each a filter link), the action, and the changes. */
export function auditColumns(set: SetAuditParams): Columns<AuditEntry> {
  const MSG = messages();
  return [
    column.accessor('createdAt', {
      header: MSG.auditTime,
      meta: { sortKey: 'time' },
      // The time may wrap between its words: on one line, an English '10:41 AM' was wider than a
      // phone's card.
      cell: ({ row }) => (
        <div className="tabular-nums">
          {formatDateTime(row.original.createdAt)}
          <div className="text-xs text-muted" title={t('audit.instance')}>
            {row.original.instance}
          </div>
        </div>
      ),
    }),
    column.display({
      id: 'actor',
      header: MSG.auditActor,
      cell: ({ row: { original } }) =>
        original.actor ? (
          <button
            type="button"
            className={`${smallLinkClass} -mx-2 text-left`}
            title={MSG.auditActor}
            onClick={() => set({ actor: original.actor!.id, page: 1 })}
          >
            {original.actor.name ?? `User #${original.actor.id}`}{' '}
            <span className="text-muted">({original.actor.role ?? '-'})</span>
          </button>
        ) : (
          MSG.auditSystem
        ),
    }),
    column.display({
      // What was done, a field of the entry: not the row's buttons, which lists keep under 'action'.
      id: 'auditAction',
      header: MSG.auditAction,
      cell: ({ row: { original } }) => (
        <span className="rounded-full bg-gray-100 px-2.5 py-0.5 text-xs font-medium whitespace-nowrap dark:bg-white/5">
          {tValue('audit.action', original.action)}
        </span>
      ),
    }),
    column.display({
      id: 'target',
      header: MSG.auditTarget,
      cell: ({ row: { original } }) =>
        original.target.id === null ? (
          targetLabel(original)
        ) : (
          <button
            type="button"
            className={`${smallLinkClass} -mx-2 text-left`}
            onClick={() => set({ target_type: original.target.type, target_id: original.target.id, page: 1 })}
          >
            {targetLabel(original)}
          </button>
        ),
    }),
    column.display({
      id: 'changes',
      header: MSG.auditChanges,
      cell: ({ row }) => <AuditChanges entry={row.original} />,
    }),
  ];
}
