import { sql, type SQL } from 'drizzle-orm';
import { segmentFilterSchema, type SegmentFilter, type SegmentStage } from '@blaster/contract';
import { phoneNumbers } from '../db/schema';

/**
 * The stage of the last message settled to the number, kept on its row as sends settle and
 * acknowledgements and replies arrive (domain/number-history.ts), read by its partial index.
 */
const lastStageIs = (stage: SegmentStage) => sql`${phoneNumbers.lastStage} = ${stage}`;

/**
 * A segment's filter as a condition on `phone_numbers` (unaliased, as the blast's claim reads it):
 * every value a bound parameter, never text of the query. Tags and fields are containment tests
 * beside the predicates of their partial GIN indexes (schema.ts), so the planner may use them.
 */
export function segmentWhere(filter: SegmentFilter): SQL {
  const conditions: SQL[] = [];
  if (filter.tags && filter.tags.length > 0)
    conditions.push(
      sql`${phoneNumbers.tags} @> ${sql.param(filter.tags)}::text[] and ${phoneNumbers.tags} <> '{}'::text[]`,
    );
  if (filter.fields && filter.fields.length > 0) {
    const wanted = Object.fromEntries(filter.fields.map((field) => [field.key, field.value]));
    conditions.push(
      sql`${phoneNumbers.fields} @> ${JSON.stringify(wanted)}::jsonb and ${phoneNumbers.fields} <> '{}'::jsonb`,
    );
  }
  if (filter.consent_source !== undefined)
    conditions.push(sql`${phoneNumbers.consentSource} = ${filter.consent_source}`);
  if (filter.last_stage) conditions.push(lastStageIs(filter.last_stage));
  // Set on the number as the inbox files what it wrote (domain/number-history.ts), read by its index.
  if (filter.replied !== undefined)
    conditions.push(filter.replied ? sql`${phoneNumbers.wroteIn}` : sql`not ${phoneNumbers.wroteIn}`);
  if (conditions.length === 0) return sql`true`;
  return sql.join(conditions, sql` and `);
}

/**
 * The segment filter a running blast stored on its account row (jsonb: parsed, or text on a driver
 * that leaves it), or null when the blast goes to every number a blast may claim.
 */
export function storedSegmentFilter(stored: unknown): SegmentFilter | null {
  if (stored === null || stored === undefined) return null;
  return segmentFilterSchema.parse(typeof stored === 'string' ? JSON.parse(stored) : stored);
}
