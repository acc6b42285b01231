import type { ProxyRow } from '@blaster/contract';
import { formatNumber, t } from '../../i18n';
import { useBulkChoices } from '../../components/data-table';
import { callEndpoint } from '../../lib/api';
import { proxyKeys } from './api';

/** Delete for the proxies chosen on the page, asked first. */
export function useProxyBulkActions() {
  return useBulkChoices<ProxyRow>({
    describe: (row) => row.value,
    refresh: proxyKeys.all,
    choices: [
      {
        label: t('table.deleteSelected'),
        danger: true,
        ask: {
          question: (count) => t('proxy.bulkDeleteConfirm', { count }),
          confirm: t('common.deleteConfirm'),
        },
        run: async (chosen) => {
          const { count } = await callEndpoint('proxyBulk', {
            body: { ids: chosen.map((row) => row.id), action: 'delete' },
          });
          return t('proxy.bulkDeleted', { count: formatNumber(count) });
        },
      },
    ],
  });
}
