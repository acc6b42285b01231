import type { z } from 'zod';
import { htmlToWa, MSG, type AbTestMetric, type AbTestRow, type abTestBodySchema } from '@blaster/contract';
import type { AppContext } from '../../context';
import { countSample, rateOf, type VariantCounts } from '../../domain/ab-tests';
import { HttpError } from '../../lib/errors';
import { isOperator, type AuthUser } from '../../lib/routes';
import { findSegment } from '../segments/service';
import { accountFor, startBlast, stopBlast } from '../whatsapp/service';
import { abTestRepository as abTests, type AbTestRecord } from './repository';

/** Kept at the decision: the sample's numbers as they were then. */
const isDecided = (row: AbTestRecord) => row.result !== null;

const captionOf = (template: { textWa: string | null; text: string | null }) =>
  template.textWa || htmlToWa(template.text ?? '');

/**
 * Tests as answers carry them, each variant with its numbers: kept ones once decided, else counted
 * now from the sample's logs (a test in progress shows its sends and reactions so far).
 */
async function present(ctx: AppContext, rows: AbTestRecord[]): Promise<AbTestRow[]> {
  const variants = await abTests.variants(
    ctx.db,
    rows.map((row) => row.id),
  );
  return Promise.all(
    rows.map(async (row) => {
      const counts = isDecided(row) ? (row.result as VariantCounts[]) : await countSample(ctx.db, row);
      const metric = row.metric as AbTestMetric;
      return {
        id: row.id,
        user_id: row.userId,
        whatsapp_id: row.whatsappId,
        account: row.account,
        segment_id: row.segmentId,
        metric,
        sample_size: row.sampleSize,
        wait_minutes: row.waitMinutes,
        status: row.status,
        winner_template_id: row.winnerTemplateId,
        waiting_since: row.waitingSince?.toISOString() ?? null,
        decided_at: row.decidedAt?.toISOString() ?? null,
        created_at: row.createdAt.toISOString(),
        variants: variants
          .filter((variant) => variant.abTestId === row.id)
          .map((variant) => {
            const count = counts.find((candidate) => candidate.templateId === variant.templateId);
            const numbers = count ?? { sent: 0, failed: 0, replied: 0, read: 0, clicked: 0 };
            return {
              template_id: variant.templateId,
              position: variant.position,
              caption: captionOf(variant),
              sent: numbers.sent,
              failed: numbers.failed,
              replied: numbers.replied,
              read: numbers.read,
              clicked: numbers.clicked,
              rate: count ? rateOf(metric, count) : 0,
            };
          }),
      };
    }),
  );
}

export async function listAbTests(ctx: AppContext, user: AuthUser) {
  const rows = await abTests.list(ctx.db, isOperator(user) ? null : user.id);
  return { list: await present(ctx, rows) };
}

/** The test if the user may read it; another member's is answered as missing, as none of their business. */
async function visibleTest(ctx: AppContext, user: AuthUser, id: number) {
  const row = await abTests.find(ctx.db, id);
  if (!row || (row.userId !== user.id && !isOperator(user))) throw new HttpError(404, MSG.abTestNotFound);
  return row;
}

export async function readAbTest(ctx: AppContext, user: AuthUser, id: number) {
  const [abtest] = await present(ctx, [await visibleTest(ctx, user, id)]);
  return { abtest: abtest! };
}

export async function testTemplates(ctx: AppContext) {
  const rows = await abTests.sendableTemplates(ctx.db);
  return { list: rows.map((row) => ({ id: row.id, caption: captionOf(row) })) };
}

/**
 * Starts a test on an idle account: the test is written first, then the account's blast starts to
 * the segment, and its claims send the samples. A blast that cannot start leaves the test cancelled.
 */
export async function createAbTest(ctx: AppContext, user: AuthUser, body: z.output<typeof abTestBodySchema>) {
  const account = await accountFor(ctx, user, body.whatsapp_id);
  if (body.segment_id !== null) await findSegment(ctx, body.segment_id);
  const sendable = new Set((await abTests.sendableTemplates(ctx.db, body.template_ids)).map((row) => row.id));
  const refused = body.template_ids.find((id) => !sendable.has(id));
  if (refused !== undefined) {
    const message = MSG.abTestTemplateNotSendable(refused);
    throw new HttpError(400, message, { errors: { template_ids: message } });
  }
  if (account.status === 'sending' || (await abTests.running(ctx.db, account.id)))
    throw new HttpError(409, MSG.abTestAccountBusy);
  const id = await ctx.db.transaction((tx) =>
    abTests.insert(
      tx,
      {
        userId: account.userId,
        whatsappId: account.id,
        segmentId: body.segment_id,
        metric: body.metric,
        sampleSize: body.sample_size,
        waitMinutes: body.wait_minutes,
        createdBy: user.id,
      },
      body.template_ids,
    ),
  );
  if (id === undefined) throw new HttpError(409, MSG.abTestAccountBusy);
  try {
    await startBlast(ctx, user, account.id, body.segment_id);
  } catch (error) {
    await abTests.cancelRunning(ctx.db, id);
    throw error;
  }
  const { abtest } = await readAbTest(ctx, user, id);
  return { abtest, msg: MSG.abTestStarted };
}

/**
 * Ends a test under way, as its owner may: the test is cancelled in one statement (a claim reading it
 * meanwhile waits for the row), then the account's blast, which the test started, is stopped so its
 * rotation does not go on to the rest of the audience. What the samples drew stays readable.
 */
export async function cancelAbTest(ctx: AppContext, user: AuthUser, id: number) {
  const row = await visibleTest(ctx, user, id);
  const account = await accountFor(ctx, user, row.whatsappId);
  if (!(await abTests.cancelRunning(ctx.db, id))) throw new HttpError(409, MSG.abTestOver);
  if (account.status === 'sending') await stopBlast(ctx, user, account.id);
  const { abtest } = await readAbTest(ctx, user, id);
  return { abtest, msg: MSG.abTestCancelled };
}
