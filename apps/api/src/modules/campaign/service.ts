import {
  MSG,
  type ALL_USERS,
  type CampaignHold,
  type CampaignsAnswer,
  type Message,
  type PauseKind,
} from '@blaster/contract';
import type { AppContext } from '../../context';
import { presentAccount, type AccountRow } from '../../domain/accounts';
import { quietHold } from '../../domain/governance';
import { readSettings } from '../../domain/settings';
import { messageRef, templateNotice } from '../../domain/templates';
import { campaignRepository as campaigns } from './repository';

/** A message as its key and plain blanks, so each reader writes it in their own language. */
const holdOf = (message: Message): CampaignHold => messageRef(message);

/**
 * The active templates that keep blasts from sending, and the hold they put on a started blast: every
 * template it may send waits for its first batch's feedback.
 */
async function templateNotices(ctx: AppContext, firstBatch: number) {
  const rows = await campaigns.activeTemplates(ctx.db);
  const notices = rows.flatMap((row) => {
    const notice = templateNotice(row, firstBatch);
    return notice ? [notice] : [];
  });
  const sendable = rows.filter((row) => row.reviewState === 'approved' && row.pacing !== 'paused');
  const held = sendable.length > 0 && notices.filter((n) => n.state === 'held').length === sendable.length;
  return {
    hold: held ? MSG.templateBatchHeld : null,
    notices: notices.map((notice) => ({
      ...notice,
      reason: messageRef(notice.reason),
      remedy: notice.remedy ? messageRef(notice.remedy) : null,
    })),
  };
}

/**
 * Pauses are stored in the spec's wording; the suspension's and the RED quality's have no blanks, so
 * they are recognised.
 */
function pauseKind(account: AccountRow): PauseKind | null {
  if (account.pausedReason === null) return null;
  if (account.pausedReason === String(MSG.pausedSuspended)) return 'suspended';
  if (account.pausedReason === String(MSG.pausedQualityRed)) return 'quality';
  return 'fail_rate';
}

/** The network's hold on a sender at its tier's limit, as the blast loop tells it when it meets it. */
function networkHold(ctx: AppContext, account: AccountRow): Message | null {
  const standing = ctx.gateway.standing(account.clientid);
  return standing?.restricted ? MSG.governedTierLimit(standing.tier ?? 0) : null;
}

/**
 * The running, held and paused blasts of a member (or every member's for operators, 'all'): the
 * targets left in the shared pool, each blast's opt-outs, and the hold now in force, as the blast
 * loop would find it (quiet hours, then the account's spent daily cap, then the network's tier limit).
 * Read only.
 */
export async function runningCampaigns(
  ctx: AppContext,
  userId: number | typeof ALL_USERS,
): Promise<CampaignsAnswer> {
  const timeZone = ctx.config.timeZone;
  const settings = await readSettings(ctx.db);
  const [rows, poolLeft, templates] = await Promise.all([
    campaigns.running(ctx.db, userId, timeZone),
    campaigns.poolLeft(ctx.db, settings),
    templateNotices(ctx, settings.template_first_batch),
  ]);
  const quiet = quietHold(settings, timeZone);
  const perDay = settings.daily_sends_per_account ?? null;
  return {
    pool_left: poolLeft,
    templates: templates.notices,
    campaigns: rows.map(({ account, optedOut, usedToday }) => {
      const sending = account.status === 'sending';
      const capped = perDay !== null && Number(usedToday ?? 0) >= perDay;
      const hold = !sending
        ? null
        : quiet
          ? quiet.reason
          : capped
            ? MSG.governedDailyCap
            : (networkHold(ctx, account) ?? templates.hold);
      return {
        account: presentAccount(account),
        opted_out: Number(optedOut),
        hold: hold ? holdOf(hold) : null,
        paused_kind: sending ? null : pauseKind(account),
      };
    }),
  };
}
