import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { serve } from '../../lib/routes';
import * as lookups from './service';

/** Generators and validators: jobs that ask the chat network which numbers have an account. */
export function lookupRoutes(app: FastifyInstance, ctx: AppContext) {
  serve(app, ctx, 'generatorPerPage', ({ query, user }) => lookups.pageOfJobs(ctx, user, 'generator', query));
  serve(app, ctx, 'validatorPerPage', ({ query, user }) => lookups.pageOfJobs(ctx, user, 'validator', query));
  serve(app, ctx, 'generatorGet', async ({ params, user }) => ({
    generator: await lookups.showJob(ctx, user, 'generator', params.id),
  }));
  serve(app, ctx, 'validatorGet', async ({ params, user }) => ({
    validator: await lookups.showJob(ctx, user, 'validator', params.id),
  }));
  serve(app, ctx, 'generatorDelete', ({ params, user }) =>
    lookups.deleteJob(ctx, user, 'generator', params.id),
  );
  serve(app, ctx, 'validatorDelete', ({ params, user }) =>
    lookups.deleteJob(ctx, user, 'validator', params.id),
  );
  serve(app, ctx, 'generatorStart', async ({ body, user }) => ({
    generator: await lookups.startJob(ctx, user, 'generator', body.id),
    msg: 'OK',
  }));
  serve(app, ctx, 'validatorStart', async ({ body, user }) => ({
    validator: await lookups.startJob(ctx, user, 'validator', body.id),
    msg: 'OK',
  }));
  serve(app, ctx, 'generatorStop', async ({ body, user }) => ({
    generator: await lookups.stopJob(ctx, user, 'generator', body.id),
    msg: 'OK',
  }));
  serve(app, ctx, 'validatorStop', async ({ body, user }) => ({
    validator: await lookups.stopJob(ctx, user, 'validator', body.id),
    msg: 'OK',
  }));
  serve(app, ctx, 'generatorResult', ({ params, user }) =>
    lookups.foundNumbers(ctx, user, 'generator', params.id),
  );
  serve(app, ctx, 'validatorResult', ({ params, user }) =>
    lookups.foundNumbers(ctx, user, 'validator', params.id),
  );
  serve(app, ctx, 'generatorCreate', async ({ body, user }) => ({
    generator: await lookups.createGenerator(ctx, user, body),
    msg: 'OK',
  }));
  // The range is fixed once created (the form disables it when editing).
  serve(app, ctx, 'generatorUpdate', async ({ params, body, user }) => ({
    generator: await lookups.updateGenerator(ctx, user, params.id, body),
    msg: 'OK',
  }));
  serve(app, ctx, 'validatorCreate', async ({ request, user }) => ({
    validator: await lookups.createValidator(ctx, user, request),
    msg: 'OK',
  }));
  serve(app, ctx, 'validatorUpdate', async ({ request, params, user }) => ({
    validator: await lookups.updateValidator(ctx, user, params.id, request),
    msg: 'OK',
  }));
  serve(app, ctx, 'validatorFile', async ({ params, user, reply }) => {
    const file = await lookups.validatorFile(ctx, user, params.id);
    return reply
      .header('content-type', file.json ? 'application/json' : 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('x-content-type-options', 'nosniff')
      .send(file.content);
  });
}
