import { SUPPRESSION_CSV_COLUMNS, SUPPRESSION_CSV_FILE, type SuppressionRow } from '@blaster/contract';
import { formatNumber, t } from '../../i18n';
import { useBulkChoices, type BulkChoice } from '../../components/data-table';
import { callEndpoint } from '../../lib/api';
import { downloadCsv } from '../../lib/download';
import { suppressionKeys } from './api';

/**
 * The suppression list's selection bar: everyone who sees the list may download the chosen numbers
 * (the same columns as the whole list's export); operators may also take them off the list, asked first.
 */
export function useSuppressionBulkActions(mayRemove: boolean) {
  const exportChosen: BulkChoice<SuppressionRow> = {
    label: t('table.exportSelected'),
    run: async (chosen) => downloadCsv(SUPPRESSION_CSV_FILE, chosen, [...SUPPRESSION_CSV_COLUMNS]),
  };
  const remove: BulkChoice<SuppressionRow> = {
    label: t('suppression.bulkRemove'),
    danger: true,
    ask: {
      question: (count) => t('suppression.bulkRemoveConfirm', { count }),
      confirm: t('common.deleteConfirm'),
    },
    run: async (chosen) => {
      const { count } = await callEndpoint('suppressionBulk', {
        body: { numbers: chosen.map((row) => row.number), action: 'remove' },
      });
      return t('suppression.bulkRemoved', { count: formatNumber(count) });
    },
  };
  return useBulkChoices<SuppressionRow>({
    describe: (row) => row.number,
    refresh: suppressionKeys.all,
    choices: mayRemove ? [exportChosen, remove] : [exportChosen],
  });
}
