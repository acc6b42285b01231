import type { FastifyInstance } from 'fastify';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import {
  API,
  EXPORT_FILE_NAMES,
  MSG,
  UPLOAD_LIMITS,
  checkButtons,
  htmlToWa,
  idParamSchema,
  isStoredMedia,
  pageQuerySchema,
  templateButtonSchema,
  templateFieldsSchema,
  type TemplateButton,
} from '@blaster/contract';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { messageTemplates } from '../../db/schema';
import { templateColumns } from '../../domain/templates';
import { HttpError } from '../../lib/errors';
import { readPage } from '../../lib/paging';
import { OPERATOR_ROLES, route } from '../../lib/routes';
import { receiveFile } from '../../lib/uploads';
import { runImport, type ImportKind } from '../imports/pipeline';
import { mediaRoutes, readTemplateForm, removeMedia, removeMediaIfUnused } from './media';

type TemplateRow = typeof messageTemplates.$inferSelect;
const present = (row: TemplateRow) => ({
  id: row.id,
  media: row.media,
  text: row.text,
  text_wa: row.textWa,
  button: row.button as TemplateButton[],
  count_use: row.countUse,
  status: row.status as 'active' | 'nonactive',
});

/** The caption HTML the editor may produce; everything else is removed on the server. */
export const sanitizeCaption = (html: string) =>
  sanitizeHtml(html, {
    allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 's', 'del', 'strike', 'a', 'ul', 'ol', 'li'],
    allowedAttributes: { a: ['href', 'target', 'rel'] },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  });

/** Validated template values from a form; the chat text is always derived from the clean HTML. */
function templateValues(fields: Record<string, unknown>) {
  const parsed = templateFieldsSchema.parse(fields);
  const checked = checkButtons(parsed.button);
  if ('error' in checked) throw new HttpError(400, checked.error, { errors: { button: checked.error } });
  const text = sanitizeCaption(parsed.text);
  return { text, textWa: htmlToWa(text), button: checked.buttons, status: parsed.status };
}

const importItemSchema = z.object({
  media: z.string().max(2000).nullish(),
  text: z.string().max(20_000).default(''),
  button: z.array(templateButtonSchema).max(10).default([]),
  status: z.enum(['active', 'nonactive']).default('active'),
});

/**
 * The media an imported template keeps: stored media of this server as is; a web address is dropped
 * (foreign files are not fetched); any other path is refused, since deleting the template later would
 * delete whatever file it names.
 */
function importedMedia(media: string | null | undefined) {
  if (!media) return null;
  if (isStoredMedia(media)) return media;
  if (/^https?:\/\//i.test(media)) return null;
  throw new HttpError(400, MSG.mediaReferenceInvalid);
}

/** A JSON array of templates: each is checked like a saved one; the ones that fail are skipped. */
export const messageTemplateImport: ImportKind<
  ReturnType<typeof present>,
  { index: number; reason: string }
> = {
  name: 'message_templates',
  table: messageTemplates,
  columns: sql`media, text, text_wa, button, status`,
  select: sql`payload::jsonb ->> 'media', payload::jsonb ->> 'text', payload::jsonb ->> 'textWa',
    payload::jsonb -> 'button', status`,
  reader: () => (record) => {
    const item = importItemSchema.safeParse(record);
    if (!item.success) return { value: '', reason: MSG.invalidRow };
    try {
      const { status, ...values } = templateValues({
        text: item.data.text,
        button: JSON.stringify(item.data.button),
        status: item.data.status,
      });
      const media = importedMedia(item.data.media);
      return { value: '', status, payload: JSON.stringify({ ...values, media }) };
    } catch (error) {
      return { value: '', reason: error instanceof HttpError ? error.msg : MSG.invalidRow };
    }
  },
  presentCreated: (row) =>
    present({
      ...(row as unknown as TemplateRow),
      textWa: String(row.text_wa),
      countUse: Number(row.count_use),
    }),
  presentSkipped: (row) => ({ index: row.rowNo, reason: row.reason }),
  download: {
    csv: EXPORT_FILE_NAMES.messagesSkippedCsv,
    json: EXPORT_FILE_NAMES.messagesSkippedJson,
    row: (row) => ({ index: row.rowNo, reason: row.reason }),
    columns: ['index', 'reason'],
  },
};

export function messageRoutes(app: FastifyInstance, ctx: AppContext) {
  mediaRoutes(app, ctx);

  route(app, ctx, {
    method: 'GET',
    url: API.messageList,
    access: OPERATOR_ROLES,
    handler: async () => ({
      list: (
        await ctx.db.select(templateColumns).from(messageTemplates).orderBy(desc(messageTemplates.id))
      ).map(present),
    }),
  });

  route(app, ctx, {
    method: 'GET',
    url: API.messagePerPage,
    access: OPERATOR_ROLES,
    query: pageQuerySchema,
    handler: async ({ query }) => {
      const { ids, meta } = await readPage(
        ctx.db,
        {
          table: messageTemplates,
          id: messageTemplates.id,
          ids: () => ctx.db.select({ id: messageTemplates.id }).from(messageTemplates).$dynamic(),
          direction: 'desc',
          kept: 'message_templates',
        },
        query,
      );
      const rows = ids.length
        ? await ctx.db
            .select(templateColumns)
            .from(messageTemplates)
            .where(inArray(messageTemplates.id, ids))
            .orderBy(desc(messageTemplates.id))
        : [];
      return { data: rows.map(present), meta };
    },
  });

  const find = async (id: number) => {
    const [row] = await ctx.db
      .select(templateColumns)
      .from(messageTemplates)
      .where(eq(messageTemplates.id, id));
    if (!row) throw new HttpError(404, MSG.templateNotFound);
    return row;
  };

  route(app, ctx, {
    method: 'GET',
    url: API.message(':id'),
    access: OPERATOR_ROLES,
    params: idParamSchema,
    handler: async ({ params }) => ({ message: present(await find(params.id)) }),
  });

  route(app, ctx, {
    method: 'POST',
    url: API.messageCreate,
    access: OPERATOR_ROLES,
    handler: async ({ request }) => {
      const { fields, media } = await readTemplateForm(ctx, request);
      try {
        const [row] = await ctx.db
          .insert(messageTemplates)
          .values({ ...templateValues(fields), media })
          .returning();
        return { message: present(row!), msg: 'OK' };
      } catch (error) {
        await removeMedia(ctx, media);
        throw error;
      }
    },
  });

  route(app, ctx, {
    method: 'PUT',
    url: API.message(':id'),
    access: OPERATOR_ROLES,
    params: idParamSchema,
    handler: async ({ request, params }) => {
      const existing = await find(params.id);
      const { fields, media } = await readTemplateForm(ctx, request);
      try {
        const [row] = await ctx.db
          .update(messageTemplates)
          .set({ ...templateValues(fields), ...(media ? { media } : {}) })
          .where(eq(messageTemplates.id, params.id))
          .returning();
        if (media) await removeMediaIfUnused(ctx, existing.media);
        return { message: present(row!), msg: 'OK' };
      } catch (error) {
        await removeMedia(ctx, media);
        throw error;
      }
    },
  });

  route(app, ctx, {
    method: 'DELETE',
    url: API.message(':id'),
    access: OPERATOR_ROLES,
    params: idParamSchema,
    handler: async ({ params }) => {
      const [row] = await ctx.db
        .delete(messageTemplates)
        .where(eq(messageTemplates.id, params.id))
        .returning();
      if (!row) throw new HttpError(404, MSG.templateNotFound);
      await removeMediaIfUnused(ctx, row.media);
      return { msg: 'OK' };
    },
  });

  route(app, ctx, {
    method: 'POST',
    url: API.messageImport,
    access: OPERATOR_ROLES,
    handler: async ({ request, user }) => {
      const file = await receiveFile(request, {
        maxBytes: UPLOAD_LIMITS.list,
        extensions: ['json'],
        typeError: MSG.fileTypeJson,
      });
      return { ...(await runImport(ctx.db, messageTemplateImport, file, user.id)), msg: 'OK' };
    },
  });
}
