import { sql, type SQL } from 'drizzle-orm';
import type { SegmentStage } from '@blaster/contract';
import { queryRows } from '../db';
import type { Executor } from '../ledger/ledger';

/*
 * What a number's history keeps on its row for segments to read by index: the stage of the last
 * message settled to it, and whether it ever wrote in. The writers keep both as they go; the functions
 * at the end write them from the log and the inbox, and tell where what is kept differs.
 */

/**
 * How far a settled message log got, furthest first, read from the row (or the row being written)
 * `log` names: what a number's `last_stage` holds. `failed` overrides the rest: the status is
 * whatever the caller says it is (a settle writes it after the number).
 */
export function stageOf(log: SQL, status: SQL = sql`${log}.status`) {
  return sql`case
      when ${status} = 'fail' then 'failed'
      when ${log}.replied_at is not null then 'replied'
      when ${log}.read_at is not null then 'read'
      when ${log}.delivered_at is not null then 'delivered'
      else 'sent'
    end`;
}

/**
 * The `staged as (...)` statement that moves on the numbers whose last settled message is among the
 * rows `changed` names (with `id`, `phone_number_id`, `status` and the stage columns): an
 * acknowledgement or a reply to an older message leaves the number as it is, and a message still
 * pending is staged by its settle.
 */
export function stageNumbersOf(changed: string) {
  const row = sql.raw(changed);
  return sql`staged as (
      update phone_numbers p set last_stage = ${stageOf(row)}
      from ${row}
      where p.id = ${row}.phone_number_id and p.last_log_id = ${row}.id and ${row}.status <> 'pending'
        and p.last_stage is distinct from ${stageOf(row)})`;
}

/**
 * Every number's last stage as the log tells it now: the settled message with the highest id. What
 * the writers keep must equal it (a test compares the two); the bench seeds its logs, then writes it.
 */
export function lastStagesFromLogs() {
  return sql`select distinct on (phone_number_id) phone_number_id, id, ${stageOf(sql.raw('message_logs'))} as stage
      from message_logs
      where status <> 'pending' and phone_number_id is not null
      order by phone_number_id, id desc`;
}

/** Writes every number's last stage from the log, set-based (the bench after seeding its logs). */
export async function rebuildLastStages(db: Executor) {
  await db.execute(sql`update phone_numbers p set last_log_id = l.id, last_stage = l.stage
      from (${lastStagesFromLogs()}) l
      where p.id = l.phone_number_id`);
}

/** The numbers whose kept last stage differs from the log's, with both (empty when exact). */
export async function lastStageDifferences(db: Executor) {
  return queryRows<{ id: number; kept: SegmentStage | null; logged: SegmentStage | null }>(
    db,
    sql`select p.id, p.last_stage as kept, l.stage as logged
        from phone_numbers p left join (${lastStagesFromLogs()}) l on l.phone_number_id = p.id
        where p.last_stage is distinct from l.stage or p.last_log_id is distinct from l.id
        order by p.id`,
  );
}

/** Marks every number that ever wrote in, from the inbox, set-based (the bench after seeding it). */
export async function rebuildWroteIn(db: Executor) {
  await db.execute(sql`update phone_numbers p set wrote_in = true
      from (select distinct counterpart from inbox_messages where direction = 'in') m
      where p.number = m.counterpart collate "C" and not p.wrote_in`);
}

/** The numbers whose "wrote in" mark differs from the inbox (empty when exact). */
export async function wroteInDifferences(db: Executor) {
  return queryRows<{ id: number; kept: boolean }>(
    db,
    sql`select p.id, p.wrote_in as kept from phone_numbers p
        where p.wrote_in is distinct from exists (
          select 1 from inbox_messages m where m.counterpart = p.number collate "default" and m.direction = 'in')
        order by p.id`,
  );
}
