import type { TEMPLATE_BULK_ACTIONS, TemplateRow } from '@blaster/contract';
import { formatNumber, t } from '../../i18n';
import { useBulkChoices, type BulkChoice } from '../../components/data-table';
import { callEndpoint } from '../../lib/api';
import { templateKeys } from './api';

type Action = (typeof TEMPLATE_BULK_ACTIONS)[number];

const runOn = async (chosen: TemplateRow[], action: Action) =>
  (await callEndpoint('messageBulk', { body: { ids: chosen.map((row) => row.id), action } })).count;

/** A template's caption as the selection names it, or the spec's 'this template' when it has none. */
const describe = (row: TemplateRow) => row.text_wa.split('\n')[0]?.slice(0, 60) || t('template.thisTemplate');

/**
 * Activate, deactivate and delete for the templates chosen on the page: a blast only takes active
 * templates, so switching a set on or off is how an operator rotates them. Only a delete is asked first.
 */
export function useTemplateBulkActions() {
  const setStatus = (label: string, action: Action): BulkChoice<TemplateRow> => ({
    label,
    run: async (chosen) => t('template.bulkChanged', { count: formatNumber(await runOn(chosen, action)) }),
  });
  return useBulkChoices<TemplateRow>({
    describe,
    refresh: templateKeys.lists(),
    choices: [
      setStatus(t('template.bulkActivate'), 'activate'),
      setStatus(t('template.bulkDeactivate'), 'deactivate'),
      {
        label: t('table.deleteSelected'),
        danger: true,
        ask: {
          question: (count) => t('template.bulkDeleteConfirm', { count }),
          confirm: t('common.deleteConfirm'),
        },
        run: async (chosen) =>
          t('template.bulkDeleted', { count: formatNumber(await runOn(chosen, 'delete')) }),
      },
    ],
  });
}
