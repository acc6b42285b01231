import { and, asc, eq, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { ALL_USERS, type Setting } from '@blaster/contract';
import { queryRows, type Db } from '../../db';
import { accountDailySends, messageLogHourly, messageTemplates, whatsappAccounts } from '../../db/schema';
import { templateStandingColumns } from '../../domain/templates';
import { claimablePhones } from '../../jobs/claimable';

/** The most blasts one answer lists (an operator's view of every member). */
export const MAX_CAMPAIGNS = 100;

/** Running blasts and their figures, read only: nothing here takes part in a round. */
export const campaignRepository = {
  /**
   * Accounts whose blast is started or was paused by governance, with the STOP replies to their
   * messages and the sends their day's cap has given (today in the app's time zone), in one read.
   */
  running(db: Db, userId: number | typeof ALL_USERS, timeZone: string) {
    const conditions: SQL[] = [
      or(eq(whatsappAccounts.status, 'sending'), isNotNull(whatsappAccounts.pausedReason))!,
    ];
    if (userId !== ALL_USERS) conditions.push(eq(whatsappAccounts.userId, userId));
    return db
      .select({
        account: whatsappAccounts,
        // The outer row named in full: a bare column would be read as the subquery's own.
        optedOut: sql<string>`(select coalesce(sum(h.opted_out), 0) from ${messageLogHourly} h
          where h.whatsapp_id = whatsapp_accounts.id)`,
        usedToday: sql<number | null>`(select d.used from ${accountDailySends} d
          where d.whatsapp_id = whatsapp_accounts.id and d.day = (now() at time zone ${timeZone})::date)`,
      })
      .from(whatsappAccounts)
      .where(and(...conditions))
      .orderBy(asc(whatsappAccounts.id))
      .limit(MAX_CAMPAIGNS);
  },

  /** The active templates, with what their review and pacing notices need (a handful of rows). */
  activeTemplates: (db: Db) =>
    db
      .select({
        id: messageTemplates.id,
        textWa: messageTemplates.textWa,
        ...templateStandingColumns,
      })
      .from(messageTemplates)
      .where(eq(messageTemplates.status, 'active'))
      .orderBy(asc(messageTemplates.id)),

  /** Targets any blast may still claim: the same predicate (and partial index) as the claim. */
  async poolLeft(db: Db, settings: Pick<Setting, 'require_consent'>) {
    const [row] = await queryRows<{ left: string }>(
      db,
      sql`select count(*) as left from phone_numbers where ${claimablePhones(settings)}`,
    );
    return Number(row?.left ?? 0);
  },
};
