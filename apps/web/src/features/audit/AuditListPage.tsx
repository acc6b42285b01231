import { createColumnHelper } from '@tanstack/react-table';
import { X } from 'lucide-react';
import { AUDIT_ACTIONS, type AuditEntry } from '@blaster/contract';
import { formatRupiah, t, tValue, useMessages } from '../../i18n';
import { Breadcrumb } from '../../components/Breadcrumb';
import { inputClass } from '../../components/form';
import {
  PageCard,
  PagedTable,
  RefreshButton,
  formatDateTime,
  smallLinkClass,
  useListParams,
  useListSearch,
  type Columns,
} from '../../components/data-table';

import { useAuditLog } from './api';

const column = createColumnHelper<AuditEntry>();

/** Money fields show as rupiah; the rest as they are, '-' for nothing. */
const MONEY_FIELDS = new Set(['nominal', 'blast_fee', 'price']);
function formatValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value === 'number' && MONEY_FIELDS.has(field)) return formatRupiah(value);
  if (typeof value === 'boolean') return value ? 'ya' : 'tidak';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** One line per changed field: the value before, an arrow, the value after. */
function Changes({ entry }: { entry: AuditEntry }) {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  if (fields.length === 0) return <span>-</span>;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs">
      {fields.map((field) => (
        <div key={field} className="contents">
          <dt className="text-gray-500 dark:text-gray-400">{field.replaceAll('_', ' ')}</dt>
          <dd className="break-words">
            {entry.before && (
              <>
                <span className="text-red-600 line-through decoration-red-300 dark:text-red-400">
                  {formatValue(field, before[field])}
                </span>
                {entry.after && <span aria-hidden="true"> → </span>}
                {entry.after && <span className="sr-only"> {t('audit.becomes')} </span>}
              </>
            )}
            {entry.after && (
              <span className="font-medium text-emerald-700 dark:text-emerald-400">
                {formatValue(field, after[field])}
              </span>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

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
  }
}

/** /audit: every recorded change, newest first, filtered by action and actor (admin and dev). */
export function AuditListPage() {
  const MSG = useMessages();
  const { page, params, set } = useListParams();
  const searchBox = useListSearch();
  const search = searchBox.search;
  const action = params.get('action') ?? '';
  const actor = params.get('actor') ?? '';
  const targetType = params.get('target_type') ?? '';
  const targetId = params.get('target_id') ?? '';

  const query = new URLSearchParams({ page: String(page) });
  for (const [key, value] of Object.entries({
    search,
    action,
    actor,
    target_type: targetType,
    target_id: targetId,
  }))
    if (value) query.set(key, value);
  const list = useAuditLog(query.toString());

  const columns: Columns<AuditEntry> = [
    column.accessor('createdAt', {
      header: MSG.auditTime,
      cell: ({ row }) => (
        <div className="whitespace-nowrap">
          {formatDateTime(row.original.createdAt)}
          <div className="text-xs text-gray-400" title={t('audit.instance')}>
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
            <span className="text-gray-400">({original.actor.role ?? '-'})</span>
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
      cell: ({ row }) => <Changes entry={row.original} />,
    }),
  ];

  const chips: { label: string; clear: Record<string, null> }[] = [];
  if (actor) chips.push({ label: `${MSG.auditActor} #${actor}`, clear: { actor: null } });
  if (targetId)
    chips.push({
      label: `${MSG.auditTarget} ${targetType} #${targetId}`,
      clear: { target_type: null, target_id: null },
    });

  return (
    <>
      <Breadcrumb title={MSG.auditListTitle} />
      <PageCard title={MSG.auditListTitle} actions={<RefreshButton onRefresh={() => list.refetch()} />}>
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
        <PagedTable label={MSG.auditListTitle} list={list} columns={columns} rowKey={(row) => row.id} />
      </PageCard>
    </>
  );
}
