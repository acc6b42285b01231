import { getTableColumns, sql } from 'drizzle-orm';
import { messageTemplates, templateUseCounts } from '../db/schema';

/** How often a template was sent: its imported count plus every account's own tally. */
export const templateUses =
  sql<number>`${messageTemplates.countUse} + coalesce((select sum(${templateUseCounts.count}) from ${templateUseCounts} where ${templateUseCounts.templateId} = ${messageTemplates.id}), 0)`.mapWith(
    Number,
  );

/** A template row as lists show it, with its use count summed. */
export const templateColumns = { ...getTableColumns(messageTemplates), countUse: templateUses };
