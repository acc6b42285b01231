import type { FastifyInstance } from 'fastify';
import { ALL_USERS } from '@blaster/contract';
import type { AppContext } from '../../context';
import { presentAccount } from '../../domain/accounts';
import { serve } from '../../lib/routes';
import * as accounts from './service';

export function whatsappRoutes(app: FastifyInstance, ctx: AppContext) {
  serve(app, ctx, 'whatsappCount', ({ params }) => accounts.countAccounts(ctx, params.userId));
  serve(app, ctx, 'whatsappNewClient', ({ body, user }) => accounts.newClient(ctx, user, body));
  serve(app, ctx, 'whatsappRemoveClient', ({ body, user }) =>
    accounts.removeClient(ctx, user, body.deviceId),
  );

  serve(app, ctx, 'whatsappQr', async ({ params, user, request }) => {
    await accounts.checkDevice(ctx, user, params.deviceId);
    let closed = false;
    request.raw.once('close', () => (closed = true));
    return accounts.waitForQr(ctx, params.deviceId, () => closed);
  });

  serve(app, ctx, 'whatsappClientState', async ({ params, user }) => {
    await accounts.checkDevice(ctx, user, params.deviceId);
    return { state: ctx.gateway.state(params.deviceId) };
  });

  serve(app, ctx, 'whatsappMessageCreated', async ({ params, user }) => {
    await accounts.checkDevice(ctx, user, params.deviceId);
    // The sandbox receives no incoming messages.
    return { message: null };
  });

  serve(app, ctx, 'whatsappSave', ({ body, user }) => accounts.saveAccount(ctx, user, body));
  serve(app, ctx, 'whatsappListOf', ({ params }) => accounts.listAccounts(ctx, params.userId));
  serve(app, ctx, 'whatsappList', () => accounts.listAccounts(ctx, ALL_USERS));
  serve(app, ctx, 'whatsappPerPage', ({ query, user }) => accounts.pageOfAccounts(ctx, user, query));
  serve(app, ctx, 'whatsapp', async ({ params, user }) => ({
    whatsapp: presentAccount(await accounts.accountFor(ctx, user, params.id)),
  }));

  serve(app, ctx, 'whatsappStart', ({ body, user }) =>
    accounts.startBlast(ctx, user, body.whatsappClientId, body.segmentId),
  );
  serve(app, ctx, 'whatsappStop', ({ body, user }) => accounts.stopBlast(ctx, user, body.whatsappClientId));
  serve(app, ctx, 'whatsappStatus', ({ body, user }) =>
    body.status === 'sending'
      ? accounts.startBlast(ctx, user, body.id)
      : accounts.stopBlast(ctx, user, body.id),
  );
  serve(app, ctx, 'whatsappInterval', ({ body, user }) => accounts.setPacing(ctx, user, body));
  serve(app, ctx, 'whatsappReset', ({ body, user }) => accounts.resetCounts(ctx, user, body.id));
  serve(app, ctx, 'whatsappReconnect', ({ body, user }) => accounts.reconnect(ctx, user, body.id));
  serve(app, ctx, 'whatsappActivate', ({ body, user }) => accounts.activate(ctx, user, body.id));
  serve(app, ctx, 'whatsappSendMessage', ({ body, user }) => accounts.sendDirect(ctx, user, body));
}
