import type { FastifyRequest } from 'fastify';
import sanitizeHtml from 'sanitize-html';
import {
  MSG,
  checkButtons,
  htmlToWa,
  templateFieldsSchema,
  type TEMPLATE_BULK_ACTIONS,
  type TemplateButton,
  unknownVariables,
} from '@blaster/contract';
import type { AppContext } from '../../context';
import { fieldRegistry } from '../../domain/number-fields';
import { readSettings } from '../../domain/settings';
import { messageRef, pacingState, pauseMessage, templateQuality } from '../../domain/templates';
import { HttpError } from '../../lib/errors';
import type { PageRequest } from '../../lib/paging';
import { readTemplateForm, removeMedia, removeMediaIfUnused } from './media';
import { reviewAgain } from './review';
import { templateRepository as templates, type TemplateFilter, type TemplateRecord } from './repository';

/** A template as the answers show it; `firstBatch` (the setting) tells a trial's batch from its hold. */
export function presentTemplate(row: TemplateRecord, firstBatch: number) {
  const feedback = {
    sends: row.sends ?? 0,
    blocks: row.feedbackBlocks,
    reports: row.feedbackReports,
    opt_outs: row.feedbackOptOuts,
  };
  return {
    id: row.id,
    media: row.media,
    text: row.text,
    text_wa: row.textWa,
    button: row.button as TemplateButton[],
    count_use: row.countUse,
    status: row.status as 'active' | 'nonactive',
    category: row.category,
    review_state: row.reviewState,
    review_reason: row.reviewReason,
    reviewed_at: row.reviewedAt ? new Date(row.reviewedAt).toISOString() : null,
    quality: templateQuality({ ...feedback, optOuts: feedback.opt_outs }),
    pacing: pacingState(row, firstBatch),
    pause_reason: row.pacing === 'paused' ? messageRef(pauseMessage(row)) : null,
    feedback,
  };
}

/** The first batch setting, which every presented template needs. */
export const templateFirstBatch = async (ctx: AppContext) =>
  (await readSettings(ctx.db)).template_first_batch;

/** The caption HTML the editor may produce; everything else is removed on the server. */
export const sanitizeCaption = (html: string) =>
  sanitizeHtml(html, {
    allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 's', 'del', 'strike', 'a', 'ul', 'ol', 'li'],
    allowedAttributes: { a: ['href', 'target', 'rel'] },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  });

/** Validated template values from a form; the chat text is always derived from the clean HTML. */
export function templateValues(fields: Record<string, unknown>) {
  const parsed = templateFieldsSchema.parse(fields);
  const checked = checkButtons(parsed.button);
  if ('error' in checked) throw new HttpError(400, checked.error, { errors: { button: checked.error } });
  const text = sanitizeCaption(parsed.text);
  return {
    text,
    textWa: htmlToWa(text),
    button: checked.buttons,
    status: parsed.status,
    category: parsed.category,
    draft: parsed.draft,
  };
}

export async function listTemplates(ctx: AppContext) {
  const firstBatch = await templateFirstBatch(ctx);
  return (await templates.newestFirst(ctx.db)).map((row) => presentTemplate(row, firstBatch));
}

export async function templatePage(ctx: AppContext, request: PageRequest & TemplateFilter) {
  const [{ rows, meta }, firstBatch] = await Promise.all([
    templates.page(ctx.db, request),
    templateFirstBatch(ctx),
  ]);
  return { data: rows.map((row) => presentTemplate(row, firstBatch)), meta };
}

async function findRecord(ctx: AppContext, id: number) {
  const row = await templates.find(ctx.db, id);
  if (!row) throw new HttpError(404, MSG.templateNotFound);
  return row;
}

export const findTemplate = async (ctx: AppContext, id: number) =>
  presentTemplate(await findRecord(ctx, id), await templateFirstBatch(ctx));

/** A template sends its caption, its media or both: one with neither would send an empty message. */
function refuseEmpty<T extends { textWa: string }>(values: T, media: string | null | undefined): T {
  if (!media && values.textWa.trim() === '')
    throw new HttpError(400, MSG.templateEmpty, { errors: { text: MSG.templateEmpty } });
  return values;
}

/**
 * Refuses a caption with a variable that has neither a field numbers carry nor a default: sent as it
 * is, every recipient would read a gap where the template meant to say something.
 */
async function refuseUnknownVariables<T extends { textWa: string }>(ctx: AppContext, values: T) {
  if (!values.textWa.includes('{{')) return values;
  const unknown = unknownVariables(values.textWa, new Set(await fieldRegistry.keys(ctx.db)));
  if (unknown.length === 0) return values;
  const message = MSG.templateVariableUnknown(unknown.join(', '));
  throw new HttpError(400, message, { errors: { text: message } });
}

/**
 * Adds the template of a multipart form, as a draft or waiting for review, to be paced once approved;
 * its media is removed again when the template is refused.
 */
export async function createTemplate(ctx: AppContext, request: FastifyRequest, authorId: number) {
  const { fields, media } = await readTemplateForm(ctx, request);
  try {
    const { draft, ...values } = await refuseUnknownVariables(
      ctx,
      refuseEmpty(templateValues(fields), media),
    );
    const row = await templates.insert(ctx.db, {
      ...values,
      media,
      authorId,
      reviewState: draft ? 'draft' : 'pending',
      pacing: 'trial',
    });
    return presentTemplate(row, await templateFirstBatch(ctx));
  } catch (error) {
    await removeMedia(ctx, media);
    throw error;
  }
}

/** Changes a template from a multipart form; new media replaces the old, removed unless shared. */
export async function updateTemplate(ctx: AppContext, request: FastifyRequest, id: number) {
  const existing = await findRecord(ctx, id);
  const { fields, media } = await readTemplateForm(ctx, request);
  try {
    const { draft, ...values } = await refuseUnknownVariables(
      ctx,
      refuseEmpty(templateValues(fields), media ?? existing.media),
    );
    const changed =
      Boolean(media) ||
      values.textWa !== existing.textWa ||
      values.category !== existing.category ||
      JSON.stringify(values.button) !== JSON.stringify(existing.button);
    const row = await templates.update(ctx.db, id, {
      ...values,
      ...(media ? { media } : {}),
      ...(changed ? await reviewAgain(ctx, id, draft) : {}),
    });
    if (media) await removeMediaIfUnused(ctx, existing.media);
    return presentTemplate(row, await templateFirstBatch(ctx));
  } catch (error) {
    await removeMedia(ctx, media);
    throw error;
  }
}

/**
 * A bulk action on the chosen templates: deleted (their media files too, once no template shows them)
 * or made active or nonactive, each in one statement. Answers how many changed.
 */
export async function bulkTemplateAction(
  ctx: AppContext,
  { ids, action }: { ids: number[]; action: (typeof TEMPLATE_BULK_ACTIONS)[number] },
): Promise<number> {
  const unique = [...new Set(ids)];
  if (action !== 'delete')
    return templates.setStatus(ctx.db, unique, action === 'activate' ? 'active' : 'nonactive');
  const deleted = await templates.deleteMany(ctx.db, unique);
  for (const media of new Set(deleted.map((row) => row.media))) await removeMediaIfUnused(ctx, media);
  return deleted.length;
}

export async function deleteTemplate(ctx: AppContext, id: number) {
  const row = await templates.delete(ctx.db, id);
  if (!row) throw new HttpError(404, MSG.templateNotFound);
  await removeMediaIfUnused(ctx, row.media);
}
