import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Language } from '@blaster/contract';
import type { AppContext } from '../../context';
import { countAttempt, type AttemptPolicy } from '../auth/attempts';
import type { LinkKind } from '../../lib/short-links';
import { clickTarget, messageOfOptOut, recordClick } from './clicks';
import { confirmationPage, notFoundPage, optOutPage, pageLanguage, tooManyPage } from './pages';

/**
 * Codes that do not check out, per address: guessing codes is what these pages could be abused for,
 * and a real recipient never sends a wrong one (good codes are not counted).
 */
export const BAD_LINKS_PER_ADDRESS: AttemptPolicy = {
  scope: 'links:address',
  max: 30,
  windowMs: 10 * 60_000,
  lockMs: 10 * 60_000,
  maxLockMs: 60 * 60_000,
};

type CodeRequest = FastifyRequest<{ Params: { code: string } }>;

function sendPage(reply: FastifyReply, status: number, html: string) {
  return (
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      // Each answer is one recipient's, in the language asked for: no cache keeps it.
      .header('cache-control', 'no-store')
      .header('vary', 'Accept-Language')
      .header('x-robots-tag', 'noindex')
      .send(html)
  );
}

/** A code that does not check out: counted against the address, answered with the plain page. */
async function refuse(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, language: Language) {
  const answer = await countAttempt(ctx.db, BAD_LINKS_PER_ADDRESS, request.ip);
  if (!answer.allowed) {
    reply.header('retry-after', String(answer.retryAfterSeconds));
    return sendPage(reply, 429, tooManyPage(language));
  }
  return sendPage(reply, 404, notFoundPage(language));
}

const decoded = (ctx: AppContext, kind: LinkKind, request: CodeRequest) =>
  ctx.links.decode(kind, String(request.params.code ?? ''));

/**
 * The pages recipients open from a blast message, outside the panel and without signing in: a short
 * link's redirect (/l/:code) and the opt-out page (/u/:code). Only the code's signature admits them.
 */
export function linkRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/l/:code', async (request: CodeRequest, reply) => {
    const language = pageLanguage(request.headers['accept-language']);
    const link = decoded(ctx, 'click', request);
    // A HEAD is a checker asking where the link goes (scanners, previews), not a recipient opening it.
    const url = !link
      ? null
      : request.method === 'HEAD'
        ? await clickTarget(ctx.db, link)
        : await recordClick(ctx.db, link, new Date());
    if (!url) return refuse(ctx, request, reply, language);
    return reply.header('cache-control', 'no-store').redirect(url, 302);
  });

  // A link preview or a mail scanner fetches the page with GET: showing it never opts anyone out.
  app.get('/u/:code', async (request: CodeRequest, reply) => {
    const language = pageLanguage(request.headers['accept-language']);
    const link = decoded(ctx, 'optout', request);
    const message = link ? await messageOfOptOut(ctx.db, link.logId) : null;
    if (!link || !message) return refuse(ctx, request, reply, language);
    return sendPage(reply, 200, optOutPage(language, message.target));
  });

  // The page's one button: the number is suppressed at once, as a STOP reply would; pressing it
  // again (or a second tab) answers the same confirmation.
  app.register(async (scope) => {
    // The button posts an empty form: its body carries nothing to read.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, _body, done) => done(null, {}),
    );
    scope.post('/u/:code', async (request: CodeRequest, reply) => {
      const language = pageLanguage(request.headers['accept-language']);
      const link = decoded(ctx, 'optout', request);
      const message = link ? await messageOfOptOut(ctx.db, link.logId) : null;
      if (!link || !message) return refuse(ctx, request, reply, language);
      await ctx.delivery.optOut(message.target, `log-${link.logId}`, new Date(), 'link');
      return sendPage(reply, 200, confirmationPage(language, message.target));
    });
  });
}
