import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { AB_TEST_RUNNING, htmlToWa, MSG, readsFields, type AbTestMetric } from '@blaster/contract';
import { queryRows } from '../../db';
import { abTests, abTestVariants, messageLogs, messageTemplates } from '../../db/schema';
import { countSample, pickWinner, rateOf } from '../../domain/ab-tests';
import { pacingState, sendableTemplate } from '../../domain/templates';
import type { Hold } from '../../domain/governance';
import type { Tx } from '../../ledger/ledger';
import type { ActiveTemplate } from '../blast-config';

type RunningTest = typeof abTests.$inferSelect;

/**
 * What the account's A/B test has this round's claim do: send variants, each up to what its sample
 * still lacks, or send the winner; a hold while the samples' recipients have time to react.
 */
export type AbTestPlan =
  | { test: RunningTest; sample: SampleVariant[]; readsFields: boolean }
  | { test: RunningTest; winner: VariantTemplate; readsFields: boolean };

/**
 * A variant's template as a claim sends it. Held: on trial with its first batch full, it waits for
 * the batch's feedback like any template in the blast's rotation.
 */
export interface VariantTemplate {
  template: ActiveTemplate;
  held: boolean;
}

export interface SampleVariant extends VariantTemplate {
  /** Sends its sample still lacks. */
  left: number;
}

/**
 * The account's running test (its row locked to the commit) and this round's part in it; null when
 * the account runs none. A test whose wait is over is decided here, in the claim's transaction.
 */
export async function planAbTest(
  tx: Tx,
  accountId: number,
  networkNow: number,
  firstBatch: number,
): Promise<AbTestPlan | Hold | null> {
  const [test] = await tx
    .select()
    .from(abTests)
    .where(and(eq(abTests.whatsappId, accountId), inArray(abTests.status, AB_TEST_RUNNING)))
    .for('update');
  if (!test) return null;
  const variants = await sendableVariants(tx, test.id, firstBatch);
  const fields = variants.some((variant) => readsFields(variant.template.text));
  if (test.status === 'sampling') {
    const counts = await countSample(tx, test);
    // A variant whose template was deleted, switched off, rejected or paused sends no more of its sample.
    const sample = counts.flatMap((count) => {
      const variant = variants.find((candidate) => candidate.template.id === count.templateId);
      return variant ? [{ ...variant, left: Math.max(0, test.sampleSize - count.taken) }] : [];
    });
    if (sample.some((variant) => variant.left > 0)) return { test, sample, readsFields: fields };
    return startWaiting(tx, test, networkNow);
  }
  if (test.status === 'waiting') {
    const dueAt = test.waitingSince!.getTime() + test.waitMinutes * 60_000;
    if (networkNow < dueAt) return waitingHold(dueAt - networkNow);
    test.winnerTemplateId = await decide(tx, test, networkNow, variants);
  }
  const winner = variants.find((variant) => variant.template.id === test.winnerTemplateId);
  // The winner may no longer be sent (deleted, switched off, paused): the rest gets the blast's usual
  // rotation, which sends only what may be sent.
  if (!winner) return null;
  return { test, winner, readsFields: fields };
}

/**
 * The test's templates the blast's rotation would send now (active, approved, not paused), in their
 * chat form, each with its trial pacing.
 */
async function sendableVariants(tx: Tx, testId: number, firstBatch: number): Promise<VariantTemplate[]> {
  const rows = await tx
    .select({
      id: messageTemplates.id,
      text: messageTemplates.text,
      textWa: messageTemplates.textWa,
      pacing: messageTemplates.pacing,
      batchClaimed: messageTemplates.batchClaimed,
    })
    .from(abTestVariants)
    .innerJoin(messageTemplates, eq(messageTemplates.id, abTestVariants.templateId))
    .where(and(eq(abTestVariants.abTestId, testId), sendableTemplate))
    .orderBy(asc(abTestVariants.position));
  return rows.map((row) => ({
    template: { id: row.id, text: row.textWa || htmlToWa(row.text), trial: row.pacing === 'trial' },
    held: pacingState(row, firstBatch) === 'held',
  }));
}

const waitingHold = (retryMs: number): Hold => ({ hold: true, reason: MSG.abTestWaiting, retryMs });

/**
 * Every sample is out (or the audience ran out first): the sample ends at the account's last log,
 * and the wait starts now on the network's clock.
 */
export async function startWaiting(tx: Tx, test: RunningTest, networkNow: number) {
  const [last] = await queryRows<{ id: number | string | null }>(
    tx,
    sql`select max(id) as id from ${messageLogs} where whatsapp_id = ${test.whatsappId}::int and id > ${test.fromLogId}`,
  );
  await tx
    .update(abTests)
    .set({
      status: 'waiting',
      sampledUntilLogId: Number(last?.id ?? test.fromLogId),
      waitingSince: new Date(networkNow),
    })
    .where(eq(abTests.id, test.id));
  return waitingHold(test.waitMinutes * 60_000);
}

/**
 * Picks the winner from the sample's reactions, among the variants that may still be sent, and keeps
 * the numbers behind it (of every variant).
 */
async function decide(tx: Tx, test: RunningTest, networkNow: number, variants: VariantTemplate[]) {
  const counts = await countSample(tx, test);
  const candidates = counts.filter((count) =>
    variants.some((variant) => variant.template.id === count.templateId),
  );
  const winner = pickWinner(test.metric as AbTestMetric, candidates);
  await tx
    .update(abTests)
    .set({
      status: 'decided',
      winnerTemplateId: winner?.templateId ?? null,
      decidedAt: new Date(networkNow),
      result: counts.map((count) => ({ ...count, rate: rateOf(test.metric as AbTestMetric, count) })),
    })
    .where(eq(abTests.id, test.id));
  return winner?.templateId ?? null;
}

/** The blast reached the end of its audience after the winner went out: the test is over. */
export async function finishAbTest(tx: Tx, test: RunningTest) {
  await tx.update(abTests).set({ status: 'finished' }).where(eq(abTests.id, test.id));
}

/** The variants the round waits for: held for their first batch's feedback with sends still to make. */
export function heldVariants(plan: AbTestPlan): VariantTemplate[] {
  if ('winner' in plan) return plan.winner.held ? [plan.winner] : [];
  return plan.sample.filter((variant) => variant.held && variant.left > 0);
}

/**
 * How many numbers the round may claim for the test, at most `size`: what the samples not held lack
 * together, or the round's size for a winner not held; 0 when everything waits for feedback.
 */
export function roundSize(plan: AbTestPlan, size: number) {
  if ('winner' in plan) return plan.winner.held ? 0 : size;
  return Math.min(
    size,
    plan.sample.reduce((sum, variant) => sum + (variant.held ? 0 : variant.left), 0),
  );
}

/**
 * Gives each number a variant whose sample still lacks most (the first given on a tie), so the
 * samples fill in turn; a held variant gets none. The caller claimed no more numbers than
 * `roundSize`.
 */
export function assignVariants<T>(phones: T[], sample: SampleVariant[]) {
  const left = sample.map((variant) => (variant.held ? 0 : variant.left));
  return phones.map((phone) => {
    let pick = 0;
    for (let i = 1; i < left.length; i += 1) if (left[i]! > left[pick]!) pick = i;
    left[pick]! -= 1;
    return { phone, template: sample[pick]!.template };
  });
}
