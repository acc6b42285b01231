import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { t, useMessages } from '../../i18n';
import type { RowEndpointName } from '@blaster/contract';
import { callEndpoint, errorText } from '../../lib/api';
import { confirmDialog } from '../../lib/dialogs';

export const linkButtonClass =
  'inline-flex items-center gap-1.5 rounded-lg bg-brand-500 px-4 py-2.5 text-sm font-medium text-white shadow-xs hover:bg-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500';
export const smallLinkClass =
  'rounded-md px-2 py-1 text-xs font-medium text-brand-600 hover:bg-brand-50 dark:text-brand-300 dark:hover:bg-brand-500/10';
export const dangerLinkClass =
  'rounded-md px-2 py-1 text-xs font-medium text-red-600 hover:bg-red-50 disabled:opacity-60 dark:text-red-400 dark:hover:bg-red-500/10';

/** Delete with a confirmation; the row shows 'Deleting...' until the server confirms. */
export function useDeleteRow(queryKey: string, endpoint: RowEndpointName<'DELETE'>) {
  const MSG = useMessages();
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<number | null>(null);
  const remove = useMutation({
    mutationFn: (id: number) =>
      callEndpoint(endpoint, { params: { id } } as never, { fallback: MSG.networkError }),
    onMutate: (id) => setDeleting(id),
    onSettled: () => setDeleting(null),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [queryKey] }),
    onError: (error) => toast.error(errorText(error, MSG.networkError)),
  });
  const button = (id: number, what: string) => (
    <button
      type="button"
      className={dangerLinkClass}
      disabled={deleting === id}
      onClick={async () => {
        if (await confirmDialog(t('common.willBeDeleted', { what }), t('common.deleteConfirm')))
          remove.mutate(id);
      }}
    >
      {deleting === id ? MSG.deleting : t('common.delete')}
    </button>
  );
  return {
    deleting,
    button,
    /** A row's 'Edit' link and 'Delete' button. */
    actions: (editTo: string, id: number, what: string) => (
      <div className="flex gap-1">
        <Link className={smallLinkClass} to={editTo}>
          {t('common.edit')}
        </Link>
        {button(id, what)}
      </div>
    ),
  };
}
