import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { t, useMessages } from '../../i18n';
import { RESULT_FILES, type LookupKind, type LookupRow } from '@blaster/contract';
import { ApiError, errorText } from '../../lib/api';
import { confirmDialog, showMessage } from '../../lib/dialogs';
import { downloadCsv } from '../../lib/download';
import { useDeleteLookup, useLookupControl, useLookupResult } from './api';
import { LOOKUP_TITLES } from './titles';

/** What a job's buttons do, and the label a row shows while its action runs. */
export function useLookupActions(kind: LookupKind, setRow: (id: number, row: LookupRow) => void) {
  const MSG = useMessages();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<Record<number, string>>({});
  const lookupControl = useLookupControl(kind);
  const lookupResult = useLookupResult(kind);
  const deleteLookup = useDeleteLookup(kind);

  const control = async (row: LookupRow, action: 'start' | 'stop') => {
    setBusy((current) => ({ ...current, [row.id]: action === 'start' ? MSG.starting : MSG.stopping }));
    try {
      setRow(row.id, await lookupControl.mutateAsync({ id: row.id, action }));
    } catch (error) {
      if (error instanceof ApiError && error.message === MSG.connectionLostReconnect) {
        await showMessage({ tone: 'error', title: MSG.forbiddenTitle, text: MSG.connectionLostReconnect });
        void navigate(`/whatsapp/create?r=${row.whatsapp_id}`);
      } else toast.error(errorText(error, MSG.networkError));
    } finally {
      setBusy(({ [row.id]: _done, ...rest }) => rest);
    }
  };

  const download = async (row: LookupRow) => {
    try {
      const answer = await lookupResult.mutateAsync(row.id);
      if (answer.list.length === 0) return void toast.error(MSG.noPhoneNumbersToExport);
      downloadCsv(
        RESULT_FILES[kind],
        answer.list.map((item) => ({ ...item, status: 'active' })),
        ['number', 'name', 'status'],
      );
    } catch (error) {
      toast.error(errorText(error));
    }
  };

  const openFile = async (row: LookupRow) => {
    // Fetched with the session cookie and handed over as a download under the file's own name.
    const response = await fetch(row.fileUrl!, { credentials: 'same-origin' });
    if (!response.ok) return void toast.error(MSG.internalServerError);
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = row.fileName ?? 'file';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  const remove = async (row: LookupRow) => {
    if (
      !(await confirmDialog(
        t('common.willBeDeleted', { what: `${LOOKUP_TITLES[kind]} #${row.id}` }),
        t('common.deleteConfirm'),
      ))
    )
      return;
    setBusy((current) => ({ ...current, [row.id]: MSG.deleting }));
    try {
      await deleteLookup.mutateAsync(row.id);
    } catch (error) {
      toast.error(errorText(error, MSG.networkError));
    } finally {
      setBusy(({ [row.id]: _done, ...rest }) => rest);
    }
  };

  return { busy, control, download, openFile, remove };
}

export type LookupActions = ReturnType<typeof useLookupActions>;
