import { and, eq, gte, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db';
import { platformSums } from '../../db/platform-sums';
import { firstWholeHourFrom } from '../../db/rollups';
import { messageLogHourly, messageLogs } from '../../db/schema';

/** The message log's counts: every statement the messagelog module runs. */
export const messageLogRepository = {
  /**
   * Successful and failed sends of one user (null: everyone's) since the log began, from the hourly
   * sums (message_log_hourly, or the platform's one row an hour for everyone's), which the triggers
   * keep equal to the log and a retention prune leaves as they are: a year of logs is a few hundred
   * thousand sums, not millions of rows to count.
   */
  async successAndFailEver(db: Db, userId: number | null) {
    const [row] =
      userId === null
        ? await queryRows<{ success: string; fail: string }>(
            db,
            sql`select coalesce(sum(success), 0) as success, coalesce(sum(fail), 0) as fail from ${platformSums} p`,
          )
        : await db
            .select({
              success: sql<string>`coalesce(sum(${messageLogHourly.success}), 0)`,
              fail: sql<string>`coalesce(sum(${messageLogHourly.fail}), 0)`,
            })
            .from(messageLogHourly)
            .where(eq(messageLogHourly.userId, userId));
    return { success: Number(row?.success ?? 0), fail: Number(row?.fail ?? 0) };
  },

  /**
   * Successful and failed sends of one user (null: everyone's) since a time: the hourly sums for
   * every whole hour after it, the log itself only for the part of an hour before the first whole
   * one (none when the time is on the hour, as the start of a day is in every zone whose offset is
   * whole hours). Today's counts are then a day's sums, not a scan of the day's log.
   */
  async successAndFail(db: Db, { userId, since }: { userId: number | null; since: SQL }) {
    const firstWholeHour = firstWholeHourFrom(since);
    const wholeHours =
      userId === null
        ? sql`select sum(success) as success, sum(fail) as fail from ${platformSums} p
            where p.hour >= ${firstWholeHour}`
        : sql`select sum(${messageLogHourly.success}) as success, sum(${messageLogHourly.fail}) as fail
            from ${messageLogHourly}
            where ${messageLogHourly.userId} = ${userId} and ${messageLogHourly.hour} >= ${firstWholeHour}`;
    const logged = and(
      userId === null ? undefined : eq(messageLogs.userId, userId),
      gte(messageLogs.createdAt, since),
      sql`${messageLogs.createdAt} < ${firstWholeHour}`,
    );
    const [row] = await queryRows<{ success: string | number; fail: string | number }>(
      db,
      sql`select coalesce(w.success, 0) + part.success as success, coalesce(w.fail, 0) + part.fail as fail
        from (${wholeHours}) w,
          (select count(*) filter (where ${messageLogs.status} = 'success') as success,
             count(*) filter (where ${messageLogs.status} = 'fail') as fail
           from ${messageLogs} where ${logged}) part`,
    );
    return { success: Number(row?.success ?? 0), fail: Number(row?.fail ?? 0) };
  },
};
