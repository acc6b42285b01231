import type { FastifyInstance } from 'fastify';
import {
  ALL_ROLES,
  ALL_USERS,
  API,
  accountIdBodySchema,
  blastStartBodySchema,
  deviceBodySchema,
  deviceParamSchema,
  idParamSchema,
  newClientBodySchema,
  saveWhatsappBodySchema,
  sendMessageBodySchema,
  userOrAllParamSchema,
  whatsappIntervalBodySchema,
  whatsappPageQuerySchema,
  whatsappStatusBodySchema,
  type Role,
} from '@blaster/contract';
import type { AppContext } from '../../context';
import { presentAccount } from '../../domain/accounts';
import { OPERATOR_ROLES, route } from '../../lib/routes';
import * as accounts from './service';

/** Start and stop are offered to members (own accounts) and dev only. */
const BLAST_ROLES: readonly Role[] = ['member', 'dev'];

export function whatsappRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, {
    method: 'GET',
    url: API.whatsappCount(':userId'),
    access: ALL_ROLES,
    ownerParam: 'userId',
    params: userOrAllParamSchema,
    handler: ({ params }) => accounts.countAccounts(ctx, params.userId),
  });

  route(app, ctx, {
    method: 'POST',
    url: API.whatsappNewClient,
    access: ALL_ROLES,
    body: newClientBodySchema,
    handler: ({ body, user }) => accounts.newClient(ctx, user, body),
  });

  route(app, ctx, {
    method: 'POST',
    url: API.whatsappRemoveClient,
    access: ALL_ROLES,
    body: deviceBodySchema,
    handler: ({ body, user }) => accounts.removeClient(ctx, user, body.deviceId),
  });

  route(app, ctx, {
    method: 'GET',
    url: API.whatsappQr(':deviceId'),
    access: ALL_ROLES,
    params: deviceParamSchema,
    handler: async ({ params, user, request }) => {
      await accounts.checkDevice(ctx, user, params.deviceId);
      let closed = false;
      request.raw.once('close', () => (closed = true));
      return accounts.waitForQr(ctx, params.deviceId, () => closed);
    },
  });

  route(app, ctx, {
    method: 'GET',
    url: API.whatsappClientState(':deviceId'),
    access: ALL_ROLES,
    params: deviceParamSchema,
    handler: async ({ params, user }) => {
      await accounts.checkDevice(ctx, user, params.deviceId);
      return { state: ctx.gateway.state(params.deviceId) };
    },
  });

  route(app, ctx, {
    method: 'GET',
    url: API.whatsappMessageCreated(':deviceId'),
    access: ALL_ROLES,
    params: deviceParamSchema,
    handler: async ({ params, user }) => {
      await accounts.checkDevice(ctx, user, params.deviceId);
      // The sandbox receives no incoming messages.
      return { message: null };
    },
  });

  route(app, ctx, {
    method: 'POST',
    url: API.whatsappSave,
    access: ALL_ROLES,
    body: saveWhatsappBodySchema,
    handler: ({ body, user }) => accounts.saveAccount(ctx, user, body),
  });

  route(app, ctx, {
    method: 'GET',
    url: API.whatsappListOf(':userId'),
    access: ALL_ROLES,
    ownerParam: 'userId',
    params: userOrAllParamSchema,
    handler: ({ params }) => accounts.listAccounts(ctx, params.userId),
  });

  route(app, ctx, {
    method: 'GET',
    url: API.whatsappList,
    access: OPERATOR_ROLES,
    handler: () => accounts.listAccounts(ctx, ALL_USERS),
  });

  route(app, ctx, {
    method: 'GET',
    url: API.whatsappPerPage,
    access: ALL_ROLES,
    query: whatsappPageQuerySchema,
    handler: ({ query, user }) => accounts.pageOfAccounts(ctx, user, query),
  });

  route(app, ctx, {
    method: 'GET',
    url: API.whatsapp(':id'),
    access: ALL_ROLES,
    params: idParamSchema,
    handler: async ({ params, user }) => ({
      whatsapp: presentAccount(await accounts.accountFor(ctx, user, params.id)),
    }),
  });

  route(app, ctx, {
    method: 'POST',
    url: API.whatsappStart,
    access: BLAST_ROLES,
    body: blastStartBodySchema,
    handler: ({ body, user }) => accounts.startBlast(ctx, user, body.whatsappClientId),
  });

  route(app, ctx, {
    method: 'POST',
    url: API.whatsappStop,
    access: BLAST_ROLES,
    body: blastStartBodySchema,
    handler: ({ body, user }) => accounts.stopBlast(ctx, user, body.whatsappClientId),
  });

  route(app, ctx, {
    method: 'PUT',
    url: API.whatsappStatus,
    access: BLAST_ROLES,
    body: whatsappStatusBodySchema,
    handler: ({ body, user }) =>
      body.status === 'sending'
        ? accounts.startBlast(ctx, user, body.id)
        : accounts.stopBlast(ctx, user, body.id),
  });

  route(app, ctx, {
    method: 'PUT',
    url: API.whatsappInterval,
    access: OPERATOR_ROLES,
    body: whatsappIntervalBodySchema,
    handler: ({ body, user }) => accounts.setPacing(ctx, user, body),
  });

  route(app, ctx, {
    method: 'POST',
    url: API.whatsappReset,
    access: ALL_ROLES,
    body: accountIdBodySchema,
    handler: ({ body, user }) => accounts.resetCounts(ctx, user, body.id),
  });

  route(app, ctx, {
    method: 'POST',
    url: API.whatsappReconnect,
    access: ALL_ROLES,
    body: accountIdBodySchema,
    handler: ({ body, user }) => accounts.reconnect(ctx, user, body.id),
  });

  route(app, ctx, {
    method: 'POST',
    url: API.whatsappActivate,
    access: OPERATOR_ROLES,
    body: accountIdBodySchema,
    handler: ({ body, user }) => accounts.activate(ctx, user, body.id),
  });

  route(app, ctx, {
    method: 'POST',
    url: API.whatsappSendMessage,
    access: OPERATOR_ROLES,
    body: sendMessageBodySchema,
    handler: ({ body, user }) => accounts.sendDirect(ctx, user, body),
  });
}
