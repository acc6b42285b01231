import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { INDICATOR_MS } from '@blaster/contract';
import { messages } from '../../i18n';
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
  /**
   * The audience a start sends to: a saved segment, or every number (null). Left out (a campaign
   * card's resume), the blast keeps the audience it had.
   */
  segmentId?: number | null;
}

type WithBusy = (row: LiveRow, label: string, work: () => Promise<void>, holdMs?: number) => Promise<void>;

/** The label each row shows while its action runs (kept `holdMs` longer for quick actions). */
function useBusyRows() {
  const [busy, setBusy] = useState<Record<number, string>>({});
  const withBusy: WithBusy = async (row, label, work, holdMs = 0) => {
    setBusy((current) => ({ ...current, [row.id]: label }));
    try {
      await work();
    } finally {
      setTimeout(() => setBusy(({ [row.id]: _done, ...rest }) => rest), holdMs);
    }
  };
  return { busy, withBusy };
}

/** A message is on its way: the member may let it finish or stop right after it. */
function confirmStopMidSend(row: LiveRow) {
  if (!(row.progressing && row.phase === 'sending' && !(row.waitTime && row.waitTime > 0)))
    return Promise.resolve(true);
  return showMessage({
    tone: 'warning',
    title: messages().sendingWarning,
    confirmText: messages().stopBlastNow,
    cancelText: messages().justWait,
  });
}

/** Start and stop, and what the viewer is told when the server refuses them. */
function useBlastControls({ channel, patch, started, segmentId }: LiveControls, withBusy: WithBusy) {
  const navigate = useNavigate();
  const startBlast = useStartBlast();
  const stopBlast = useStopBlast();

  const refused = async (row: LiveRow, error: unknown) => {
    if (error instanceof ApiError && error.message === messages().connectionLostReconnect) {
      await showMessage({
        tone: 'error',
        title: messages().forbiddenTitle,
        text: messages().connectionLostReconnect,
      });
      void navigate(`/whatsapp/create?r=${row.id}`);
      return;
    }
    const text = errorText(error, messages().networkError);
    // The spec's network text already asks to try again; the server's errors get the retry suffix.
    toast.error(text === messages().networkError ? text : `${text}${messages().startBlastRetrySuffix}`);
  };

  const start = (row: LiveRow) =>
    withBusy(row, messages().starting, async () => {
      try {
        // How it ends (finished, no template, disconnected) is told by a toast (blast-feedback.ts).
        rememberStartedBlast(row.id);
        await startBlast.mutateAsync({
          whatsappClientId: row.id,
          socketClientId: channel,
          loop: true,
          segmentId,
        });
        started(row.id, row.ends ?? 0);
      } catch (error) {
        await refused(row, error);
      }
    });

  const stop = async (row: LiveRow) => {
    if (!(await confirmStopMidSend(row))) return;
    await withBusy(row, messages().stopping, async () => {
      try {
        await stopBlast.mutateAsync(row.id);
        patch(row.id, { status: 'idle', progressing: false, waitTime: 0, attempting: false });
      } catch (error) {
        await refused(row, error);
      }
    });
  };
  return { start, stop };
}

const confirmed = (text: string, confirmText: string) =>
  showMessage({
    tone: 'warning',
    title: messages().areYouSure,
    text,
    confirmText,
    cancelText: messages().cancel,
  });

/** Reconnect, reset and activate: the account's upkeep. */
function useAccountUpkeep({ patch, refetch }: LiveControls, withBusy: WithBusy) {
  const navigate = useNavigate();
  const reconnectAccount = useReconnectAccount();
  const resetAccount = useResetAccount();
  const activateAccount = useActivateAccount();
  const refreshDashboard = useRefreshDashboard();
  const tryIt = (work: () => Promise<void>) => async () => {
    try {
      await work();
    } catch (error) {
      toast.error(errorText(error, messages().networkError));
    }
  };

  const reconnect = async (row: LiveRow) => {
    if (row.state === 'conflict') {
      const work = tryIt(async () => {
        await reconnectAccount.mutateAsync(row.id);
        await refetch();
      });
      await withBusy(row, messages().reconnect, work);
      return;
    }
    const yes = await showMessage({
      tone: 'warning',
      title: messages().warning,
      text: `${row.phonenumber ?? row.clientid}: ${messages().connectionLostReconnect}`,
      confirmText: messages().yesReconnect,
      cancelText: messages().cancel,
    });
    if (yes) void navigate(`/whatsapp/create?r=${row.id}`);
  };

  const reset = async (row: LiveRow) => {
    if (!(await confirmed(messages().resetExplanation, messages().yesReset))) return;
    const work = tryIt(async () => patch(row.id, (await resetAccount.mutateAsync(row.id)).data));
    await withBusy(row, messages().resetting, work, INDICATOR_MS);
  };

  const activate = async (row: LiveRow) => {
    const text = `${row.phonenumber ?? row.clientid}: ${messages().suspendedLabel(row.suspended_count)}`;
    if (!(await confirmed(text, messages().activated))) return;
    const work = tryIt(async () => {
      patch(row.id, (await activateAccount.mutateAsync(row.id)).data);
      await refreshDashboard();
    });
    await withBusy(row, messages().activating, work, INDICATOR_MS);
  };
  return { reconnect, reset, activate };
}

/** What a row's buttons do, and the label a row shows while its action runs. */
export function useAccountActions(controls: LiveControls) {
  const { busy, withBusy } = useBusyRows();
  const { start, stop } = useBlastControls(controls, withBusy);
  const { reconnect, reset, activate } = useAccountUpkeep(controls, withBusy);
  return { busy, start, stop, reconnect, reset, activate, patch: controls.patch };
}

export type AccountActions = ReturnType<typeof useAccountActions>;
