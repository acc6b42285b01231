import { z } from '../validation-texts';
import { DEFAULT_PAGE, PAGE_SIZE, PAGE_SIZE_CHOICES } from '../constants';
// Validation issues carry a message's key; it is written in the reader's language where it is shown.
import { MESSAGE_KEY as MSG } from '../messages';

/**
 * The largest value an id or amount column holds (PostgreSQL `integer`). Larger input is refused as
 * invalid before it reaches the database, which would otherwise fail the statement (a 500).
 */
export const MAX_INTEGER = 2_147_483_647;

/**
 * Bidirectional controls (embeddings, overrides, isolates, and the left-to-right and right-to-left
 * marks) and zero-width characters (space, non-joiner, joiner, the byte-order mark). Invisible, the
 * first reorder the text shown around them ('Budi\u202Egnp.exe' reads 'Budiexe.png'); the others make
 * two names that look the same differ ('Bu\u200Bdi' is not 'Budi' to a search or a unique check).
 */
export const INVISIBLE_CONTROLS = /[\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g;
export const stripInvisibleControls = (text: string) => text.replace(INVISIBLE_CONTROLS, '');

/**
 * Names and free text people type, trimmed and without bidirectional controls or zero-width
 * characters (they are removed before the required check, so a name of nothing else is missing).
 */
export const plainTextSchema = (message?: string) =>
  z
    .string(message ? { error: message } : undefined)
    .overwrite(stripInvisibleControls)
    .trim();

/** A row id from a path, query or body: a whole number from 1 to MAX_INTEGER, else `message`. */
export const idSchema = (message: string = MSG.invalidRequest) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(MAX_INTEGER, { error: message });

/** A count or amount from a form: a whole number from 0 to MAX_INTEGER, else `message`. */
export const wholeNumberSchema = (message: string = MSG.invalidRequest) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(0, { error: message })
    .max(MAX_INTEGER, { error: message });

/**
 * A row id that only narrows or speeds up a read (a Previous/Next seek, an optional filter from the
 * address bar): a bad one, out of the column's range included, is ignored rather than refused.
 */
export const lenientIdSchema = idSchema().optional().catch(undefined);

/** A requested page size rounded down to one of the choices: 30 reads 25, 1000 reads 100, 5 reads 10. */
const pageSizeOf = (wanted: number) =>
  PAGE_SIZE_CHOICES.findLast((choice) => choice <= wanted) ?? PAGE_SIZE_CHOICES[0];

/**
 * Query of every paged list: page defaults to 1, search is optional. `after` (Next: the last row's
 * id on the page before) or `before` (Previous: the first row's id on the page after) only make the
 * read faster; the page number alone answers the same rows. `per_page` is one of the page size
 * choices (PAGE_SIZE when absent or not a number).
 */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(MAX_INTEGER).catch(DEFAULT_PAGE).default(DEFAULT_PAGE),
  per_page: z.coerce.number().int().min(1).catch(PAGE_SIZE).default(PAGE_SIZE).transform(pageSizeOf),
  search: z.string().trim().max(200).optional(),
  after: lenientIdSchema,
  before: lenientIdSchema,
});

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/**
 * The sort of a list that offers one: `sort` names one of `keys` (each backed by an index) and `dir`
 * its direction (ascending when absent). Without `sort` the list keeps its own order. Like a cursor,
 * an unknown value is ignored rather than refused.
 */
export const sortQuerySchema = <const K extends string>(keys: readonly [K, ...K[]]) =>
  z.object({
    sort: z.enum(keys).optional().catch(undefined),
    dir: z.enum(SORT_DIRECTIONS).optional().catch(undefined),
  });

export const idParamSchema = z.object({ id: idSchema() });

export const pageMetaSchema = z.object({
  page: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
  /**
   * True when `total` is a lower bound: a filtered or searched list counts only so far, and the
   * pager shows 'Page X of Y+'. Unfiltered lists are counted exactly and answer false.
   */
  totalCapped: z.boolean().optional(),
});

export interface Paged<T> {
  data: T[];
  meta: z.infer<typeof pageMetaSchema>;
}

/**
 * An amount of rupiah from a form or a JSON body: a whole number, or a string of digits only. A text
 * such as '50.000' is refused rather than read as 50 (the panel's money input reads it first).
 */
export const rupiahInputSchema = (message: string, min = 0, overMessage = message) =>
  z.preprocess(
    (value) => {
      if (value === '' || value === null) return undefined;
      if (typeof value === 'string') return /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
      return value;
    },
    z
      .number({ error: message })
      .int({ error: message })
      .min(min, { error: message })
      .max(MAX_INTEGER, { error: overMessage }),
  );

/** A user id in a path, or 'all' (admin and dev) for platform-wide figures. */
export const userOrAllParamSchema = z.object({
  userId: z.union([z.literal('all'), idSchema()]),
});
