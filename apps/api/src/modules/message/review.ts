import { MSG, type ReviewState, type TemplateReviewBody } from '@blaster/contract';
import type { AppContext } from '../../context';
import { readSettings } from '../../domain/settings';
import { HttpError } from '../../lib/errors';
import type { PageRequest } from '../../lib/paging';
import { templateRepository as templates, type TemplateValues } from './repository';

/** A fresh trial: no batch claimed yet, its feedback read from the next log on, no pause. */
const freshTrial = (nextLogId: number) =>
  ({
    pacing: 'trial',
    batchClaimed: 0,
    batchLastSentAt: null,
    batchFromLog: nextLogId,
    pauseFeedback: null,
    pausePercent: null,
    pauseLimit: null,
  }) satisfies Partial<TemplateValues>;

/**
 * What an edit of a template's content changes beyond the content: to recipients it is a new message,
 * so it is reviewed again, paced again, and its quality counts only the sends after the edit.
 */
export async function reviewAgain(ctx: AppContext, id: number, draft: boolean) {
  return {
    reviewState: draft ? ('draft' as const) : ('pending' as const),
    reviewReason: null,
    reviewedBy: null,
    reviewedAt: null,
    ...freshTrial(await templates.nextLogId(ctx.db)),
    feedbackBlocks: 0,
    feedbackReports: 0,
    feedbackOptOuts: 0,
    feedbackSendsBase: await templates.sendsSoFar(ctx.db, id),
  } satisfies Partial<TemplateValues>;
}

/**
 * A reviewer's decision on a pending template. Approved, a marketing or utility template starts its
 * trial (first batch, then the hold for feedback) unless pacing is off; an authentication template is
 * released at once (a one-time code that waits is useless). Rejected, it keeps the reason its author
 * and the members read.
 */
export async function reviewTemplate(
  ctx: AppContext,
  reviewerId: number,
  id: number,
  body: TemplateReviewBody,
) {
  const settings = await readSettings(ctx.db);
  return ctx.db.transaction(async (tx) => {
    const row = await templates.lock(tx, id);
    if (!row) throw new HttpError(404, MSG.templateNotFound);
    if (row.reviewState !== 'pending') throw new HttpError(409, MSG.templateNotPending);
    const decided = { reviewedBy: reviewerId, reviewedAt: new Date() };
    if (body.decision === 'reject')
      return templates.update(tx, id, { ...decided, reviewState: 'rejected', reviewReason: body.reason! });
    const paced = row.category !== 'authentication' && settings.template_first_batch > 0;
    return templates.update(tx, id, {
      ...decided,
      reviewState: 'approved',
      reviewReason: null,
      ...(paced ? freshTrial(await templates.nextLogId(tx)) : { pacing: 'released' as const }),
    });
  });
}

/** The author sends a draft, or a rejected template they changed, to the reviewers. */
export async function submitTemplate(ctx: AppContext, id: number) {
  return ctx.db.transaction(async (tx) => {
    const row = await templates.lock(tx, id);
    if (!row) throw new HttpError(404, MSG.templateNotFound);
    if (row.reviewState !== 'draft' && row.reviewState !== 'rejected')
      throw new HttpError(409, MSG.templateNotDraft);
    return templates.update(tx, id, { reviewState: 'pending' });
  });
}

/** The review queue: one state's templates, oldest first. */
export async function reviewQueue(ctx: AppContext, request: PageRequest & { state?: ReviewState }) {
  return templates.reviewPage(ctx.db, { ...request, state: request.state ?? 'pending' });
}
