import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  ALL_RECEIVERS,
  ALL_ROLES,
  ALL_USERS,
  API,
  MAX_SUSPENSIONS_FOR_REACTIVATION,
  MSG,
  QR_FETCH_TIMEOUT_MS,
  accountIdBodySchema,
  blastStartBodySchema,
  deviceBodySchema,
  deviceIdSchema,
  deviceParamSchema,
  idParamSchema,
  newClientBodySchema,
  normalizeNumber,
  saveWhatsappBodySchema,
  sendMessageBodySchema,
  stripBidiControls,
  userOrAllParamSchema,
  whatsappIntervalBodySchema,
  whatsappPageQuerySchema,
  whatsappStatusBodySchema,
  type Role,
} from '@blaster/contract';
import type { AppContext } from '../../context';
import { accountMatches } from '../../lib/search';
import { phoneNumbers, proxies, users, whatsappAccounts } from '../../db/schema';
import {
  presentAccount,
  publishAccountEvent,
  restoreSession,
  connectedSession,
  type AccountRow,
} from '../../domain/accounts';
import { assertOwnerOrOperator } from '../../lib/access';
import { HttpError } from '../../lib/errors';
import { readPage, type PageRequest } from '../../lib/paging';
import type { Db } from '../../db';
import { OPERATOR_ROLES, isOperator, route, type AuthUser } from '../../lib/routes';
import { queueAccountStateEvents } from '../../domain/webhooks';

/**
 * One page of the chat-account list with each owner's name: what list-per-page reads (the bench
 * times exactly this). Only the page's rows are joined.
 */
export async function readAccountsPage(db: Db, where: SQL | undefined, request: PageRequest) {
  const { ids, meta } = await readPage(
    db,
    {
      table: whatsappAccounts,
      id: whatsappAccounts.id,
      ids: () => db.select({ id: whatsappAccounts.id }).from(whatsappAccounts).$dynamic(),
      direction: 'desc',
      where,
      kept: 'whatsapp_accounts',
    },
    request,
  );
  const rows = ids.length
    ? await db
        .select({ account: whatsappAccounts, firstname: users.firstname, lastname: users.lastname })
        .from(whatsappAccounts)
        .innerJoin(users, eq(users.id, whatsappAccounts.userId))
        .where(inArray(whatsappAccounts.id, ids))
        .orderBy(desc(whatsappAccounts.id))
    : [];
  return { rows, meta };
}

/** Start and stop are offered to members (own accounts) and dev (spec 01 §2, §6). */
const BLAST_ROLES: readonly Role[] = ['member', 'dev'];

export function whatsappRoutes(app: FastifyInstance, ctx: AppContext) {
  /** The account a caller may act on: their own, or any for admin and dev. */
  const accountFor = async (user: AuthUser, key: number | string) => {
    const [account] = await ctx.db
      .select()
      .from(whatsappAccounts)
      .where(typeof key === 'number' ? eq(whatsappAccounts.id, key) : eq(whatsappAccounts.clientid, key));
    if (!account) throw new HttpError(404, MSG.whatsappNotFound);
    assertOwnerOrOperator(user, account.userId);
    return account;
  };
  /** A device being connected belongs to whoever asked for it. */
  const checkDevice = async (user: AuthUser, deviceId: string) => {
    const owner = ctx.pendingDevices.get(deviceId);
    if (owner !== undefined) {
      assertOwnerOrOperator(user, owner);
      return;
    }
    await accountFor(user, deviceId);
  };
  /**
   * A sender named by its client id or by its phone number (spec 02 §7: the blaster's "operation takes
   * sender number"). One number saved on several accounts (a number connected again) answers the
   * connected one, else the newest.
   */
  const senderFor = async (user: AuthUser, sender: string) => {
    if (deviceIdSchema.safeParse(sender).success) return accountFor(user, sender);
    const [account] = await ctx.db
      .select()
      .from(whatsappAccounts)
      .where(
        and(
          eq(whatsappAccounts.phonenumber, normalizeNumber(sender)),
          isOperator(user) ? undefined : eq(whatsappAccounts.userId, user.id),
        ),
      )
      .orderBy(sql`(${whatsappAccounts.state} = 'connected') desc`, desc(whatsappAccounts.id))
      .limit(1);
    if (!account) throw new HttpError(404, MSG.whatsappNotFound);
    return account;
  };
  const refuseWhenDisconnected = async (account: AccountRow) => {
    if (account.suspended) throw new HttpError(400, MSG.suspendedRule, { error: MSG.suspendedRule });
    if (!(await connectedSession(ctx.gateway, account)))
      throw new HttpError(400, MSG.connectionLostReconnect, { error: MSG.connectionLostReconnect });
  };

  route(app, ctx, {
    method: 'GET',
    url: API.whatsappCount(':userId'),
    access: ALL_ROLES,
    ownerParam: 'userId',
    params: userOrAllParamSchema,
    handler: async ({ params }) => {
      const [row] = await ctx.db
        .select({
          connected: sql<string>`count(*) filter (where ${whatsappAccounts.state} = 'connected')`,
          total: sql<string>`count(*)`,
        })
        .from(whatsappAccounts)
        .where(params.userId === ALL_USERS ? undefined : eq(whatsappAccounts.userId, params.userId));
      const connected = Number(row?.connected ?? 0);
      return { connectedCount: connected, disconnectedCount: Number(row?.total ?? 0) - connected };
    },
  });

  route(app, ctx, {
    method: 'POST',
    url: API.whatsappNewClient,
    access: ALL_ROLES,
    body: newClientBodySchema,
    handler: async ({ body, user }) => {
      if (ctx.pendingDevices.has(body.deviceId) || ctx.gateway.state(body.deviceId))
        throw new HttpError(400, MSG.errorCreatingClient);
      // A saved device id belongs to its account for good: nobody connects a new phone under it.
      const [saved] = await ctx.db
        .select({ id: whatsappAccounts.id })
        .from(whatsappAccounts)
        .where(eq(whatsappAccounts.clientid, body.deviceId));
      if (saved) throw new HttpError(409, MSG.deviceIdTaken);
      const owner = isOperator(user) && body.userId ? body.userId : user.id;
      if (body.previousDeviceId && ctx.pendingDevices.get(body.previousDeviceId) === user.id) {
        ctx.pendingDevices.delete(body.previousDeviceId);
        await ctx.gateway.removeClient(body.previousDeviceId);
      }
      // The least-used active proxy is suggested for the new account; it is only a record.
      const [proxy] = await ctx.db
        .select({ id: proxies.id })
        .from(proxies)
        .where(eq(proxies.status, 'active'))
        .orderBy(asc(proxies.countUse), asc(proxies.id))
        .limit(1);
      ctx.pendingDevices.set(body.deviceId, owner);
      void ctx.gateway.createClient({ deviceId: body.deviceId, phoneNumber: body.phoneNumber || null });
      return { proxyId: proxy?.id ?? null, deviceId: body.deviceId };
    },
  });

  route(app, ctx, {
    method: 'POST',
    url: API.whatsappRemoveClient,
    access: ALL_ROLES,
    body: deviceBodySchema,
    handler: async ({ body, user }) => {
      const owner = ctx.pendingDevices.get(body.deviceId);
      if (owner === undefined) throw new HttpError(404, MSG.whatsappNotFound);
      assertOwnerOrOperator(user, owner);
      ctx.pendingDevices.delete(body.deviceId);
      await ctx.gateway.removeClient(body.deviceId);
      return { msg: 'OK' };
    },
  });

  route(app, ctx, {
    method: 'GET',
    url: API.whatsappQr(':deviceId'),
    access: ALL_ROLES,
    params: deviceParamSchema,
    handler: async ({ params, user, request }) => {
      await checkDevice(user, params.deviceId);
      // Waits for the gateway's first QR, as long as the panel waits for this answer.
      const deadline = Date.now() + QR_FETCH_TIMEOUT_MS - 5_000;
      let closed = false;
      request.raw.once('close', () => (closed = true));
      const ready = () => ctx.gateway.qr(params.deviceId) ?? ctx.gateway.pairingCode(params.deviceId);
      while (!ready() && Date.now() < deadline && !closed) {
        if (!ctx.pendingDevices.has(params.deviceId)) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const qr = ctx.gateway.qr(params.deviceId);
      const code = ctx.gateway.pairingCode(params.deviceId);
      if (!qr && !code) throw new HttpError(404, MSG.errorFetchingQr);
      // A device in pairing mode answers with its code, so a missed realtime event loses nothing.
      return { qr, code };
    },
  });

  route(app, ctx, {
    method: 'GET',
    url: API.whatsappClientState(':deviceId'),
    access: ALL_ROLES,
    params: deviceParamSchema,
    handler: async ({ params, user }) => {
      await checkDevice(user, params.deviceId);
      return { state: ctx.gateway.state(params.deviceId) };
    },
  });

  route(app, ctx, {
    method: 'GET',
    url: API.whatsappMessageCreated(':deviceId'),
    access: ALL_ROLES,
    params: deviceParamSchema,
    handler: async ({ params, user }) => {
      await checkDevice(user, params.deviceId);
      // The sandbox receives no incoming messages.
      return { message: null };
    },
  });

  route(app, ctx, {
    method: 'POST',
    url: API.whatsappSave,
    access: ALL_ROLES,
    body: saveWhatsappBodySchema,
    handler: async ({ body, user }) => {
      const deviceId = body.clientid;
      const owner = ctx.pendingDevices.get(deviceId);
      if (owner === undefined) {
        // A second save of a device already saved (a double click, a retry) answers that account.
        const [saved] = await ctx.db
          .select()
          .from(whatsappAccounts)
          .where(eq(whatsappAccounts.clientid, deviceId));
        if (!saved) throw new HttpError(404, MSG.whatsappNotFound);
        assertOwnerOrOperator(user, saved.userId);
        return { whatsapp: presentAccount(saved), msg: 'OK' };
      }
      assertOwnerOrOperator(user, owner);
      // What the account is comes from the gateway, never from the request.
      const info = ctx.gateway.info(deviceId);
      if (!info) throw new HttpError(400, MSG.whatsappNotAuthenticated);
      const proxyId = typeof body.proxyId === 'number' ? body.proxyId : null;
      const values = {
        clientid: deviceId,
        phonenumber: info.phonenumber,
        // The push name is chosen by whoever owns the chat account, and shown in the panel's tables.
        pushname: stripBidiControls(info.pushname),
        server: info.server,
        serialized: info.serialized,
        state: ctx.gateway.state(deviceId) ?? 'connected',
        proxyId,
      };
      const saved = await ctx.db.transaction(async (tx) => {
        let account: AccountRow | undefined;
        let previousClient: string | null = null;
        let previousState: string | null = null;
        if (body.reconnect) {
          const [existing] = await tx
            .select()
            .from(whatsappAccounts)
            .where(eq(whatsappAccounts.id, body.reconnect));
          if (!existing) throw new HttpError(404, MSG.whatsappNotFound);
          assertOwnerOrOperator(user, existing.userId);
          previousClient = existing.clientid;
          previousState = existing.state;
          [account] = await tx
            .update(whatsappAccounts)
            .set({ ...values, status: 'idle', suspended: false })
            .where(eq(whatsappAccounts.id, existing.id))
            .returning();
        } else {
          [account] = await tx
            .insert(whatsappAccounts)
            .values({ ...values, userId: owner })
            .onConflictDoNothing({ target: whatsappAccounts.clientid })
            .returning();
          // Two saves of one device at once: the second answers the account the first created, to
          // its owner only.
          if (!account) {
            const [first] = await tx
              .select()
              .from(whatsappAccounts)
              .where(eq(whatsappAccounts.clientid, deviceId));
            if (first!.userId !== owner) throw new HttpError(409, MSG.deviceIdTaken);
            return { account: first!, previousClient };
          }
        }
        if (proxyId !== null)
          await tx
            .update(proxies)
            .set({ countUse: sql`${proxies.countUse} + 1` })
            .where(eq(proxies.id, proxyId));
        await queueAccountStateEvents(tx, account!, previousState);
        return { account: account!, previousClient };
      });
      ctx.pendingDevices.delete(deviceId);
      if (saved.previousClient && saved.previousClient !== deviceId)
        await ctx.gateway.removeClient(saved.previousClient);
      publishAccountEvent(ctx.hub, saved.account, 'connection.update', { state: saved.account.state });
      return { whatsapp: presentAccount(saved.account), msg: 'OK' };
    },
  });

  const selectRows = () =>
    ctx.db
      .select({ account: whatsappAccounts, firstname: users.firstname, lastname: users.lastname })
      .from(whatsappAccounts)
      .innerJoin(users, eq(users.id, whatsappAccounts.userId));
  const present = (row: { account: AccountRow; firstname: string; lastname: string }) => ({
    ...presentAccount(row.account),
    User: { firstname: row.firstname, lastname: row.lastname },
  });

  route(app, ctx, {
    method: 'GET',
    url: API.whatsappListOf(':userId'),
    access: ALL_ROLES,
    ownerParam: 'userId',
    params: userOrAllParamSchema,
    handler: async ({ params }) => ({
      list: (
        await selectRows()
          .where(params.userId === ALL_USERS ? undefined : eq(whatsappAccounts.userId, params.userId))
          .orderBy(desc(whatsappAccounts.id))
      ).map(present),
    }),
  });

  route(app, ctx, {
    method: 'GET',
    url: API.whatsappList,
    access: OPERATOR_ROLES,
    handler: async () => ({ list: (await selectRows().orderBy(desc(whatsappAccounts.id))).map(present) }),
  });

  route(app, ctx, {
    method: 'GET',
    url: API.whatsappPerPage,
    access: ALL_ROLES,
    query: whatsappPageQuerySchema,
    handler: async ({ query, user }) => {
      const conditions: SQL[] = [];
      // A dev or admin with no chosen user lists everything (spec 01 §5).
      const owner = isOperator(user) ? (typeof query.user_id === 'number' ? query.user_id : null) : user.id;
      if (owner !== null) conditions.push(eq(whatsappAccounts.userId, owner));
      if (query.search) {
        conditions.push(accountMatches(query.search));
      }
      if (query.s === 'sending') conditions.push(eq(whatsappAccounts.status, 'sending'));
      else if (query.s === 'suspended') conditions.push(eq(whatsappAccounts.suspended, true));
      else if (query.s) conditions.push(eq(whatsappAccounts.state, query.s));
      const { rows, meta } = await readAccountsPage(
        ctx.db,
        conditions.length ? and(...conditions) : undefined,
        query,
      );
      return { data: rows.map(present), meta };
    },
  });

  route(app, ctx, {
    method: 'GET',
    url: API.whatsapp(':id'),
    access: ALL_ROLES,
    params: idParamSchema,
    handler: async ({ params, user }) => ({ whatsapp: presentAccount(await accountFor(user, params.id)) }),
  });

  const startBlast = async (user: AuthUser, key: number | string) => {
    const account = await accountFor(user, key);
    await refuseWhenDisconnected(account);
    const [sending] = await ctx.db
      .update(whatsappAccounts)
      .set({ status: 'sending' })
      .where(eq(whatsappAccounts.id, account.id))
      .returning();
    publishAccountEvent(ctx.hub, sending!, 'sending');
    ctx.blast.start(account.id);
    return { whatsapp: presentAccount(sending!), msg: 'OK' };
  };
  const stopBlast = async (user: AuthUser, key: number | string) => {
    const account = await accountFor(user, key);
    await refuseWhenDisconnected(account);
    const [idle] = await ctx.db
      .update(whatsappAccounts)
      .set({ status: 'idle' })
      .where(eq(whatsappAccounts.id, account.id))
      .returning();
    // The loop ends after the send in flight (if any); a wait ends at once.
    ctx.blast.wake(account.id);
    publishAccountEvent(ctx.hub, idle!, 'stop');
    publishAccountEvent(ctx.hub, idle!, 'idle');
    return { whatsapp: presentAccount(idle!), msg: 'OK' };
  };

  route(app, ctx, {
    method: 'POST',
    url: API.whatsappStart,
    access: BLAST_ROLES,
    body: blastStartBodySchema,
    handler: ({ body, user }) => startBlast(user, body.whatsappClientId),
  });

  route(app, ctx, {
    method: 'POST',
    url: API.whatsappStop,
    access: BLAST_ROLES,
    body: blastStartBodySchema,
    handler: ({ body, user }) => stopBlast(user, body.whatsappClientId),
  });

  route(app, ctx, {
    method: 'PUT',
    url: API.whatsappStatus,
    access: BLAST_ROLES,
    body: whatsappStatusBodySchema,
    handler: ({ body, user }) =>
      body.status === 'sending' ? startBlast(user, body.id) : stopBlast(user, body.id),
  });

  route(app, ctx, {
    method: 'PUT',
    url: API.whatsappInterval,
    access: OPERATOR_ROLES,
    body: whatsappIntervalBodySchema,
    handler: async ({ body, user }) => {
      const account = await accountFor(user, body.id);
      await ctx.db
        .update(users)
        .set({ blastIntervalMin: body.interval_min, blastIntervalMax: body.interval_max })
        .where(eq(users.id, account.userId));
      return { msg: 'OK' };
    },
  });

  route(app, ctx, {
    method: 'POST',
    url: API.whatsappReset,
    access: ALL_ROLES,
    body: accountIdBodySchema,
    handler: async ({ body, user }) => {
      const account = await accountFor(user, body.id);
      // The account's own figures start again; the member's earned income stays in the ledger.
      const [reset] = await ctx.db
        .update(whatsappAccounts)
        .set({ countSuccess: 0, countFail: 0, income: 0 })
        .where(eq(whatsappAccounts.id, account.id))
        .returning();
      publishAccountEvent(ctx.hub, reset!, 'reset', {
        state: reset!.state,
        whatsapp: presentAccount(reset!),
      });
      // Counts set rather than counted up: every open list takes both (spec 01 §4 count_synced).
      publishAccountEvent(ctx.hub, reset!, 'count_synced', {
        count_success: reset!.countSuccess,
        count_fail: reset!.countFail,
        income: reset!.income,
      });
      return { data: presentAccount(reset!) };
    },
  });

  route(app, ctx, {
    method: 'POST',
    url: API.whatsappReconnect,
    access: ALL_ROLES,
    body: accountIdBodySchema,
    handler: async ({ body, user }) => {
      const account = await accountFor(user, body.id);
      // Only a session taken over elsewhere (conflict) can be taken back without a new scan.
      if (account.state !== 'conflict' || !account.phonenumber || account.suspended)
        throw new HttpError(400, MSG.connectionLostCannotReconnect);
      await restoreSession(ctx.gateway, account);
      const [connected] = await ctx.db
        .update(whatsappAccounts)
        .set({ state: ctx.gateway.state(account.clientid) ?? 'unknown' })
        .where(eq(whatsappAccounts.id, account.id))
        .returning();
      return { data: presentAccount(connected!) };
    },
  });

  route(app, ctx, {
    method: 'POST',
    url: API.whatsappActivate,
    access: OPERATOR_ROLES,
    body: accountIdBodySchema,
    handler: async ({ body, user }) => {
      const account = await accountFor(user, body.id);
      if (account.suspendedCount >= MAX_SUSPENSIONS_FOR_REACTIVATION)
        throw new HttpError(400, MSG.activateRefused);
      await restoreSession(ctx.gateway, account);
      const active = await ctx.db.transaction(async (tx) => {
        const [updated] = await tx
          .update(whatsappAccounts)
          .set({ suspended: false, state: ctx.gateway.state(account.clientid) ?? 'unknown' })
          .where(eq(whatsappAccounts.id, account.id))
          .returning();
        await queueAccountStateEvents(tx, updated!, account.state);
        return updated;
      });
      publishAccountEvent(ctx.hub, active!, 'connection.update', { state: active!.state });
      return { data: presentAccount(active!) };
    },
  });

  route(app, ctx, {
    method: 'POST',
    url: API.whatsappSendMessage,
    access: OPERATOR_ROLES,
    body: sendMessageBodySchema,
    handler: async ({ body, user }) => {
      const account = await senderFor(user, body.senders);
      if (!(await connectedSession(ctx.gateway, account))) {
        const state = ctx.gateway.state(account.clientid) ?? account.state;
        throw new HttpError(
          400,
          MSG.senderNotConnected(account.phonenumber ?? account.clientid, String(state)),
        );
      }
      const chosen = body.targets.split(',').map((target) => target.trim());
      // 'All' is every active number, read here: the panel no longer holds the whole list.
      const everyone = chosen.includes(ALL_RECEIVERS)
        ? (
            await ctx.db
              .select({ number: phoneNumbers.number })
              .from(phoneNumbers)
              .where(eq(phoneNumbers.status, 'active'))
              .orderBy(desc(phoneNumbers.id))
          ).map((row) => row.number)
        : [];
      const targets = [
        ...new Set([...chosen, ...everyone].map((target) => target.replace(/\D/g, '')).filter(Boolean)),
      ];
      let sent = 0;
      for (const target of targets) {
        const key = `manual-${account.id}-${Date.now()}-${target}`;
        const result = await ctx.gateway.sendMessage(account.clientid, target, body.message, key);
        if (result.ok) sent += 1;
      }
      return { msg: MSG.sentText, sent, failed: targets.length - sent };
    },
  });
}
