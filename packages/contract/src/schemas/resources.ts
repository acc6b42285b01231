import { z } from '../validation-texts';
import { BULK_MAX_IDS, PHONE_PREFIX } from '../constants';
// Validation issues carry a message's key; it is written in the reader's language where it is shown.
import { MESSAGE_KEY as MSG, MSG as MESSAGE, type Message } from '../messages';
import { API } from '../paths';
import { idSchema, lenientIdSchema, pageQuerySchema, plainTextSchema, sortQuerySchema } from './common';
import { FIELD_VALUE_MAX, FIELDS_MAX, TAG_MAX, TAGS_MAX, isFieldKey, splitTags } from '../number-fields';
import { TEMPLATE_CATEGORIES, templateReviewFields } from './template-review';

/** The international call prefix (0062…) and the trunk 0 some write after the country code (+62 0812…). */
const INTERNATIONAL_PREFIX = /^00/;
const TRUNK_AFTER_COUNTRY = new RegExp(`^${PHONE_PREFIX}0`);

/**
 * Digits only; a leading 0 becomes the country prefix 62, so imports and forms store one form. '0062 812…' and
 * '+62 0812…' are the same number as '0812…': one number has one form, or it would slip past its
 * suppression.
 */
export function normalizeNumber(raw: unknown): string {
  const digits = String(raw ?? '')
    .replace(/\D/g, '')
    .replace(INTERNATIONAL_PREFIX, '');
  if (TRUNK_AFTER_COUNTRY.test(digits)) return `${PHONE_PREFIX}${digits.slice(PHONE_PREFIX.length + 1)}`;
  return digits.startsWith('0') ? `${PHONE_PREFIX}${digits.slice(1)}` : digits;
}
/** A usable phone number after normalizing: 62 followed by 8 to 13 digits. */
const VALID_NUMBER = new RegExp(`^${PHONE_PREFIX}\\d{8,13}$`);
export const isValidNumber = (number: string) => VALID_NUMBER.test(number);

const phoneNumberField = z
  .string({ error: MSG.phoneNumberRequired })
  .transform(normalizeNumber)
  .refine((value) => value.length > 0, { error: MSG.phoneNumberRequired })
  .refine(isValidNumber, { error: MSG.phoneNumberInvalid });

/** A number's tags as the form sends them; stored trimmed, lower-cased and without duplicates. */
export const phoneTagsSchema = z
  .array(plainTextSchema().max(TAG_MAX, { error: MSG.tagsTooMany }), { error: MSG.invalidRequest })
  .max(TAGS_MAX, { error: MSG.tagsTooMany })
  .transform(splitTags);
/** A number's fields by key; a field left empty is no field. */
export const phoneFieldsSchema = z
  .record(z.string(), plainTextSchema().max(FIELD_VALUE_MAX, { error: MSG.fieldValueTooLong }), {
    error: MSG.invalidRequest,
  })
  // Checked on the whole record: a key's own issue would reach the reader as 'invalid request'.
  .refine((fields) => Object.keys(fields).every(isFieldKey), { error: MSG.fieldKeyInvalid })
  .refine((fields) => Object.keys(fields).length <= FIELDS_MAX, { error: MSG.fieldsTooMany })
  .transform((fields) => Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== '')));
/** The field keys numbers carry (the registry the template editor and the template check read). */
export const phoneFieldKeysAnswerSchema = z.object({ fields: z.array(z.string()) });

// Phone numbers (02 §3, §5)
export const PHONE_STATUSES = ['active', 'nonactive'] as const;
/** Tags and fields are optional: a form that leaves them out keeps what the number has. */
export const phoneNumberSaveSchema = z.object({
  number: phoneNumberField,
  name: plainTextSchema(MSG.phoneNameRequired).min(1, { error: MSG.phoneNameRequired }).max(200),
  tags: phoneTagsSchema.optional(),
  fields: phoneFieldsSchema.optional(),
});
export const phoneNumberUpdateSchema = phoneNumberSaveSchema.extend({
  status: z.enum(PHONE_STATUSES).default('active'),
});
export const phoneNumberRowSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  name: z.string(),
  status: z.enum(PHONE_STATUSES),
  in_use: z.number().int(),
  count_success: z.number().int(),
  count_fail: z.number().int(),
  last_sent: z.string().nullable(),
  tags: z.array(z.string()),
  fields: z.record(z.string(), z.string()),
});
export type PhoneNumberRow = z.infer<typeof phoneNumberRowSchema>;

/** GET /phonenumber/list answers at most this many rows (newest first unless searched). */
export const PHONE_LIST_LIMIT = 50;
/** The largest `limit` it takes: the export walks the whole list in slices of this size. */
export const PHONE_LIST_MAX_LIMIT = 1000;
export const phoneListQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .catch(PHONE_LIST_LIMIT)
    .default(PHONE_LIST_LIMIT)
    .transform((limit) => Math.min(limit, PHONE_LIST_MAX_LIMIT)),
  /** Digits find numbers starting with them (0812 as 62812); other text finds names starting with it. */
  search: z.string().trim().max(100).optional(),
  status: z.enum(PHONE_STATUSES).optional().catch(undefined),
  /** The next slice of an unsearched walk: rows with a smaller id than this one. */
  after: lenientIdSchema,
});
/**
 * The columns the phone number list sorts by on request: each has an index in the same byte order
 * ("C") the search reads, the number its unique index and the name `lower(name)`.
 */
export const PHONE_SORT_KEYS = ['number', 'name'] as const;
/**
 * A page of the phone number list: searched like the slice (a number's prefix, or a name's), and
 * filtered by status; either one orders the page by the number or name searched instead of newest first.
 */
export const phonePageQuerySchema = pageQuerySchema.extend({
  status: z.enum(PHONE_STATUSES).optional().catch(undefined),
  ...sortQuerySchema(PHONE_SORT_KEYS).shape,
});

/** What a bulk action does to the chosen numbers: delete them, or put them on the suppression list. */
export const PHONE_BULK_ACTIONS = ['delete', 'suppress'] as const;
/** The rows a bulk action takes, by id: at least one, at most BULK_MAX_IDS. */
export const bulkIdsSchema = z
  .array(idSchema(), { error: MSG.invalidRequest })
  .min(1, { error: MSG.bulkNoneChosen })
  .max(BULK_MAX_IDS, { error: MSG.bulkTooMany });
export const phoneBulkBodySchema = z.object({
  ids: bulkIdsSchema,
  action: z.enum(PHONE_BULK_ACTIONS, { error: MSG.invalidRequest }),
});
/** Digits, spaces and + - ( ) only: the text is a phone number, searched by its normalized prefix. */
export const looksLikeNumber = (text: string) => /^[\d\s+()-]+$/.test(text) && /\d/.test(text);
/** A skipped or created import row, as the import's result shows it. */
export interface ImportRow {
  id: number | null;
  number: string;
  name: string;
  status: string;
  reason?: string;
}
/**
 * What an import answers: the first created and skipped rows with exact counts; every skipped row is
 * downloadable from API.importSkipped(importId) when `skippedCount` is more than `skipped` holds.
 */
export interface ImportAnswer<Created = ImportRow, Skipped = ImportRow> {
  importId: number;
  created: Created[];
  createdCount: number;
  skipped: Skipped[];
  skippedCount: number;
  msg: string;
}
/** What an import answers, with the rows as the import's kind shows them. */
export const importAnswerSchema = <Created extends z.ZodType, Skipped extends z.ZodType>(
  created: Created,
  skipped: Skipped,
) =>
  z.object({
    importId: z.number().int(),
    created: z.array(created),
    createdCount: z.number().int(),
    skipped: z.array(skipped),
    skippedCount: z.number().int(),
    msg: z.string(),
  });
/** A phone-number import's row: added (with its id), or skipped (the saved row it clashed with, if any). */
export const importRowSchema = z.object({
  id: z.number().int().nullable(),
  number: z.string(),
  name: z.string(),
  status: z.string(),
  reason: z.string().optional(),
});
/**
 * An import's query: `progress`, an id the uploader chose, asks the server to publish the import's
 * progress under that id on the uploader's private realtime channel.
 */
export const importUploadQuerySchema = z.object({ progress: z.string().uuid().optional() });
/**
 * How far an import got, as its `import_progress` events carry it: rows read from the file and rows
 * handed to the database so far, bytes of the file read against the upload's size (the request's
 * length, null when the client did not send one; the row count is unknown until the end), and
 * `read`, true once the whole file is read and only the saving is left.
 */
export const importProgressSchema = z.object({
  uploadId: z.string().uuid(),
  rowsRead: z.number().int().nonnegative(),
  rowsWritten: z.number().int().nonnegative(),
  bytesRead: z.number().int().nonnegative(),
  uploadBytes: z.number().int().nonnegative().nullable(),
  read: z.boolean(),
  date: z.string(),
});
export type ImportProgress = z.infer<typeof importProgressSchema>;
export const phoneExportQuerySchema = z.object({ format: z.enum(['csv', 'json']).default('csv') });
export const importSkippedQuerySchema = z.object({ format: z.enum(['csv', 'json']).default('json') });

// Proxies (02 §3, §5)
export const PROXY_STATUSES = ['active', 'nonactive', 'in use'] as const;
export type ProxyStatus = (typeof PROXY_STATUSES)[number];
export const proxySaveSchema = z.object({
  value: plainTextSchema(MSG.proxyRequired).min(1, { error: MSG.proxyRequired }).max(500),
});
export const proxyUpdateSchema = proxySaveSchema.extend({
  id: idSchema().optional(),
  status: z.enum(PROXY_STATUSES).default('active'),
});
export type ProxyUpdate = z.input<typeof proxyUpdateSchema>;
export const proxyRowSchema = z.object({
  id: z.number().int(),
  value: z.string(),
  status: z.string(),
  count_use: z.number().int(),
});
export type ProxyRow = z.infer<typeof proxyRowSchema>;
/**
 * The columns the proxy list sorts by on request, each on an index ending in the id: the proxy value
 * (`lower(value)` in byte order), the status and the date added.
 */
export const PROXY_SORT_KEYS = ['value', 'status', 'created'] as const;
/**
 * A page of proxies, of one status when asked; the search finds the text anywhere in the value (the
 * host, the port, the user name).
 */
export const proxyPageQuerySchema = pageQuerySchema.extend({
  status: z.enum(PROXY_STATUSES).optional().catch(undefined),
  ...sortQuerySchema(PROXY_SORT_KEYS).shape,
});
/** The chosen proxies go; an account using one connects without it next time, as after a single delete. */
export const proxyBulkBodySchema = z.object({
  ids: bulkIdsSchema,
  action: z.enum(['delete'], { error: MSG.invalidRequest }),
});

// Message templates (02 §3, §5)
export const BUTTON_TYPES = ['reply_button', 'call_button', 'url_button', 'stop_button'] as const;
export const templateButtonSchema = z.object({
  id: z.union([z.string(), z.number()]).optional(),
  title: z.string().trim().max(100).default(''),
  url: z.string().trim().max(2000).default(''),
  type: z.enum(BUTTON_TYPES).default('reply_button'),
});
export type TemplateButton = z.infer<typeof templateButtonSchema>;

/**
 * The spec's button rules (02 §5): a URL button needs both a title and a URL. Empty rows are
 * dropped. Answers the buttons to keep, or the first error.
 */
export function checkButtons(buttons: TemplateButton[]): { buttons: TemplateButton[] } | { error: Message } {
  const kept: TemplateButton[] = [];
  for (const button of buttons) {
    const title = button.title.trim();
    const url = button.url.trim();
    if (!title && !url) continue;
    if (button.type === 'url_button' || url) {
      if (title && !url) return { error: MESSAGE.buttonMissingUrl(title) };
      if (url && !title) return { error: MESSAGE.buttonMissingTitle(url) };
    }
    kept.push({ ...button, title, url });
  }
  return { buttons: kept };
}

export const TEMPLATE_STATUSES = ['active', 'nonactive'] as const;
export const templateRowSchema = z.object({
  id: z.number().int(),
  media: z.string().nullable(),
  text: z.string(),
  text_wa: z.string(),
  button: z.array(templateButtonSchema),
  count_use: z.number().int(),
  status: z.enum(TEMPLATE_STATUSES),
  ...templateReviewFields,
});
export type TemplateRow = z.infer<typeof templateRowSchema>;
/**
 * The columns the template list sorts by on request, each on an index ending in the id: the caption
 * as the list shows it (`text_wa`, its start lowercased in byte order), the status and the date added.
 */
export const TEMPLATE_SORT_KEYS = ['caption', 'status', 'created'] as const;
/**
 * A page of templates, of one status when asked (the ones a blast takes, or the ones set aside); the
 * search finds the text in the caption or a button's title.
 */
export const templatePageQuerySchema = pageQuerySchema.extend({
  status: z.enum(TEMPLATE_STATUSES).optional().catch(undefined),
  ...sortQuerySchema(TEMPLATE_SORT_KEYS).shape,
});
/** What a bulk action does to the chosen templates: delete them, or make them active or nonactive. */
export const TEMPLATE_BULK_ACTIONS = ['delete', 'activate', 'deactivate'] as const;
export const templateBulkBodySchema = z.object({
  ids: bulkIdsSchema,
  action: z.enum(TEMPLATE_BULK_ACTIONS, { error: MSG.invalidRequest }),
});
/**
 * The only media a template may name: a file this server stored in its uploads folder under a random
 * name. Anything else (`/uploads/../db`, a nested path) could make a later delete remove another file.
 */
const STORED_MEDIA = new RegExp(`^${API.uploads}/[0-9a-f-]{36}\\.[a-z0-9]{2,4}$`);
export const isStoredMedia = (media: string) => STORED_MEDIA.test(media);

/** Fields of the multipart create/update body besides the file. */
export const templateFieldsSchema = z.object({
  /** Media comes only as an uploaded file; a text reference is refused unless it names stored media. */
  media: z
    .string()
    .max(2000)
    .optional()
    .refine((media) => !media || isStoredMedia(media), { error: MSG.mediaReferenceInvalid }),
  text: z.string().max(20_000).default(''),
  text_wa: z.string().max(20_000).optional(),
  button: z
    .string()
    .max(50_000)
    .default('[]')
    .transform((value, context) => {
      try {
        return z
          .array(templateButtonSchema)
          .max(10)
          .parse(JSON.parse(value || '[]'));
      } catch {
        context.addIssue({ code: 'custom', message: MSG.invalidButtons });
        return z.NEVER;
      }
    }),
  status: z.enum(TEMPLATE_STATUSES).default('active'),
  category: z.enum(TEMPLATE_CATEGORIES).default('marketing'),
  /** 'true': kept as a draft; otherwise it goes to review (pending) as it is saved. */
  draft: z
    .union([z.boolean(), z.enum(['true', 'false', ''])])
    .optional()
    .transform((value) => value === true || value === 'true'),
});

/** Image types shown as thumbnails; anything else is a 'View Media' link. */
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp', 'svg'] as const;
export const isImageUrl = (url: string | null | undefined) =>
  Boolean(url && (IMAGE_EXTENSIONS as readonly string[]).includes(url.split('.').pop()!.toLowerCase()));

/** Upload limits: phone-number files up to 50 MB, other lists 5 MB, template media 16 MB. */
export const UPLOAD_LIMITS = {
  phoneNumbers: 50 * 1024 * 1024,
  list: 5 * 1024 * 1024,
  media: 16 * 1024 * 1024,
} as const;
export const MEDIA_EXTENSIONS = [...IMAGE_EXTENSIONS, 'mp4', 'pdf', 'mp3', 'ogg'] as const;
