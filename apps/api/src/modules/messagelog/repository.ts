import { and, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db';
import { messageLogs } from '../../db/schema';

/** The message log's counts: every statement the messagelog module runs. */
export const messageLogRepository = {
  /** Successful and failed sends of one user (null: everyone's), since a time if given. */
  async successAndFail(db: Db, { userId, since }: { userId: number | null; since?: SQL }) {
    const [row] = await db
      .select({
        success: sql<string>`count(*) filter (where ${messageLogs.status} = 'success')`,
        fail: sql<string>`count(*) filter (where ${messageLogs.status} = 'fail')`,
      })
      .from(messageLogs)
      .where(
        and(
          userId === null ? undefined : eq(messageLogs.userId, userId),
          since ? gte(messageLogs.createdAt, since) : undefined,
        ),
      );
    return { success: Number(row?.success ?? 0), fail: Number(row?.fail ?? 0) };
  },
};
