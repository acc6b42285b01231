import { MSG, normalizeNumber } from '@blaster/contract';
import type { AppContext } from '../context';
import type { AccountRow } from '../domain/accounts';
import { isHold, quietHold, takeSendBudget } from '../domain/governance';
import { readSettings } from '../domain/settings';
import { DomainError } from '../domain/errors';
import type { AuthUser } from '../lib/routes';
import { recordAudit } from '../modules/audit/service';
import { assertMaySendFrom } from './ownership';
import { issuePermit, sendPermitted } from './permit';
import { judgeRecipients } from './recipients';

/** How much of a direct send's message the audit entry keeps. */
const AUDITED_MESSAGE_CHARS = 200;

export interface DirectSend {
  /** The sending account, already found for the actor. */
  account: AccountRow;
  onBehalfOfOwner: boolean;
  /** The numbers as typed. */
  chosen: string[];
  /** 'All': every active number of the list as well. */
  everyActive: boolean;
  message: string;
}

/**
 * One message from one account to a batch of numbers, through the same rules as a blast: the sender
 * is the actor's or declared on its owner's behalf; nothing in quiet hours; suppressed and (consent
 * required) unconsented numbers skipped; at most what the platform's minute and the account's day
 * still allow, the rest held; one audit entry, committed with the budget it took, before anything
 * leaves.
 */
export async function sendDirect(ctx: AppContext, actor: AuthUser, request: DirectSend) {
  const { account } = request;
  assertMaySendFrom(actor, account.userId, request.onBehalfOfOwner);
  const settings = await readSettings(ctx.db);
  if (quietHold(settings, ctx.config.timeZone))
    throw new DomainError('send_refused', MSG.directSendQuietHours(settings.quiet_end ?? ''));
  const chosen = [...new Set(request.chosen.map(normalizeNumber).filter(Boolean))];
  const { allowed, skipped } = await judgeRecipients(
    ctx.db,
    { chosen, everyActive: request.everyActive },
    settings,
  );
  if (allowed.length === 0) {
    if (skipped > 0) throw new DomainError('send_refused', MSG.noTargetsSuppressed);
    return { msg: MSG.sentText, sent: 0, failed: 0, skipped: 0, held: 0 };
  }
  const granted = await ctx.db.transaction(async (tx) => {
    const taken = await takeSendBudget(tx, account.id, allowed.length, settings, ctx.config.timeZone);
    if (isHold(taken)) throw new DomainError('send_refused', MSG.directSendHeld(allowed.length));
    await recordAudit(tx, ctx, {
      actor,
      action: 'message.send',
      target: { type: 'whatsapp', id: account.id },
      after: {
        owner_id: account.userId,
        on_behalf_of_owner: account.userId !== actor.id,
        all: request.everyActive,
        targets: allowed.length + skipped,
        allowed: taken.granted,
        skipped,
        held: allowed.length - taken.granted,
        message: request.message.slice(0, AUDITED_MESSAGE_CHARS),
      },
    });
    return taken.granted;
  });
  let held = allowed.length - granted;
  const stamp = Date.now();
  let sent = 0;
  let failed = 0;
  for (const to of allowed.slice(0, granted)) {
    const permit = issuePermit({
      deviceId: account.clientid,
      to,
      text: request.message,
      key: `manual-${account.id}-${stamp}-${to}`,
    });
    const result = await sendPermitted(ctx.gateway, permit);
    if (result.ok) sent += 1;
    // The network's limits (tier, throughput, pair rate) refused it: nothing left, so it can be
    // sent again later, like the numbers the panel's own caps held.
    else if ('limited' in result) held += 1;
    else failed += 1;
  }
  const msg =
    held > 0 ? MSG.directSendHeld(held) : skipped > 0 ? MSG.directSendSkipped(skipped) : MSG.sentText;
  return { msg, sent, failed, skipped, held };
}
