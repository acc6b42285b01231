import type { AuditAction, AuditEntry, AuditTargetType, Role } from '@blaster/contract';
import type { Db } from '../../db';
import type { Executor, Tx } from '../../ledger/ledger';
import { auditRepository as audit, type AuditFilter } from './repository';

type Values = Record<string, unknown>;

export interface AuditRecord {
  /** Who acted (the signed-in user); null for the system itself. */
  actor: { id: number; role: string } | null;
  action: AuditAction;
  target: { type: AuditTargetType; id: number | string | null };
  /** The state before the change (null for a creation) and after it (null for a deletion). */
  before?: Values | null;
  after?: Values | null;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Of two snapshots, only the fields whose value differs, on both sides. */
function changedFields(before: Values, after: Values): [Values, Values] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (key) => !same(before[key], after[key]),
  );
  const pick = (values: Values) =>
    Object.fromEntries(keys.filter((key) => key in values).map((key) => [key, values[key] ?? null]));
  return [pick(before), pick(after)];
}

/**
 * One entry for an action on many numbers at once (a bulk delete, suppress or removal), naming them in
 * order: `before` the numbers that went, `after` those that came; nothing when no number changed.
 */
export async function recordOnNumbers(
  executor: Executor,
  context: { config: { instanceId: string } },
  actor: AuditRecord['actor'],
  action: AuditAction,
  targetType: AuditTargetType,
  change: { before: string[] } | { after: string[] },
): Promise<void> {
  const [side, numbers] = 'before' in change ? ['before', change.before] : ['after', change.after];
  if (numbers.length === 0) return;
  await recordAudit(executor, context, {
    actor,
    action,
    target: { type: targetType, id: null },
    [side]: { numbers: [...numbers].sort() },
  });
}

/**
 * Appends one audit entry. Call it with the transaction that makes the change, so the entry
 * commits exactly when the change does. Given both snapshots, only the changed fields are kept,
 * and a change that changed nothing records nothing.
 */
export async function recordAudit(
  executor: Executor,
  context: { config: { instanceId: string } },
  record: AuditRecord,
): Promise<void> {
  let before = record.before ?? null;
  let after = record.after ?? null;
  if (before && after) {
    [before, after] = changedFields(before, after);
    if (Object.keys(before).length === 0 && Object.keys(after).length === 0) return;
  }
  await audit.insert(executor, {
    actorId: record.actor?.id ?? null,
    actorRole: record.actor?.role ?? null,
    action: record.action,
    targetType: record.target.type,
    targetId: record.target.id === null ? null : String(record.target.id),
    before,
    after,
    instance: context.config.instanceId,
  });
}

/** One page of the trail, newest first, each entry with its actor's and target's names as they are now. */
export async function auditPage(ctx: { db: Db }, query: AuditFilter) {
  const { rows, meta } = await audit.page(ctx.db, query);
  const data = rows.map(({ entry, actorName, targetName }): AuditEntry => ({
    id: entry.id,
    createdAt: entry.createdAt.toISOString(),
    actor:
      entry.actorId === null
        ? null
        : { id: entry.actorId, role: entry.actorRole as Role | null, name: actorName },
    action: entry.action as AuditAction,
    target: { type: entry.targetType as AuditTargetType, id: entry.targetId, name: targetName },
    before: entry.before ?? null,
    after: entry.after ?? null,
    instance: entry.instance,
  }));
  return { data, meta };
}

/**
 * Inserts a row and its creation's audit entry (the row as `audited` shows it, after) in one
 * transaction, so the entry commits exactly when the row does. Answers the row.
 */
export async function createAudited<Row extends { id: number }>(
  context: { db: Db; config: { instanceId: string } },
  actor: AuditRecord['actor'],
  creation: {
    action: AuditAction;
    type: AuditTargetType;
    insert: (tx: Tx) => Promise<Row>;
    audited: (row: Row) => Values;
  },
): Promise<Row> {
  return context.db.transaction(async (tx) => {
    const created = await creation.insert(tx);
    await recordAudit(tx, context, {
      actor,
      action: creation.action,
      target: { type: creation.type, id: created.id },
      after: creation.audited(created),
    });
    return created;
  });
}

/**
 * Changes a row under its lock and audits it (the row as `audited` shows it, before and after) in one
 * transaction; a row that is not there is answered with `missing()`. Answers the changed row.
 */
export async function updateAudited<Row>(
  context: { db: Db; config: { instanceId: string } },
  actor: AuditRecord['actor'],
  change: {
    action: AuditAction;
    target: { type: AuditTargetType; id: number };
    lock: (tx: Tx) => Promise<Row | undefined | null>;
    missing: () => Error;
    update: (tx: Tx) => Promise<Row | undefined | null>;
    audited: (row: Row) => Values;
  },
): Promise<Row> {
  return context.db.transaction(async (tx) => {
    const current = await change.lock(tx);
    if (!current) throw change.missing();
    const updated = (await change.update(tx))!;
    await recordAudit(tx, context, {
      actor,
      action: change.action,
      target: change.target,
      before: change.audited(current),
      after: change.audited(updated),
    });
    return updated;
  });
}
