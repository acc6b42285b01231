import { and, eq, gte, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db';
import { platformSums } from '../../db/platform-sums';
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
   * Successful and failed sends of one user (null: everyone's) since a time, counted in the log: the
   * start of a day in a zone whose offset is not whole hours falls inside an hourly sum.
   */
  async successAndFail(db: Db, { userId, since }: { userId: number | null; since: SQL }) {
    const [row] = await db
      .select({
        success: sql<string>`count(*) filter (where ${messageLogs.status} = 'success')`,
        fail: sql<string>`count(*) filter (where ${messageLogs.status} = 'fail')`,
      })
      .from(messageLogs)
      .where(
        and(userId === null ? undefined : eq(messageLogs.userId, userId), gte(messageLogs.createdAt, since)),
      );
    return { success: Number(row?.success ?? 0), fail: Number(row?.fail ?? 0) };
  },
};
