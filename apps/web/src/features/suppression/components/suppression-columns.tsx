import { createColumnHelper } from '@tanstack/react-table';
import type { SuppressionRow } from '@blaster/contract';
import { messages, t } from '../../../i18n';
import { dangerLinkClass, formatDateTime, type Columns } from '../../../components/data-table';
import { confirmDialog } from '../../../lib/dialogs';

const column = createColumnHelper<SuppressionRow>();
const reasonLabel = (reason: SuppressionRow['reason']) => {
  const MSG = messages();
  if (reason === 'link') return MSG.suppressionReasonLink;
  return reason === 'reply' ? MSG.suppressionReasonReply : MSG.suppressionReasonManual;
};

/** How a row's delete button reaches the page's mutation; absent for roles that may not remove. */
interface SuppressionRemoval {
  remove: (number: string) => void;
  removing: string | undefined;
}

/** The suppression list's columns: number, reason, note, since, and the delete button when allowed. */
export function suppressionColumns(removal: SuppressionRemoval | undefined): Columns<SuppressionRow> {
  const MSG = messages();
  return [
    column.accessor('number', { header: t('common.phoneNumber'), meta: { sortKey: 'number' } }),
    column.accessor('reason', {
      header: t('suppression.reason'),
      meta: { sortKey: 'reason' },
      cell: (info) => reasonLabel(info.getValue() as SuppressionRow['reason']),
    }),
    column.accessor('note', { header: t('suppression.note'), cell: (info) => info.getValue() ?? '-' }),
    column.accessor('created_at', {
      header: t('suppression.since'),
      meta: { sortKey: 'created' },
      cell: (info) => formatDateTime(info.getValue()),
    }),
    ...(removal
      ? [
          column.display({
            id: 'action',
            header: t('common.action'),
            cell: ({ row: { original: row } }) => (
              <button
                type="button"
                className={dangerLinkClass}
                onClick={async () => {
                  if (
                    await confirmDialog(MSG.confirmRemoveSuppression(row.number), t('common.deleteConfirm'))
                  )
                    removal.remove(row.number);
                }}
              >
                {removal.removing === row.number ? MSG.deleting : t('common.delete')}
              </button>
            ),
          }),
        ]
      : []),
  ];
}
