import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { PHONE_BULK_ACTIONS, PhoneNumberWithConsentRow as PhoneNumberRow } from '@blaster/contract';
import { formatNumber, t, useMessages } from '../../i18n';
import { dangerLinkClass, smallLinkClass, type BulkActions } from '../../components/data-table';
import { callEndpoint, errorText } from '../../lib/api';
import { confirmDialog } from '../../lib/dialogs';
import { phoneNumberKeys } from './api';

type Action = (typeof PHONE_BULK_ACTIONS)[number];

/** The question before each action, its confirm button and what the toast says after. */
const wording = {
  delete: { ask: 'phone.bulkDeleteConfirm', confirm: 'common.deleteConfirm', done: 'phone.bulkDeleted' },
  suppress: {
    ask: 'phone.bulkSuppressConfirm',
    confirm: 'phone.bulkSuppressButton',
    done: 'phone.bulkSuppressed',
  },
} as const;

/**
 * Suppress and delete for the numbers chosen on the page, each asked first; the toast says how many
 * changed (numbers gone meanwhile or already suppressed are not counted), and the choice is cleared.
 */
export function usePhoneBulkActions(): BulkActions<PhoneNumberRow> {
  const MSG = useMessages();
  const queryClient = useQueryClient();
  const run = useMutation({
    mutationFn: ({ ids, action }: { ids: number[]; action: Action; clear(): void }) =>
      callEndpoint('phoneBulk', { body: { ids, action } }, { fallback: MSG.networkError }),
    onSuccess: ({ count }, { action, clear }) => {
      clear();
      toast.success(t(wording[action].done, { count: formatNumber(count) }));
      return queryClient.invalidateQueries({ queryKey: phoneNumberKeys.all });
    },
    onError: (error) => toast.error(errorText(error, MSG.networkError)),
  });
  const ask = async (chosen: PhoneNumberRow[], action: Action, clear: () => void) => {
    const { ask: question, confirm } = wording[action];
    if (await confirmDialog(t(question, { count: formatNumber(chosen.length) }), t(confirm)))
      run.mutate({ ids: chosen.map((row) => row.id), action, clear });
  };
  return {
    describe: (row) => row.number,
    render: (chosen, clear) => (
      <>
        <button
          type="button"
          className={smallLinkClass}
          disabled={run.isPending}
          onClick={() => void ask(chosen, 'suppress', clear)}
        >
          {t('phone.bulkSuppress')}
        </button>
        <button
          type="button"
          className={dangerLinkClass}
          disabled={run.isPending}
          onClick={() => void ask(chosen, 'delete', clear)}
        >
          {t('phone.bulkDelete')}
        </button>
      </>
    ),
  };
}
