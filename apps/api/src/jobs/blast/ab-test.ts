import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { htmlToWa, MSG, readsFields, type AbTestMetric } from '@blaster/contract';
import { queryRows } from '../../db';
import { abTests, abTestVariants, messageLogs, messageTemplates } from '../../db/schema';
import { countSample, pickWinner, rateOf } from '../../domain/ab-tests';
import type { Hold } from '../../domain/governance';
import type { Tx } from '../../ledger/ledger';
import type { ActiveTemplate } from '../blast-config';

type RunningTest = typeof abTests.$inferSelect;

/**
 * What the account's A/B test has this round's claim do: send variants, each up to what its sample
 * still lacks, or send the winner; a hold while the samples' recipients have time to react.
 */
export type AbTestPlan =
  | { test: RunningTest; sample: { template: ActiveTemplate; left: number }[]; readsFields: boolean }
  | { test: RunningTest; winner: ActiveTemplate; readsFields: boolean };

/**
 * The account's running test (its row locked to the commit) and this round's part in it; null when
 * the account runs none. A test whose wait is over is decided here, in the claim's transaction.
 */
export async function planAbTest(
  tx: Tx,
  accountId: number,
  networkNow: number,
): Promise<AbTestPlan | Hold | null> {
  const [test] = await tx
    .select()
    .from(abTests)
    .where(
      and(eq(abTests.whatsappId, accountId), inArray(abTests.status, ['sampling', 'waiting', 'decided'])),
    )
    .for('update');
  if (!test) return null;
  const templates = await variantTemplates(tx, test.id);
  const fields = templates.some((template) => readsFields(template.text));
  if (test.status === 'sampling') {
    const counts = await countSample(tx, test);
    // A variant whose template was deleted meanwhile sends no more of its sample.
    const sample = counts.flatMap((count) => {
      const template = templates.find((candidate) => candidate.id === count.templateId);
      return template ? [{ template, left: Math.max(0, test.sampleSize - count.taken) }] : [];
    });
    if (sample.some((variant) => variant.left > 0)) return { test, sample, readsFields: fields };
    return startWaiting(tx, test, networkNow);
  }
  if (test.status === 'waiting') {
    const dueAt = test.waitingSince!.getTime() + test.waitMinutes * 60_000;
    if (networkNow < dueAt) return waitingHold(dueAt - networkNow);
    test.winnerTemplateId = await decide(tx, test, networkNow);
  }
  const winner = templates.find((template) => template.id === test.winnerTemplateId);
  // The winner went (deleted, or its text emptied): the rest gets the blast's usual rotation.
  if (!winner) return null;
  return { test, winner, readsFields: fields };
}

/** The test's templates in their chat form, as the blast's rotation would send them. */
async function variantTemplates(tx: Tx, testId: number): Promise<ActiveTemplate[]> {
  const rows = await tx
    .select({ id: messageTemplates.id, text: messageTemplates.text, textWa: messageTemplates.textWa })
    .from(abTestVariants)
    .innerJoin(messageTemplates, eq(messageTemplates.id, abTestVariants.templateId))
    .where(eq(abTestVariants.abTestId, testId))
    .orderBy(asc(abTestVariants.position));
  return rows.map((row) => ({ id: row.id, text: row.textWa || htmlToWa(row.text), trial: false }));
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

/** Picks the winner from the sample's reactions and keeps the numbers behind it. */
async function decide(tx: Tx, test: RunningTest, networkNow: number) {
  const counts = await countSample(tx, test);
  const winner = pickWinner(test.metric as AbTestMetric, counts);
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

/**
 * Gives each number a variant whose sample still lacks most (the first given on a tie), so the
 * samples fill in turn; the caller claimed no more numbers than the samples lack together.
 */
export function assignVariants<T>(phones: T[], sample: { template: ActiveTemplate; left: number }[]) {
  const left = sample.map((variant) => variant.left);
  return phones.map((phone) => {
    let pick = 0;
    for (let i = 1; i < left.length; i += 1) if (left[i]! > left[pick]!) pick = i;
    left[pick]! -= 1;
    return { phone, template: sample[pick]!.template };
  });
}
