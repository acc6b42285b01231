import { inArray, sql } from 'drizzle-orm';
import { MSG, renderVariables, TEMPLATE_PACING_DEFAULTS, type Recipient } from '@blaster/contract';
import { queryRows } from '../../db';
import { messageLogs, messageTemplates, phoneNumbers } from '../../db/schema';
import type { AccountRow } from '../../domain/accounts';
import { isHold, reserveSends, type Hold } from '../../domain/governance';
import { segmentWhere, storedSegmentFilter } from '../../domain/segment-filter';
import type { Tx } from '../../ledger/ledger';
import { permitClaimedRound } from '../../policy/blast-round';
import type { ActiveTemplate, BlastConfig } from '../blast-config';
import {
  assignVariants,
  finishAbTest,
  heldVariants,
  planAbTest,
  roundSize,
  startWaiting,
  type AbTestPlan,
} from './ab-test';
import { claimablePhones } from '../claimable';
import type { Claimed, Unsent } from './source';

/**
 * Fills a text's variables for one target (its name, number and fields), in the round's batch: the
 * claim has read the fields with the numbers, so rendering costs no statement per send.
 */
export const fillTemplate = (text: string, target: Recipient) => renderVariables(text, target);

/** How long until a recipient may get another message from the account (the network's pair rate). */
export type RecipientWait = (number: string) => number;

/** A template's text with the message's own short links in it (lib/short-links.ts): string work only. */
export type RenderLinks = (text: string, logId: number) => string;

/**
 * Claims the next `size` numbers still to send, marks them in use and writes their pending logs, in
 * the caller's transaction (under the lease), before anything leaves. A number the account messaged
 * too recently for the network's pair rate goes back to the list for a later round.
 */
export async function claimRound(
  tx: Tx,
  account: AccountRow,
  size: number,
  config: BlastConfig,
  options: { timeZone: string; recipientWait: RecipientWait; renderLinks: RenderLinks; networkNow: number },
): Promise<Claimed[] | Hold> {
  const { timeZone, recipientWait, renderLinks } = options;
  const firstBatch = config.settings.template_first_batch ?? TEMPLATE_PACING_DEFAULTS.template_first_batch;
  const abTest = await planAbTest(tx, account.id, options.networkNow, firstBatch);
  if (isHold(abTest)) return abTest;
  // Held variants wait for their first batch's feedback, which the loop reads like its rotation's.
  if (abTest) for (const variant of heldVariants(abTest)) config.batchFull(variant.template.id);
  const wanted = abTest ? roundSize(abTest, size) : size;
  if (abTest && wanted === 0) return batchHeld;
  // The fields travel only when a template reads one: a round without variables reads what it did.
  const withFields = config.readsFields || (abTest?.readsFields ?? false);
  const picked = await queryRows<{ id: number; number: string; name: string; fields?: unknown }>(
    tx,
    sql`with picked as (
          select id from ${phoneNumbers}
          where ${claimablePhones(config.settings)}${audienceOf(account)}
          order by id limit ${wanted} for update skip locked)
        update ${phoneNumbers} p set in_use = 1 from picked where p.id = picked.id
        returning p.id, p.number, p.name${withFields ? sql`, p.fields` : sql``}`,
  );
  if (picked.length === 0) return abTest ? audienceSpent(tx, abTest, options.networkNow) : [];
  const waiting = await leaveOutWaitingRecipients(tx, picked, recipientWait);
  if (!Array.isArray(waiting)) return waiting;
  waiting.sort((a, b) => a.id - b.id);
  const picks = abTest
    ? {
        picks:
          'sample' in abTest
            ? assignVariants(waiting, abTest.sample)
            : waiting.map((phone) => ({ phone, template: abTest.winner.template })),
        unpicked: [],
      }
    : rotate(waiting, config);
  const paced = await withinTrialBatches(tx, picks, config, firstBatch, options.networkNow);
  if (!Array.isArray(paced)) return paced;
  const phones = paced.map((entry) => entry.phone);
  const templates = paced.map((entry) => entry.template);
  const logOf = await writePendingLogs(
    tx,
    account,
    phones.map((phone, i) => ({ phoneId: phone.id, target: phone.number, templateId: templates[i]!.id })),
  );
  // The budgets come last: the platform's minute is one row every account's claim takes from, and
  // its lock is held from here to the commit.
  const allowed = await reserveSends(tx, account.id, phones.length, config.settings, timeZone);
  const overBudget = phones.splice(isHold(allowed) ? 0 : allowed);
  if (overBudget.length > 0)
    await releaseUnsent(
      tx,
      overBudget.map((phone) => ({ logId: logOf.get(phone.id)!, phoneId: phone.id })),
    );
  if (isHold(allowed)) return allowed;
  // Links first, variables after: a name or field that looks like a web address is not taken for
  // one of the template's links, whose indexes the redirect reads from the template.
  const claimed = phones.map((phone, i) => ({
    logId: logOf.get(phone.id)!,
    phoneId: phone.id,
    number: phone.number,
    name: phone.name,
    templateId: templates[i]!.id,
    text: fillTemplate(renderLinks(templates[i]!.text, logOf.get(phone.id)!), {
      name: phone.name,
      number: phone.number,
      fields: fieldsOf(phone.fields),
    }),
  }));
  const permits = permitClaimedRound(account.clientid, claimed);
  return claimed.map((target, i) => ({ ...target, permit: permits[i]! }));
}

/**
 * No number of the audience is left to claim for the test: a sample cut short by a small audience
 * is waited for as a full one; after the winner went out, the test is over with the blast.
 */
async function audienceSpent(tx: Tx, abTest: AbTestPlan, networkNow: number) {
  if ('sample' in abTest) return startWaiting(tx, abTest.test, networkNow);
  await finishAbTest(tx, abTest.test);
  return [];
}

/**
 * The blast's audience as more of the claim's condition: the segment filter stored on the account's
 * row when the blast started, so every instance running the blast claims from the same numbers.
 */
function audienceOf(account: AccountRow) {
  const filter = storedSegmentFilter(account.blastSegmentFilter);
  return filter ? sql` and ${segmentWhere(filter)}` : sql``;
}

/** A number's fields as the driver gave them (jsonb: parsed, or text on a driver that leaves it). */
function fieldsOf(fields: unknown): Record<string, unknown> | null {
  if (typeof fields === 'string') return JSON.parse(fields) as Record<string, unknown>;
  return fields && typeof fields === 'object' ? (fields as Record<string, unknown>) : null;
}

/** A loop held for a batch's feedback looks again this often at the latest (the clock moving wakes it). */
const TEMPLATE_HOLD_MS = 60_000;

/** Nothing may be sent before a first batch's feedback is in. */
const batchHeld: Hold = { hold: true, reason: MSG.templateBatchHeld, retryMs: TEMPLATE_HOLD_MS };

/** Numbers given their templates, and those that got none. */
interface Picks<T> {
  picks: { phone: T; template: ActiveTemplate }[];
  unpicked: number[];
}

/** Gives each number its template in rotation; none when every template waits for its batch's feedback. */
function rotate<T extends { id: number }>(phones: T[], config: BlastConfig): Picks<T> {
  const picks: { phone: T; template: ActiveTemplate }[] = [];
  const unpicked: number[] = [];
  for (const phone of phones) {
    const template = config.nextTemplate();
    if (template) picks.push({ phone, template });
    else unpicked.push(phone.id);
  }
  return { picks, unpicked };
}

/**
 * Keeps a trial template's picks within its first batch, taken in the database (every instance's
 * claims count, the rotation's and an A/B test's alike); numbers beyond the batch, and those given no
 * template, go back to the list. A hold when none is left to send.
 */
async function withinTrialBatches<T extends { id: number }>(
  tx: Tx,
  { picks, unpicked }: Picks<T>,
  config: BlastConfig,
  size: number,
  networkNow: number,
): Promise<{ phone: T; template: ActiveTemplate }[] | Hold> {
  const wanted = new Map<number, number>();
  for (const { template } of picks)
    if (template.trial) wanted.set(template.id, (wanted.get(template.id) ?? 0) + 1);
  const granted = await takeFromBatches(tx, wanted, size, networkNow);
  const kept = picks.filter(({ phone, template }) => {
    if (!template.trial) return true;
    const left = granted.get(template.id) ?? 0;
    if (left > 0) {
      granted.set(template.id, left - 1);
      return true;
    }
    config.batchFull(template.id);
    unpicked.push(phone.id);
    return false;
  });
  if (unpicked.length > 0) await returnToList(tx, unpicked);
  if (kept.length > 0) return kept;
  return batchHeld;
}

/**
 * Takes up to `wanted` targets from each trial template's first batch, the rows held to the commit;
 * the claim that fills a batch dates its last send on the network's clock. A template no longer in
 * trial gives what is wanted when released, nothing when paused.
 */
async function takeFromBatches(tx: Tx, wanted: Map<number, number>, size: number, networkNow: number) {
  if (wanted.size === 0) return new Map<number, number>();
  const rows = await queryRows<{ id: number; granted: number }>(
    tx,
    sql`with wanted(id, n) as (
          select * from unnest(${sql.param([...wanted.keys()])}::int[], ${sql.param([...wanted.values()])}::int[])),
        held as materialized (
          select t.id, t.batch_claimed, t.pacing from ${messageTemplates} t
          where t.id in (select id from wanted) order by t.id for update),
        granted as (
          select h.id, h.batch_claimed, case
            when h.pacing = 'trial' then least(w.n, greatest(0, ${size}::int - h.batch_claimed))
            when h.pacing = 'released' then w.n else 0 end as granted
          from held h join wanted w on w.id = h.id),
        taken as (
          update ${messageTemplates} t
          set batch_claimed = g.batch_claimed + g.granted,
              batch_last_sent_at = case when g.batch_claimed + g.granted >= ${size}::int and g.granted > 0
                then to_timestamp(${networkNow / 1000}::double precision) else t.batch_last_sent_at end
          from granted g where t.id = g.id and t.pacing = 'trial'
          returning t.id)
        select id, granted::int as granted from granted`,
  );
  return new Map(rows.map((row) => [Number(row.id), Number(row.granted)]));
}

/** Numbers claimed but not sent this round: free for the next claim, of this blast or another. */
const returnToList = (tx: Tx, phoneIds: number[]) =>
  tx.update(phoneNumbers).set({ inUse: 0 }).where(inArray(phoneNumbers.id, phoneIds));

/**
 * The picked numbers the pair rate lets the account message now; the others are back on the list at
 * once. A hold when none may be messaged yet, for as long as the first of them still has to wait.
 */
async function leaveOutWaitingRecipients<T extends { id: number; number: string }>(
  tx: Tx,
  picked: T[],
  recipientWait: RecipientWait,
): Promise<T[] | Hold> {
  const waits = picked.map((phone) => recipientWait(phone.number));
  if (waits.every((wait) => wait === 0)) return picked;
  await returnToList(
    tx,
    picked.filter((_, i) => waits[i]! > 0).map((phone) => phone.id),
  );
  const ready = picked.filter((_, i) => waits[i] === 0);
  if (ready.length > 0) return ready;
  return { hold: true, reason: MSG.governedPairRate, retryMs: Math.min(...waits) };
}

/** Writes the round's pending logs; answers each number's log id. */
async function writePendingLogs(
  tx: Tx,
  account: AccountRow,
  rows: { phoneId: number; target: string; templateId: number }[],
) {
  // Each column as one array parameter: a round's rows cost the query builder nothing per row.
  const logs = await queryRows<{ id: string | number; phone_number_id: number }>(
    tx,
    sql`insert into ${messageLogs} (user_id, whatsapp_id, phone_number_id, target, status, template_id)
        select ${account.userId}::int, ${account.id}::int, v.phone_id, v.target, 'pending', v.template_id
        from unnest(
          ${sql.param(rows.map((row) => row.phoneId))}::int[],
          ${sql.param(rows.map((row) => row.target))}::text[],
          ${sql.param(rows.map((row) => row.templateId))}::int[]
        ) v(phone_id, target, template_id)
        returning id, phone_number_id`,
  );
  return new Map(logs.map((log) => [Number(log.phone_number_id), Number(log.id)]));
}

/**
 * Claimed targets that never left: their logs (pending, as the caller has made sure) go and their
 * numbers return to the list.
 */
export async function releaseUnsent(tx: Tx, unsent: Unsent[]) {
  await tx.delete(messageLogs).where(
    inArray(
      messageLogs.id,
      unsent.map((target) => target.logId),
    ),
  );
  await returnToList(
    tx,
    unsent.flatMap((target) => (target.phoneId === null ? [] : [target.phoneId])),
  );
}
