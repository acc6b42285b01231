import type { Executor } from '../ledger/ledger';
import type { ACCOUNT_EVENT_KINDS } from '../db/schema';
import { accountEvents } from '../db/schema';

/** One line of a chat account's history (the sender-health page reads them). */
export async function recordAccountEvent(
  db: Executor,
  whatsappId: number,
  kind: (typeof ACCOUNT_EVENT_KINDS)[number],
  detail: string | null = null,
) {
  await db.insert(accountEvents).values({ whatsappId, kind, detail });
}
