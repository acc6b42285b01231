import { MSG, type inboxReplyBodySchema, type inboxThreadsQuerySchema } from '@blaster/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { DomainError } from '../../domain/errors';
import { assertOwnerOrOperator } from '../../lib/access';
import { HttpError } from '../../lib/errors';
import type { PageRequest } from '../../lib/paging';
import { isOperator, type AuthUser } from '../../lib/routes';
import { sendDirect } from '../whatsapp/service';
import { presentMessage, presentThread, publishInboxMessage } from './inbound';
import { inboxRepository as inbox } from './repository';

/** A thread the caller may see: their own account's, or any for admin and dev. */
async function threadFor(ctx: AppContext, user: AuthUser, id: number) {
  const thread = await inbox.thread(ctx.db, id);
  if (!thread) throw new HttpError(404, MSG.inboxThreadNotFound);
  assertOwnerOrOperator(user, thread.userId);
  return thread;
}

/** The caller's threads (every owner's for operators), newest activity first. */
export async function threadPage(
  ctx: AppContext,
  user: AuthUser,
  query: z.output<typeof inboxThreadsQuerySchema>,
) {
  const { rows, meta } = await inbox.threadPage(
    ctx.db,
    { userId: isOperator(user) ? null : user.id, whatsappId: query.whatsapp_id, unreadOnly: query.unread },
    query,
  );
  return { data: rows.map(presentThread), meta };
}

/** A thread and one page of its messages, newest first. */
export async function messagePage(ctx: AppContext, user: AuthUser, id: number, page: PageRequest) {
  const thread = await threadFor(ctx, user, id);
  const { rows, meta } = await inbox.messagePage(ctx.db, thread.id, page);
  return { thread: presentThread(thread), data: rows.map(presentMessage), meta };
}

/** The owner opened the thread; an operator reading someone else's leaves its unread count alone. */
export async function markRead(ctx: AppContext, user: AuthUser, id: number) {
  const thread = await threadFor(ctx, user, id);
  if (thread.userId === user.id) await inbox.markRead(ctx.db, thread.id);
  return { msg: MSG.inboxMarkedRead };
}

/**
 * An answer in a thread, sent exactly as a direct send from the thread's account to its number: the
 * send policy's ownership, quiet hours, suppression, consent and caps apply, with its audit entry.
 * Only a reply the network took is stored in the thread; any other is refused with the reason.
 */
export async function reply(
  ctx: AppContext,
  user: AuthUser,
  id: number,
  body: z.output<typeof inboxReplyBodySchema>,
) {
  const thread = await threadFor(ctx, user, id);
  const sent = await sendDirect(ctx, user, {
    senders: thread.clientid,
    targets: thread.counterpart,
    message: body.text,
    on_behalf_of_owner: body.on_behalf_of_owner,
  });
  if (sent.held > 0) throw new DomainError('send_refused', sent.msg);
  if (sent.sent === 0) throw new DomainError('send_refused', MSG.inboxReplyFailed);
  const row = await inbox.recordOutbound(ctx.db, {
    threadId: thread.id,
    whatsappId: thread.whatsappId,
    userId: thread.userId,
    counterpart: thread.counterpart,
    direction: 'out',
    text: body.text,
    at: new Date(),
    messageLogId: null,
    templateId: null,
    sentBy: user.id,
  });
  publishInboxMessage(ctx.hub, row);
  return { msg: MSG.inboxReplySent, message: presentMessage(row) };
}
