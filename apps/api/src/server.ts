import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import cookie from '@fastify/cookie';
import helmet from 'helmet';
import fastifyStatic from '@fastify/static';
import multipart from '@fastify/multipart';
import { sql } from 'drizzle-orm';
import { ZodError } from 'zod';
import {
  API,
  API_PREFIX,
  MSG,
  QR_FETCH_TIMEOUT_MS,
  REALTIME_PATH,
  UPLOAD_LIMITS,
  fieldErrors,
  issueMessage,
  issueMessages,
} from '@blaster/contract';
import type { AppContext } from './context';
import { registerAnswerLanguage } from './lib/answer-language';
import { trustProxyOption } from './lib/client-address';
import { isCrossSite } from './lib/same-origin';
import { DomainError, httpStatusOfDomainError } from './domain/errors';
import { HttpError, isDatabaseUnavailable, isUnstorableText } from './lib/errors';
import { answerSerializer, serve } from './lib/routes';
import { authRoutes } from './modules/auth/routes';
import { bonusRoutes } from './modules/bonus/routes';
import { messageLogRoutes } from './modules/messagelog/routes';
import { phoneNumberRoutes } from './modules/phonenumber/routes';
import { proxyRoutes } from './modules/proxy/routes';
import { settingRoutes } from './modules/setting/routes';
import { userRoutes } from './modules/users/routes';
import { referralRoutes } from './modules/users/referrals';
import { levelRoutes } from './modules/level/routes';
import { whatsappRoutes } from './modules/whatsapp/routes';
import { sandboxRoutes } from './modules/sandbox/routes';
import { monitorRoutes } from './modules/monitor/routes';
import { messageRoutes } from './modules/message/routes';
import { lookupRoutes } from './modules/lookup/routes';
import { docsRoutes } from './modules/docs/openapi';
import { withdrawRoutes } from './modules/withdraw/routes';
import { auditRoutes } from './modules/audit/routes';
import { webhookRoutes } from './modules/webhooks/routes';

import { importRoutes } from './modules/imports/routes';
import { scheduleRoutes } from './modules/schedule/routes';
import { healthRoutes } from './modules/health/routes';
import { opsRoutes } from './modules/ops/routes';
import { requestIdGenerator } from './modules/ops/request-id';
import { statsRoutes } from './modules/stats/routes';
import { suppressionRoutes } from './modules/suppression/routes';
import { linkRoutes } from './modules/links/routes';
import { funnelRoutes } from './modules/funnel/routes';
import { inboxRoutes } from './modules/inbox/routes';
import { segmentRoutes } from './modules/segments/routes';
import { abTestRoutes } from './modules/abtests/routes';
import { onboardingRoutes } from './modules/onboarding/routes';
import { campaignRoutes } from './modules/campaign/routes';

import { attachRealtime } from './realtime/server';

export const BODY_LIMIT_BYTES = 1024 * 1024;

/** Methods that change nothing: a page of another site may send them (links, images). */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** A client that sends its own token is no page riding on the browser's cookie. */
const BEARER = /^Bearer\s+\S/i;

/**
 * Socket timeouts. Whole requests must arrive within the configured time (headers within at most
 * 10 s), checked that often: a client trickling a body cannot hold a connection open. Once a request
 * is in, only a silent connection is closed, and only after the longest legitimate wait (the QR
 * long-poll) and some.
 */
function timeoutOptions(requestTimeoutMs: number) {
  return {
    requestTimeout: requestTimeoutMs,
    connectionTimeout: Math.max(requestTimeoutMs, QR_FETCH_TIMEOUT_MS) + 30_000,
    http: {
      headersTimeout: Math.min(10_000, requestTimeoutMs),
      connectionsCheckingInterval: Math.min(5_000, Math.max(50, Math.floor(requestTimeoutMs / 4))),
    },
  };
}

const HASHED_ASSET = /[\\/]assets[\\/][^\\/]+-[\w-]{8,}(?:\.\w+)+$/;

/**
 * Files named after their content's hash never change under that name: browsers keep them a year.
 * Everything else (index.html above all, which names the current hashes) is checked on every load.
 */
export function cacheControlFor(path: string) {
  return HASHED_ASSET.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** Security headers on every answer, HSTS over HTTPS, and the cross-site lock on state changes. */
function registerSecurityHooks(app: FastifyInstance, ctx: AppContext) {
  // The security headers are built once: the Fastify plugin rebuilt them (every directive parsed
  // again) on each request, a few percent of a short request's own work.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        // Dialog and toast libraries insert <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        mediaSrc: ["'self'", 'blob:'],
        // 'self' covers the panel's socket on this port (ws: and wss: of the same host).
        connectSrc: ["'self'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    // Sent only over HTTPS (hook below): a plain-HTTP answer cannot set it anyway.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https')
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });

  // The token cookie is SameSite=Strict; this is the second lock: a state-changing request that does
  // not carry its own bearer header must come from a page of this origin (or one the operator allowed).
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || BEARER.test(request.headers.authorization ?? '')) return;
    if (isCrossSite(request.headers, request.host, ctx.config.allowedOrigins))
      throw new HttpError(403, MSG.forbidden);
  });
}

/** Every error as the panel reads it: the refusal's status and message, a 503 while the database is away, a logged 500. */
function answerError(thrown: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  // A refusal of the domain is answered as the HTTP error its code stands for.
  const error =
    thrown instanceof DomainError
      ? new HttpError(httpStatusOfDomainError(thrown.code), thrown.msg as HttpError['msg'], thrown.details)
      : thrown;
  if (error instanceof HttpError) {
    return reply.status(error.statusCode).send({ msg: error.msg, ...error.extra });
  }
  if (error instanceof ZodError) {
    const errors = issueMessages(fieldErrors(error.issues));
    const first = error.issues[0]?.message;
    return reply.status(400).send({ msg: first ? issueMessage(first) : MSG.invalidRequest, errors });
  }
  // Text the database cannot store (NUL bytes in uploaded fields) is the client's error, not ours.
  if (isUnstorableText(error)) return reply.status(400).send({ msg: MSG.invalidRequest });
  const status = (error as { statusCode?: number }).statusCode;
  if (status === 429) return reply.status(429).send({ msg: MSG.tooManyLogins });
  if (status === 413) return reply.status(413).send({ msg: MSG.payloadTooLarge });
  if (status && status >= 400 && status < 500) return reply.status(status).send({ msg: MSG.invalidRequest });
  if (isDatabaseUnavailable(error)) {
    request.log.warn(error);
    return reply.status(503).header('retry-after', '5').send({ msg: MSG.databaseUnavailable });
  }
  request.log.error({ err: error, method: request.method, url: request.url }, 'request failed');
  return reply
    .status(500)
    .header('x-request-id', request.id)
    .send({ msg: MSG.internalServerError, requestId: request.id });
}

/** Every module's routes, and the hook that tells running blasts their configuration changed. */
function registerModules(app: FastifyInstance, ctx: AppContext) {
  // Blasts keep settings, levels and active templates in memory: a change to any of them, from any
  // route, makes every instance read them again before its next round.
  const blastConfigRoutes = new Set([
    API.settingUpdate,
    API.levelCreate,
    API.level(':id'),
    API.messageCreate,
    API.message(':id'),
    API.messageImport,
  ]);
  app.addHook('onSend', async (request, reply) => {
    if (
      request.method !== 'GET' &&
      reply.statusCode < 400 &&
      blastConfigRoutes.has(request.routeOptions.url!)
    )
      ctx.blast.config.changed();
  });

  for (const register of [
    authRoutes,
    userRoutes,
    referralRoutes,
    levelRoutes,
    whatsappRoutes,
    sandboxRoutes,
    monitorRoutes,
    messageLogRoutes,
    withdrawRoutes,
    bonusRoutes,
    proxyRoutes,
    messageRoutes,
    lookupRoutes,
    docsRoutes,
    phoneNumberRoutes,
    settingRoutes,
    auditRoutes,
    webhookRoutes,

    importRoutes,
    scheduleRoutes,
    healthRoutes,
    statsRoutes,
    suppressionRoutes,
    funnelRoutes,
    inboxRoutes,
    segmentRoutes,
    abTestRoutes,
    onboardingRoutes,
    campaignRoutes,
    linkRoutes,
  ]) {
    register(app, ctx);
  }
}

/** The built panel, when there is one, and the answer to any path no route serves. */
async function serveWeb(app: FastifyInstance, ctx: AppContext) {
  const webBuilt = existsSync(join(ctx.config.webDist, 'index.html'));
  if (webBuilt) {
    await app.register(fastifyStatic, {
      root: ctx.config.webDist,
      wildcard: false,
      // The build writes .br and .gz copies next to each file; the client's Accept-Encoding picks one.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (response, path) => {
        response.setHeader('cache-control', cacheControlFor(path));
        // Shared caches must keep the brotli, gzip and plain answers apart.
        response.setHeader('vary', 'Accept-Encoding');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith(`${API_PREFIX}/`) || request.method !== 'GET') {
      return reply.status(404).send({ msg: MSG.notFoundApi });
    }
    // Client-side routes: the panel decides what to show (its own not-found page included).
    if (webBuilt) return reply.type('text/html').sendFile('index.html');
    return reply
      .status(404)
      .type('text/plain')
      .send('The panel is not built yet: run `npm run build` (npm start does it for you).');
  });
}

export interface LogOptions {
  level: string;
  /** Where the JSON lines go (stdout when absent). */
  stream?: { write(line: string): void };
}

/**
 * Builds the HTTP app without listening, so tests can inject requests. With `log`, every answer of 500
 * or more is logged with its request id (which the 500 answer carries too); requests themselves are
 * logged at 'info'. Without it (tests), nothing is logged.
 */
export async function buildApp(
  ctx: AppContext,
  options: { log?: LogOptions } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.log
      ? { level: options.log.level, ...(options.log.stream ? { stream: options.log.stream } : {}) }
      : false,
    // Random ids, so a line can be found among several processes' logs; or the id a trusted proxy set.
    genReqId: requestIdGenerator(ctx.config.trustProxy),
    bodyLimit: BODY_LIMIT_BYTES,
    // A stop cuts keep-alive connections and long polls (the QR wait lasts up to two minutes) rather
    // than waiting for them: the proxy sends their clients' next request to another instance.
    forceCloseConnections: true,
    // Forwarded headers only from the proxies the operator named (TRUST_PROXY): otherwise any client
    // could pick its own address and escape the per-address limits.
    trustProxy: trustProxyOption(ctx.config.trustProxy),
    ...timeoutOptions(ctx.config.requestTimeoutMs),
  });
  // Answers are checked against the contract's endpoint table as they are serialised.
  app.setSerializerCompiler(answerSerializer);

  // Per-route limits are set where a file is read (lib/uploads.ts); this is the ceiling.
  await app.register(multipart, { limits: { fileSize: UPLOAD_LIMITS.phoneNumbers, files: 1 } });
  await app.register(cookie);
  registerSecurityHooks(app, ctx);
  registerAnswerLanguage(app);

  app.setErrorHandler(answerError);

  opsRoutes(app, ctx);
  // For load balancers: healthy only while the database answers.
  serve(app, ctx, 'health', async () => {
    await ctx.db.execute(sql`select 1`);
    return { ok: true as const };
  });
  // Where the realtime socket listens: on this port at realtimePath, and on the legacy realtimePort.
  serve(app, ctx, 'config', async () => ({
    realtimePort: ctx.config.realtimePort,
    realtimePath: REALTIME_PATH,
    gateway: ctx.gateway.kind,
  }));
  const realtime = attachRealtime(ctx, app.server as Server);
  // Sockets learn of a stop first, before the rest of the server closes.
  app.addHook('preClose', async () => realtime.close());

  registerModules(app, ctx);

  await serveWeb(app, ctx);
  return app;
}
