import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { INDICATOR_MS } from '@blaster/contract';
import { useMessages } from '../../i18n';
import { ApiError, errorText } from '../../lib/api';
import { showMessage } from '../../lib/dialogs';
import { rememberStartedBlast } from './blast-feedback';
import {
  useActivateAccount,
  useReconnectAccount,
  useRefreshDashboard,
  useResetAccount,
  useStartBlast,
  useStopBlast,
} from './api';
import type { LiveRow } from './live';

interface LiveControls {
  /** The viewer's realtime channel, told to the server so the blast's events reach this tab. */
  channel: string | null;
  patch: (id: number, patch: Partial<LiveRow>) => void;
  started: (id: number, ends: number) => void;
  refetch: () => Promise<unknown>;
}

/** What a row's buttons do, and the label a row shows while its action runs. */
export function useAccountActions({ channel, patch, started, refetch }: LiveControls) {
  const MSG = useMessages();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<Record<number, string>>({});
  const startBlast = useStartBlast();
  const stopBlast = useStopBlast();
  const reconnectAccount = useReconnectAccount();
  const resetAccount = useResetAccount();
  const activateAccount = useActivateAccount();
  const refreshDashboard = useRefreshDashboard();

  const withBusy = async (row: LiveRow, label: string, work: () => Promise<void>, holdMs = 0) => {
    setBusy((current) => ({ ...current, [row.id]: label }));
    try {
      await work();
    } finally {
      setTimeout(() => setBusy(({ [row.id]: _done, ...rest }) => rest), holdMs);
    }
  };

  const refused = async (row: LiveRow, error: unknown) => {
    if (error instanceof ApiError && error.message === MSG.connectionLostReconnect) {
      await showMessage({ tone: 'error', title: MSG.forbiddenTitle, text: MSG.connectionLostReconnect });
      void navigate(`/whatsapp/create?r=${row.id}`);
      return;
    }
    const text = errorText(error, MSG.networkError);
    // The spec's network text already asks to try again; the server's errors get the retry suffix.
    toast.error(text === MSG.networkError ? text : `${text}${MSG.startBlastRetrySuffix}`);
  };

  const start = (row: LiveRow) =>
    withBusy(row, MSG.starting, async () => {
      try {
        // How it ends (finished, no template, disconnected) is told by a toast (blast-feedback.ts).
        rememberStartedBlast(row.id);
        await startBlast.mutateAsync({ whatsappClientId: row.id, socketClientId: channel, loop: true });
        started(row.id, row.ends ?? 0);
      } catch (error) {
        await refused(row, error);
      }
    });

  const stop = async (row: LiveRow) => {
    if (row.progressing && row.phase === 'sending' && !(row.waitTime && row.waitTime > 0)) {
      // A message is on its way: the member may let it finish or stop right after it.
      const confirmed = await showMessage({
        tone: 'warning',
        title: MSG.sendingWarning,
        confirmText: MSG.stopBlastNow,
        cancelText: MSG.justWait,
      });
      if (!confirmed) return;
    }
    await withBusy(row, MSG.stopping, async () => {
      try {
        await stopBlast.mutateAsync(row.id);
        patch(row.id, { status: 'idle', progressing: false, waitTime: 0, attempting: false });
      } catch (error) {
        await refused(row, error);
      }
    });
  };

  const reconnect = async (row: LiveRow) => {
    if (row.state === 'conflict') {
      await withBusy(row, MSG.reconnect, async () => {
        try {
          await reconnectAccount.mutateAsync(row.id);
          await refetch();
        } catch (error) {
          toast.error(errorText(error, MSG.networkError));
        }
      });
      return;
    }
    const confirmed = await showMessage({
      tone: 'warning',
      title: MSG.warning,
      text: `${row.phonenumber ?? row.clientid}: ${MSG.connectionLostReconnect}`,
      confirmText: MSG.yesReconnect,
      cancelText: MSG.cancel,
    });
    if (confirmed) void navigate(`/whatsapp/create?r=${row.id}`);
  };

  const reset = async (row: LiveRow) => {
    const confirmed = await showMessage({
      tone: 'warning',
      title: MSG.areYouSure,
      text: MSG.resetExplanation,
      confirmText: MSG.yesReset,
      cancelText: MSG.cancel,
    });
    if (!confirmed) return;
    await withBusy(
      row,
      MSG.resetting,
      async () => {
        try {
          const answer = await resetAccount.mutateAsync(row.id);
          patch(row.id, answer.data);
        } catch (error) {
          toast.error(errorText(error, MSG.networkError));
        }
      },
      INDICATOR_MS,
    );
  };

  const activate = async (row: LiveRow) => {
    const confirmed = await showMessage({
      tone: 'warning',
      title: MSG.areYouSure,
      text: `${row.phonenumber ?? row.clientid}: ${MSG.suspendedLabel(row.suspended_count)}`,
      confirmText: MSG.activated,
      cancelText: MSG.cancel,
    });
    if (!confirmed) return;
    await withBusy(
      row,
      MSG.activating,
      async () => {
        try {
          const answer = await activateAccount.mutateAsync(row.id);
          patch(row.id, answer.data);
          await refreshDashboard();
        } catch (error) {
          toast.error(errorText(error, MSG.networkError));
        }
      },
      INDICATOR_MS,
    );
  };

  return { busy, start, stop, reconnect, reset, activate, patch };
}

export type AccountActions = ReturnType<typeof useAccountActions>;
