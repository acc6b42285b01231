import type { FastifyInstance } from 'fastify';
import {
  API,
  generatorBodySchema,
  idParamSchema,
  lookupIdBodySchema,
  lookupPageQuerySchema,
  type Role,
} from '@blaster/contract';
import type { AppContext } from '../../context';
import { route } from '../../lib/routes';
import * as lookups from './service';

/** Generators and validators belong to dev, admin and staff: operators' tools, not members'. */
const LOOKUP_ROLES: readonly Role[] = ['dev', 'admin', 'staff'];

export function lookupRoutes(app: FastifyInstance, ctx: AppContext) {
  for (const kind of ['generator', 'validator'] as const) {
    route(app, ctx, {
      method: 'GET',
      url: API.lookupPerPage(kind),
      access: LOOKUP_ROLES,
      query: lookupPageQuerySchema,
      handler: ({ query, user }) => lookups.pageOfJobs(ctx, user, kind, query),
    });

    route(app, ctx, {
      method: 'GET',
      url: API.lookup(kind, ':id'),
      access: LOOKUP_ROLES,
      params: idParamSchema,
      handler: async ({ params, user }) => ({ [kind]: await lookups.showJob(ctx, user, kind, params.id) }),
    });

    route(app, ctx, {
      method: 'DELETE',
      url: API.lookup(kind, ':id'),
      access: LOOKUP_ROLES,
      params: idParamSchema,
      handler: ({ params, user }) => lookups.deleteJob(ctx, user, kind, params.id),
    });

    for (const action of ['start', 'stop'] as const)
      route(app, ctx, {
        method: 'POST',
        url: action === 'start' ? API.lookupStart(kind) : API.lookupStop(kind),
        access: LOOKUP_ROLES,
        body: lookupIdBodySchema,
        handler: ({ body, user }) => lookups.toggleJob(ctx, user, kind, body.id, action),
      });

    route(app, ctx, {
      method: 'GET',
      url: API.lookupResult(kind, ':id'),
      access: LOOKUP_ROLES,
      params: idParamSchema,
      handler: ({ params, user }) => lookups.foundNumbers(ctx, user, kind, params.id),
    });
  }

  route(app, ctx, {
    method: 'POST',
    url: API.lookupCreate('generator'),
    access: LOOKUP_ROLES,
    body: generatorBodySchema,
    handler: ({ body, user }) => lookups.createGenerator(ctx, user, body),
  });

  route(app, ctx, {
    method: 'PUT',
    url: API.lookup('generator', ':id'),
    access: LOOKUP_ROLES,
    params: idParamSchema,
    body: generatorBodySchema,
    // The range is fixed once created (the form disables it when editing).
    handler: ({ params, body, user }) => lookups.updateGenerator(ctx, user, params.id, body),
  });

  route(app, ctx, {
    method: 'POST',
    url: API.lookupCreate('validator'),
    access: LOOKUP_ROLES,
    handler: ({ request, user }) => lookups.createValidator(ctx, user, request),
  });

  route(app, ctx, {
    method: 'PUT',
    url: API.lookup('validator', ':id'),
    access: LOOKUP_ROLES,
    params: idParamSchema,
    handler: ({ request, params, user }) => lookups.updateValidator(ctx, user, params.id, request),
  });

  route(app, ctx, {
    method: 'GET',
    url: API.validatorFile(':id'),
    access: LOOKUP_ROLES,
    params: idParamSchema,
    handler: async ({ params, user, reply }) => {
      const file = await lookups.validatorFile(ctx, user, params.id);
      return reply
        .header('content-type', file.json ? 'application/json' : 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('x-content-type-options', 'nosniff')
        .send(file.content);
    },
  });
}
