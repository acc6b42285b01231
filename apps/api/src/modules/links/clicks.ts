import { sql } from 'drizzle-orm';
import { htmlToWa } from '@blaster/contract';
import { queryRows } from '../../db';
import { linkClicks, messageLogs, messageTemplates } from '../../db/schema';
import type { Executor } from '../../ledger/ledger';
import { urlsOf, type DecodedLink } from '../../lib/short-links';

/**
 * Where a short link goes: the N-th address of the template the message was sent from (never anything
 * from the request, so the redirect cannot be pointed elsewhere). Null when the message or that link
 * is gone.
 */
export async function clickTarget(db: Executor, link: DecodedLink): Promise<string | null> {
  const [message] = await queryRows<{ text_wa: string; text: string }>(
    db,
    sql`select t.text_wa, t.text from ${messageLogs} m join ${messageTemplates} t on t.id = m.template_id
        where m.id = ${link.logId}`,
  );
  // The text the blast sent (jobs/blast-config.ts): the chat text, else the editor's converted.
  return (message ? urlsOf(message.text_wa || htmlToWa(message.text))[link.index] : undefined) ?? null;
}

/** A recipient opened a short link: written once per message and link. Answers where it goes. */
export async function recordClick(db: Executor, link: DecodedLink, at: Date): Promise<string | null> {
  const url = await clickTarget(db, link);
  if (!url) return null;
  await db
    .insert(linkClicks)
    .values({ messageLogId: link.logId, linkIndex: link.index, clickedAt: at })
    .onConflictDoNothing();
  return url;
}

/** The number an opt-out link was sent to, and the account that sent it; null when the message is gone. */
export async function messageOfOptOut(db: Executor, logId: number) {
  const [row] = await queryRows<{ target: string; whatsapp_id: number }>(
    db,
    sql`select target, whatsapp_id from ${messageLogs} where id = ${logId}`,
  );
  return row ?? null;
}
