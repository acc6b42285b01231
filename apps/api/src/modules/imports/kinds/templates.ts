import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  EXPORT_FILE_NAMES,
  MSG,
  UPLOAD_LIMITS,
  isStoredMedia,
  templateButtonSchema,
  unknownVariables,
} from '@blaster/contract';
import { messageTemplates } from '../../../db/schema';
import { fieldRegistry } from '../../../domain/number-fields';
import { HttpError } from '../../../lib/errors';
import type { RawRecord } from '../../../lib/rows';
import type { ImportKind } from '../kind';
import type { StagedRow } from '../staging';
import type { TemplateRecord } from '../../message/repository';
import { presentTemplate, templateValues } from '../../message/service';

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

/** One item of the file as a staged template, or skipped with the reason a saved one would be refused. */
function importedTemplate(record: RawRecord, known: ReadonlySet<string>): StagedRow {
  const item = importItemSchema.safeParse(record);
  if (!item.success) return { value: '', reason: MSG.invalidRow };
  try {
    const { status, ...values } = templateValues({
      text: item.data.text,
      button: JSON.stringify(item.data.button),
      status: item.data.status,
    });
    const unknown = unknownVariables(values.textWa, known);
    if (unknown.length) return { value: '', reason: MSG.templateVariableUnknown(unknown.join(', ')) };
    const media = importedMedia(item.data.media);
    return { value: '', status, payload: JSON.stringify({ ...values, media }) };
  } catch (error) {
    return { value: '', reason: error instanceof HttpError ? error.msg : MSG.invalidRow };
  }
}

/** A JSON array of templates: each is checked like a saved one; the ones that fail are skipped. */
export const messageTemplateImport: ImportKind<
  ReturnType<typeof presentTemplate>,
  { index: number; reason: string }
> = {
  name: 'message_templates',
  table: messageTemplates,
  upload: () => ({ maxBytes: UPLOAD_LIMITS.list, extensions: ['json'], typeError: MSG.fileTypeJson }),
  said: () => 'OK',
  // An imported template is new to this platform: it waits for review like one written here.
  columns: sql`media, text, text_wa, button, status, review_state, pacing`,
  select: sql`payload::jsonb ->> 'media', payload::jsonb ->> 'text', payload::jsonb ->> 'textWa',
    payload::jsonb -> 'button', status, 'pending', 'trial'`,
  async reader(db) {
    // A template is checked against the field keys as they were when its file arrived.
    const known = new Set(await fieldRegistry.keys(db));
    return (record) => importedTemplate(record, known);
  },
  presentCreated: (row) =>
    presentTemplate(
      {
        ...(row as unknown as TemplateRecord),
        textWa: String(row.text_wa),
        countUse: Number(row.count_use),
        category: 'marketing',
        reviewState: 'pending',
        reviewReason: null,
        reviewedAt: null,
        pacing: 'trial',
        batchClaimed: 0,
        feedbackBlocks: 0,
        feedbackReports: 0,
        feedbackOptOuts: 0,
      },
      Infinity,
    ),
  presentSkipped: (row) => ({ index: row.rowNo, reason: row.reason }),
  download: {
    csv: EXPORT_FILE_NAMES.messagesSkippedCsv,
    json: EXPORT_FILE_NAMES.messagesSkippedJson,
    row: (row) => ({ index: row.rowNo, reason: row.reason }),
    columns: ['index', 'reason'],
  },
};
