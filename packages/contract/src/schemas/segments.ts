import { z } from '../validation-texts';
import { MESSAGE_KEY as MSG } from '../messages';
import { FIELD_VALUE_MAX, FIELDS_MAX, TAG_MAX, TAGS_MAX, isFieldKey, splitTags } from '../number-fields';
import { plainTextSchema } from './common';
import { CONSENT_SOURCE_MAX } from './consent';

export const SEGMENT_NAME_MAX = 100;

/**
 * How far the last message sent to a number got: failed, or sent and then (furthest first) replied
 * to, read or delivered. Read from the message logs, so it covers the logs' retention window.
 */
export const SEGMENT_STAGES = ['sent', 'delivered', 'read', 'replied', 'failed'] as const;
export type SegmentStage = (typeof SEGMENT_STAGES)[number];

/**
 * One field condition: the number's field `key` equals `value` exactly. The value is cleaned as
 * numbers' values are when saved or imported (invisible controls gone, trimmed): a space pasted
 * around it would otherwise match no number at all.
 */
export const segmentFieldConditionSchema = z.object({
  key: z.string().refine(isFieldKey, { error: MSG.fieldKeyInvalid }),
  value: plainTextSchema().min(1).max(FIELD_VALUE_MAX, { error: MSG.fieldValueTooLong }),
});

/**
 * Which numbers a segment holds: every condition given must hold (all ANDed); an empty filter holds
 * every number. Tags are normalised as on numbers (lower-cased, trimmed, without duplicates).
 */
export const segmentFilterSchema = z.object({
  tags: z
    .array(plainTextSchema().max(TAG_MAX, { error: MSG.tagsTooMany }))
    .max(TAGS_MAX, { error: MSG.tagsTooMany })
    .transform((tags) => splitTags(tags))
    .optional(),
  fields: z
    .array(segmentFieldConditionSchema)
    .max(FIELDS_MAX, { error: MSG.fieldsTooMany })
    .refine((fields) => new Set(fields.map((field) => field.key)).size === fields.length, {
      error: MSG.segmentFieldTwice,
    })
    .optional(),
  consent_source: plainTextSchema().min(1).max(CONSENT_SOURCE_MAX).optional(),
  last_stage: z.enum(SEGMENT_STAGES).optional(),
  /** True: the number wrote to an account at least once; false: it never did. */
  replied: z.boolean().optional(),
});
export type SegmentFilter = z.output<typeof segmentFilterSchema>;
export type SegmentFilterInput = z.input<typeof segmentFilterSchema>;

export const segmentBodySchema = z.object({
  name: plainTextSchema(MSG.segmentNameRequired)
    .min(1, { error: MSG.segmentNameRequired })
    .max(SEGMENT_NAME_MAX),
  filter: segmentFilterSchema,
});
export type SegmentBody = z.input<typeof segmentBodySchema>;

export const segmentPreviewBodySchema = z.object({ filter: segmentFilterSchema });

/** A saved filter as answers carry it: already checked and normalised. */
const segmentFilterRowSchema = z.object({
  tags: z.array(z.string()).optional(),
  fields: z.array(z.object({ key: z.string(), value: z.string() })).optional(),
  consent_source: z.string().optional(),
  last_stage: z.enum(SEGMENT_STAGES).optional(),
  replied: z.boolean().optional(),
});

export const segmentRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  filter: segmentFilterRowSchema,
  created_by: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SegmentRow = z.infer<typeof segmentRowSchema>;

/** A segment's size: numbers matching its filter, and those a blast could claim now. */
export const segmentCountSchema = z.object({
  total: z.number().int(),
  claimable: z.number().int(),
});
export type SegmentCount = z.infer<typeof segmentCountSchema>;
