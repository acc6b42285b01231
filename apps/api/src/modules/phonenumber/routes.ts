import type { FastifyInstance } from 'fastify';
import { EXPORT_ROWS_HEADER } from '@blaster/contract';
import type { AppContext } from '../../context';
import { serve } from '../../lib/routes';
import { bulkPhoneAction } from './bulk';
import {
  countBlast,
  deletePhone,
  fieldKeys,
  findPhone,
  phoneExport,
  phoneSlice,
  readPhonePage,
  savePhone,
  updatePhone,
} from './service';

export function phoneNumberRoutes(app: FastifyInstance, ctx: AppContext) {
  serve(app, ctx, 'phoneCountBlast', () => countBlast(ctx.db));
  serve(app, ctx, 'phoneList', async ({ query }) => ({ list: await phoneSlice(ctx.db, query) }));
  serve(app, ctx, 'phoneExport', async ({ query, reply }) => {
    const file = await phoneExport(ctx.db, query.format);
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', `attachment; filename="${file.name}"`)
      .header('x-content-type-options', 'nosniff')
      .header(EXPORT_ROWS_HEADER, String(file.rows))
      .send(file.body);
  });
  serve(app, ctx, 'phonePerPage', ({ query: { search, status, sort, dir, ...request } }) =>
    readPhonePage(ctx.db, request, { search, status, sort, dir }),
  );
  serve(app, ctx, 'phoneFieldKeys', async () => ({ fields: await fieldKeys(ctx.db) }));
  serve(app, ctx, 'phoneSave', async ({ body }) => ({
    phoneNumber: await savePhone(ctx.db, body),
    msg: 'OK',
  }));
  serve(app, ctx, 'phoneNumberGet', async ({ params }) => ({
    phoneNumber: await findPhone(ctx.db, params.id),
  }));
  serve(app, ctx, 'phoneNumberUpdate', async ({ params, body }) => ({
    phoneNumber: await updatePhone(ctx.db, params.id, body),
    msg: 'OK',
  }));
  serve(app, ctx, 'phoneBulk', async ({ body, user }) => ({
    count: await bulkPhoneAction(ctx, user, body),
    msg: 'OK',
  }));
  serve(app, ctx, 'phoneNumberDelete', async ({ params }) => {
    await deletePhone(ctx.db, params.id);
    return { msg: 'OK' };
  });
}
