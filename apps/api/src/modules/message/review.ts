import { MSG, type ReviewState, type TemplateReviewBody } from '@blaster/contract';
import type { AppContext } from '../../context';
import { readSettings } from '../../domain/settings';
import { HttpError } from '../../lib/errors';
import type { PageRequest } from '../../lib/paging';
import type { AuthUser } from '../../lib/routes';
import { recordAudit } from '../audit/service';
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
 * and the members read. The decision goes into the audit trail with the change.
 */
export async function reviewTemplate(
  ctx: AppContext,
  reviewer: AuthUser,
  id: number,
  body: TemplateReviewBody,
) {
  const settings = await readSettings(ctx.db);
  return ctx.db.transaction(async (tx) => {
    const row = await templates.lock(tx, id);
    if (!row) throw new HttpError(404, MSG.templateNotFound);
    if (row.reviewState !== 'pending') throw new HttpError(409, MSG.templateNotPending);
    const decided = { reviewedBy: reviewer.id, reviewedAt: new Date() };
    const paced = row.category !== 'authentication' && settings.template_first_batch > 0;
    const updated = await templates.update(
      tx,
      id,
      body.decision === 'reject'
        ? { ...decided, reviewState: 'rejected', reviewReason: body.reason! }
        : {
            ...decided,
            reviewState: 'approved',
            reviewReason: null,
            ...(paced ? freshTrial(await templates.nextLogId(tx)) : { pacing: 'released' as const }),
          },
    );
    await recordAudit(tx, ctx, {
      actor: reviewer,
      action: body.decision === 'reject' ? 'template.reject' : 'template.approve',
      target: { type: 'template', id },
      before: { review_state: row.reviewState },
      after: { review_state: updated.reviewState, review_reason: updated.reviewReason },
    });
    return updated;
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
