import {
  ALL_RECEIVERS,
  MAX_SUSPENSIONS_FOR_REACTIVATION,
  MSG,
  QR_FETCH_TIMEOUT_MS,
  deviceIdSchema,
  normalizeNumber,
  stripInvisibleControls,
} from '@blaster/contract';
import type { z } from 'zod';
import type {
  newClientBodySchema,
  saveWhatsappBodySchema,
  sendMessageBodySchema,
  whatsappIntervalBodySchema,
  whatsappPageQuerySchema,
  ALL_USERS,
} from '@blaster/contract';
import type { AppContext } from '../../context';
import type { Executor } from '../../ledger/ledger';
import type { whatsappAccounts } from '../../db/schema';
import {
  connectedSession,
  presentAccount,
  publishAccountEvent,
  restoreSession,
  type AccountRow,
} from '../../domain/accounts';
import { assertOwnerOrOperator } from '../../lib/access';
import { HttpError } from '../../lib/errors';
import { isOperator, type AuthUser } from '../../lib/routes';
import { queueAccountStateEvents } from '../../domain/webhooks';
import { sendDirect as sendThroughPolicy } from '../../policy/direct-send';
import { actsForAnother } from '../../policy/ownership';
import { recordAudit } from '../audit/service';
import { findSegment } from '../segments/service';
import {
  accountFilter,
  accountRepository as accounts,
  readAccountsPage,
  type ListedAccount,
} from './repository';

/** A list row: the account as the spec presents it, with its owner's name. */
function presentListed(row: ListedAccount) {
  // Added to the presented object rather than spread into a copy: lists present many rows.
  return Object.assign(presentAccount(row.account), {
    User: { firstname: row.firstname, lastname: row.lastname },
  });
}

/** The account a caller may act on: their own, or any for admin and dev. */
export async function accountFor(ctx: AppContext, user: AuthUser, key: number | string) {
  const account =
    typeof key === 'number' ? await accounts.byId(ctx.db, key) : await accounts.byClientid(ctx.db, key);
  if (!account) throw new HttpError(404, MSG.whatsappNotFound);
  assertOwnerOrOperator(user, account.userId);
  return account;
}

/** A device being connected belongs to whoever asked for it; a saved one to its account's owner. */
export async function checkDevice(ctx: AppContext, user: AuthUser, deviceId: string) {
  const owner = ctx.pendingDevices.get(deviceId);
  if (owner !== undefined) {
    assertOwnerOrOperator(user, owner);
    return;
  }
  await accountFor(ctx, user, deviceId);
}

/**
 * A sender named by its client id or by its phone number (the blaster's direct send
 * names its sender by number). One number saved on several accounts (a number connected again) answers the
 * connected one, else the newest.
 */
async function senderFor(ctx: AppContext, user: AuthUser, sender: string) {
  if (deviceIdSchema.safeParse(sender).success) return accountFor(ctx, user, sender);
  const account = await accounts.byNumber(ctx.db, normalizeNumber(sender), isOperator(user) ? null : user.id);
  if (!account) throw new HttpError(404, MSG.whatsappNotFound);
  return account;
}

async function refuseWhenDisconnected(ctx: AppContext, account: AccountRow) {
  if (account.suspended) throw new HttpError(400, MSG.suspendedRule, { error: MSG.suspendedRule });
  if (!(await connectedSession(ctx.gateway, account)))
    throw new HttpError(400, MSG.connectionLostReconnect, { error: MSG.connectionLostReconnect });
}

export async function countAccounts(ctx: AppContext, userId: number | typeof ALL_USERS) {
  const { connected, total } = await accounts.countByState(ctx.db, userId);
  return { connectedCount: connected, disconnectedCount: total - connected };
}

export async function newClient(ctx: AppContext, user: AuthUser, body: z.output<typeof newClientBodySchema>) {
  if (ctx.pendingDevices.has(body.deviceId) || ctx.gateway.state(body.deviceId))
    throw new HttpError(400, MSG.errorCreatingClient);
  // A saved device id belongs to its account for good: nobody connects a new phone under it.
  if (await accounts.byClientid(ctx.db, body.deviceId)) throw new HttpError(409, MSG.deviceIdTaken);
  const owner = isOperator(user) && body.userId ? body.userId : user.id;
  if (body.previousDeviceId && ctx.pendingDevices.get(body.previousDeviceId) === user.id) {
    ctx.pendingDevices.delete(body.previousDeviceId);
    await ctx.gateway.removeClient(body.previousDeviceId);
  }
  // The least-used active proxy is suggested for the new account; it is only a record.
  const proxyId = await accounts.leastUsedActiveProxy(ctx.db);
  ctx.pendingDevices.set(body.deviceId, owner);
  void ctx.gateway.createClient({ deviceId: body.deviceId, phoneNumber: body.phoneNumber || null });
  return { proxyId, deviceId: body.deviceId };
}

export async function removeClient(ctx: AppContext, user: AuthUser, deviceId: string) {
  const owner = ctx.pendingDevices.get(deviceId);
  if (owner === undefined) throw new HttpError(404, MSG.whatsappNotFound);
  assertOwnerOrOperator(user, owner);
  ctx.pendingDevices.delete(deviceId);
  await ctx.gateway.removeClient(deviceId);
  return { msg: 'OK' };
}

/** Waits for the gateway's first QR (or pairing code), as long as the panel waits for this answer. */
export async function waitForQr(ctx: AppContext, deviceId: string, abandoned: () => boolean) {
  const deadline = Date.now() + QR_FETCH_TIMEOUT_MS - 5_000;
  const ready = () => ctx.gateway.qr(deviceId) ?? ctx.gateway.pairingCode(deviceId);
  while (!ready() && Date.now() < deadline && !abandoned()) {
    if (!ctx.pendingDevices.has(deviceId)) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const qr = ctx.gateway.qr(deviceId);
  const code = ctx.gateway.pairingCode(deviceId);
  if (!qr && !code) throw new HttpError(404, MSG.errorFetchingQr);
  // A device in pairing mode answers with its code, so a missed realtime event loses nothing.
  return { qr, code };
}

type AccountValues = Omit<typeof whatsappAccounts.$inferInsert, 'userId'>;

/** A second save of a device already saved (a double click, a retry) answers that account. */
async function savedAgain(ctx: AppContext, user: AuthUser, deviceId: string) {
  const saved = await accounts.byClientid(ctx.db, deviceId);
  if (!saved) throw new HttpError(404, MSG.whatsappNotFound);
  assertOwnerOrOperator(user, saved.userId);
  return { whatsapp: presentAccount(saved), msg: 'OK' };
}

/** Writes the account: a new one, or the reconnected one taking the new device. */
async function storeAccount(
  tx: Executor,
  user: AuthUser,
  save: { owner: number; values: AccountValues; reconnect: number | null },
) {
  let account: AccountRow | undefined;
  let previousClient: string | null = null;
  let previousState: string | null = null;
  if (save.reconnect) {
    const existing = await accounts.byId(tx, save.reconnect);
    if (!existing) throw new HttpError(404, MSG.whatsappNotFound);
    assertOwnerOrOperator(user, existing.userId);
    previousClient = existing.clientid;
    previousState = existing.state;
    account = await accounts.update(tx, existing.id, { ...save.values, status: 'idle', suspended: false });
  } else {
    account = await accounts.insertNew(tx, { ...save.values, userId: save.owner });
    // Two saves of one device at once: the second answers the account the first created, to its
    // owner only.
    if (!account) {
      const first = await accounts.byClientid(tx, save.values.clientid);
      if (first!.userId !== save.owner) throw new HttpError(409, MSG.deviceIdTaken);
      return { account: first!, previousClient };
    }
  }
  if (save.values.proxyId) await accounts.countProxyUse(tx, save.values.proxyId);
  await queueAccountStateEvents(tx, account, previousState);
  return { account, previousClient };
}

export async function saveAccount(
  ctx: AppContext,
  user: AuthUser,
  body: z.output<typeof saveWhatsappBodySchema>,
) {
  const deviceId = body.clientid;
  const owner = ctx.pendingDevices.get(deviceId);
  if (owner === undefined) return savedAgain(ctx, user, deviceId);
  assertOwnerOrOperator(user, owner);
  // What the account is comes from the gateway, never from the request.
  const info = ctx.gateway.info(deviceId);
  if (!info) throw new HttpError(400, MSG.whatsappNotAuthenticated);
  const proxyId = typeof body.proxyId === 'number' ? body.proxyId : null;
  const values = {
    clientid: deviceId,
    phonenumber: info.phonenumber,
    // The push name is chosen by whoever owns the chat account, and shown in the panel's tables.
    pushname: stripInvisibleControls(info.pushname),
    server: info.server,
    serialized: info.serialized,
    state: ctx.gateway.state(deviceId) ?? 'connected',
    proxyId,
  };
  const saved = await ctx.db.transaction((tx) =>
    storeAccount(tx, user, { owner, values, reconnect: body.reconnect || null }),
  );
  ctx.pendingDevices.delete(deviceId);
  if (saved.previousClient && saved.previousClient !== deviceId)
    await ctx.gateway.removeClient(saved.previousClient);
  publishAccountEvent(ctx.hub, saved.account, 'connection.update', { state: saved.account.state });
  return { whatsapp: presentAccount(saved.account), msg: 'OK' };
}

/** Every account of one user, or of all users, newest first. */
export async function listAccounts(ctx: AppContext, userId: number | typeof ALL_USERS) {
  const rows = await accounts.listWithOwners(ctx.db, userId);
  return { list: rows.map(presentListed) };
}

export async function pageOfAccounts(
  ctx: AppContext,
  user: AuthUser,
  query: z.output<typeof whatsappPageQuerySchema>,
) {
  // A dev or admin with no chosen user lists everything: operators see the whole platform.
  const owner = isOperator(user) ? (typeof query.user_id === 'number' ? query.user_id : null) : user.id;
  const { rows, meta } = await readAccountsPage(ctx.db, accountFilter(owner, query), query, query);
  return { data: rows.map(presentListed), meta };
}

/**
 * An operator's start, stop or schedule of another user's blast goes into the audit trail, in the
 * transaction of the change; an owner's own does not (it is in the account's history).
 */
export async function auditBlastAction(
  ctx: AppContext,
  tx: Executor,
  user: AuthUser,
  action: 'blast.start' | 'blast.stop' | 'blast.schedule' | 'blast.schedule_cancel',
  before: AccountRow,
  after: AccountRow,
) {
  if (!actsForAnother(user, before.userId)) return;
  const snapshot = (row: AccountRow) => ({
    status: row.status,
    blast_scheduled_at: row.blastScheduledAt?.toISOString() ?? null,
    blast_segment_id: row.blastSegmentId,
  });
  // Only changed fields are kept; the owner, named after only, always is: whose account it was.
  await recordAudit(tx, ctx, {
    actor: user,
    action,
    target: { type: 'whatsapp', id: before.id },
    before: snapshot(before),
    after: { owner_id: after.userId, ...snapshot(after) },
  });
}

/**
 * Starts the account's blast. Its audience is stored on the account's row with the blast (the
 * segment and a copy of its filter), so whichever instance runs or takes over the blast claims the
 * same numbers. `null` chooses every number a blast may claim; no choice at all (a campaign card's
 * resume) keeps the audience the account's last blast had, so a resumed blast never widens.
 */
export async function startBlast(
  ctx: AppContext,
  user: AuthUser,
  key: number | string,
  segmentId?: number | null,
) {
  const account = await accountFor(ctx, user, key);
  const segment = segmentId ? await findSegment(ctx, segmentId) : null;
  await refuseWhenDisconnected(ctx, account);
  const audience =
    segmentId === undefined
      ? {}
      : { blastSegmentId: segment?.id ?? null, blastSegmentFilter: segment?.filter ?? null };
  const sending = await ctx.db.transaction(async (tx) => {
    const row = await accounts.update(tx, account.id, { status: 'sending', ...audience });
    await auditBlastAction(ctx, tx, user, 'blast.start', account, row);
    return row;
  });
  publishAccountEvent(ctx.hub, sending, 'sending');
  ctx.blast.start(account.id);
  return { whatsapp: presentAccount(sending), msg: 'OK' };
}

export async function stopBlast(ctx: AppContext, user: AuthUser, key: number | string) {
  const account = await accountFor(ctx, user, key);
  await refuseWhenDisconnected(ctx, account);
  const idle = await ctx.db.transaction(async (tx) => {
    const row = await accounts.update(tx, account.id, { status: 'idle' });
    await auditBlastAction(ctx, tx, user, 'blast.stop', account, row);
    return row;
  });
  // The loop ends after the send in flight (if any); a wait ends at once.
  ctx.blast.wake(account.id);
  publishAccountEvent(ctx.hub, idle, 'stop');
  publishAccountEvent(ctx.hub, idle, 'idle');
  return { whatsapp: presentAccount(idle), msg: 'OK' };
}

/** The pacing belongs to the account's owner: every account of theirs blasts at it. */
export async function setPacing(
  ctx: AppContext,
  user: AuthUser,
  body: z.output<typeof whatsappIntervalBodySchema>,
) {
  const account = await accountFor(ctx, user, body.id);
  await accounts.setOwnerPacing(ctx.db, account.userId, body.interval_min, body.interval_max);
  return { msg: 'OK' };
}

export async function resetCounts(ctx: AppContext, user: AuthUser, id: number) {
  const account = await accountFor(ctx, user, id);
  // The account's own figures start again; the member's earned income stays in the ledger.
  const reset = await accounts.update(ctx.db, account.id, { countSuccess: 0, countFail: 0, income: 0 });
  publishAccountEvent(ctx.hub, reset, 'reset', { state: reset.state, whatsapp: presentAccount(reset) });
  // Counts set rather than counted up (count_synced): every open list takes both, so one that missed
  // an event is put right.
  publishAccountEvent(ctx.hub, reset, 'count_synced', {
    count_success: reset.countSuccess,
    count_fail: reset.countFail,
    income: reset.income,
  });
  return { data: presentAccount(reset) };
}

export async function reconnect(ctx: AppContext, user: AuthUser, id: number) {
  const account = await accountFor(ctx, user, id);
  // Only a session taken over elsewhere (conflict) can be taken back without a new scan.
  if (account.state !== 'conflict' || !account.phonenumber || account.suspended)
    throw new HttpError(400, MSG.connectionLostCannotReconnect);
  await restoreSession(ctx.gateway, account);
  const connected = await accounts.update(ctx.db, account.id, {
    state: ctx.gateway.state(account.clientid) ?? 'unknown',
  });
  return { data: presentAccount(connected) };
}

export async function activate(ctx: AppContext, user: AuthUser, id: number) {
  const account = await accountFor(ctx, user, id);
  if (account.suspendedCount >= MAX_SUSPENSIONS_FOR_REACTIVATION)
    throw new HttpError(400, MSG.activateRefused);
  await restoreSession(ctx.gateway, account);
  const active = await ctx.db.transaction(async (tx) => {
    const updated = await accounts.update(tx, account.id, {
      suspended: false,
      state: ctx.gateway.state(account.clientid) ?? 'unknown',
    });
    await queueAccountStateEvents(tx, updated, account.state);
    return updated;
  });
  publishAccountEvent(ctx.hub, active, 'connection.update', { state: active.state });
  return { data: presentAccount(active) };
}

/**
 * The blaster's direct send: one message to the chosen numbers, or to every active one for 'All',
 * through the send policy (policy/direct-send.ts).
 */
export async function sendDirect(
  ctx: AppContext,
  user: AuthUser,
  body: z.output<typeof sendMessageBodySchema>,
) {
  const account = await senderFor(ctx, user, body.senders);
  if (!(await connectedSession(ctx.gateway, account))) {
    const state = ctx.gateway.state(account.clientid) ?? account.state;
    throw new HttpError(400, MSG.senderNotConnected(account.phonenumber ?? account.clientid, String(state)));
  }
  const chosen = body.targets.split(',').map((target) => target.trim());
  return sendThroughPolicy(ctx, user, {
    account,
    onBehalfOfOwner: body.on_behalf_of_owner,
    chosen: chosen.filter((target) => target !== ALL_RECEIVERS),
    everyActive: chosen.includes(ALL_RECEIVERS),
    message: body.message,
  });
}
