import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  Message,
  type CatalogKey,
  type Paged,
  type RealtimeEvent,
  type User,
  type WhatsappRow,
} from '@blaster/contract';
import { messageIn, messages } from '../../i18n';
import { subscribe } from '../../lib/realtime';
import { userChannel } from '../../lib/user-channel';
import { whatsappKeys } from './api';

/** Accounts whose blast was started from this tab: an operator hears how those end too. */
const startedHere = new Set<number>();
export function rememberStartedBlast(accountId: number) {
  startedHere.add(accountId);
}

export interface BlastNotice {
  /** One toast per end, however many channels deliver it. */
  id: string;
  tone: 'info' | 'error';
  text: string;
}

/**
 * Who can fix what ended a blast, said after the reason: members can neither add templates nor
 * target numbers, so the reader learns to ask an admin (decision: issue #30).
 */
const REMEDIES: Partial<Record<string, 'noActiveTemplateRemedy' | 'noTargetsRemedy'>> = {
  noActiveTemplate: 'noActiveTemplateRemedy',
  noTargetsSuppressed: 'noTargetsRemedy',
};

/**
 * Why a blast ended, in the reader's language when the event names the message (`reason`), else in
 * the spec's wording it carries (`message`); followed by who can fix it when someone else must.
 */
function endReason(payload: Record<string, unknown>): string | null {
  const MSG = messages();
  const text = typeof payload.message === 'string' && payload.message ? payload.message : null;
  const named = payload.reason as { key?: unknown; params?: Record<string, string | number> } | undefined;
  if (typeof named?.key !== 'string') return text;
  const shown = messageIn(new Message(named.key as CatalogKey, named.params ?? {}, text ?? named.key));
  const remedy = REMEDIES[named.key];
  return remedy ? `${shown} ${MSG[remedy]}` : shown;
}

/**
 * The toast a blast's end deserves (finished / error_blast), for the viewer's own accounts
 * and those started here; null for any other event. `label` names the account (its phone number).
 */
export function blastEndNotice(
  message: RealtimeEvent,
  viewerId: number,
  label: (accountId: number) => string | null,
): BlastNotice | null {
  const MSG = messages();
  if (message.event !== 'finished' && message.event !== 'error_blast') return null;
  const payload = (message.payload ?? {}) as Record<string, unknown>;
  // Generators and validators end with 'finished' too; their lists show it.
  if (payload.generator || payload.validator) return null;
  const sender = message.sender;
  if (typeof sender?.id !== 'number') return null;
  if (sender.user_id !== viewerId && !startedHere.has(sender.id)) return null;
  const account = label(sender.id) ?? sender.clientid ?? `#${sender.id}`;
  const reason = endReason(payload);
  const id = `blast-${sender.id}-${message.event}-${String(payload.date ?? '')}`;
  if (message.event === 'finished')
    return {
      id,
      tone: 'info',
      text: reason
        ? MSG.blastStopped(account, reason)
        : `${MSG.blastFinished(account)} ${MSG.noTargetsRemedy}`,
    };
  return { id, tone: 'error', text: MSG.blastStopped(account, reason ?? MSG.errorSendingMessage) };
}

/** The account's phone number (or push name) from any account list the panel has loaded. */
function accountLabel(queryClient: QueryClient, accountId: number): string | null {
  type Answer = Partial<Paged<WhatsappRow>> & { list?: WhatsappRow[] };
  for (const [, data] of queryClient.getQueriesData<Answer>({ queryKey: whatsappKeys.all })) {
    const rows = Array.isArray(data?.data) ? data.data : Array.isArray(data?.list) ? data.list : [];
    const row = rows.find((candidate) => candidate.id === accountId);
    if (row) return row.phonenumber ?? row.pushname;
  }
  return null;
}

/**
 * Listens, wherever the viewer is in the panel, for the end of their blasts and says why it ended:
 * finished (no target left), no active template, account disconnected, or an error.
 */
export function useBlastFeedback(user: User | null) {
  const queryClient = useQueryClient();
  const userId = user?.id;
  const channel = userChannel(user);
  useEffect(() => {
    if (!channel || userId === undefined) return;
    return subscribe(channel, (message) => {
      const notice = blastEndNotice(message, userId, (id) => accountLabel(queryClient, id));
      if (!notice) return;
      const show = notice.tone === 'error' ? toast.error : toast.info;
      show(notice.text, { id: notice.id, duration: 8_000 });
    });
  }, [channel, userId, queryClient]);
}
