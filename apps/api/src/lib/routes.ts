import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import '@fastify/cookie';
import {
  ALL_USERS,
  COOKIE_AUTH_TOKEN,
  MSG,
  OPERATOR_ROLES,
  isOperatorRole,
  type Role,
} from '@blaster/contract';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import type { AppContext } from '../context';
import { HttpError } from './errors';

export type AuthUser = typeof users.$inferSelect;

/** Roles that see every user's data; everyone else only their own. */
export { OPERATOR_ROLES };
export const isOperator = (user: AuthUser) => isOperatorRole(user.role);

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteEntry {
  method: Method;
  url: string;
  /** 'public' or the roles admitted; the server enforces it before any handler runs. */
  access: 'public' | readonly Role[];
  /** Path parameter naming a user: non-operators may pass only their own id, operators also 'all'. */
  ownerParam?: string;
  /** The zod schemas the route validates with (the API reference and the fuzz test read them). */
  schemas?: { body?: z.ZodType; query?: z.ZodType; params?: z.ZodType };
}

interface Handler<B, Q, P, U> {
  (ctx: {
    body: B;
    query: Q;
    params: P;
    user: U;
    request: FastifyRequest;
    reply: FastifyReply;
  }): Promise<unknown>;
}

interface RouteSpec<B extends z.ZodType, Q extends z.ZodType, P extends z.ZodType, A> extends RouteEntry {
  access: A & RouteEntry['access'];
  body?: B;
  query?: Q;
  params?: P;
  bodyLimit?: number;
  handler: Handler<z.output<B>, z.output<Q>, z.output<P>, A extends 'public' ? AuthUser | null : AuthUser>;
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header);
  return match?.[1]?.trim() || null;
}

/** API clients send the bearer header; the panel's browser sends the HttpOnly token cookie. */
export function requestToken(request: FastifyRequest): string | null {
  return bearerToken(request) ?? (request.cookies?.[COOKIE_AUTH_TOKEN] || null);
}

/**
 * The stored user a token belongs to, or null when the token is forged, expired or revoked (the
 * user's token version moved on: password or role changed, signed out). Role is always the stored one.
 */
export async function userOfToken(ctx: AppContext, token: string | null): Promise<AuthUser | null> {
  if (!token) return null;
  const claims = await ctx.tokens.verify(token);
  if (!claims) return null;
  const user = await ctx.signedIn.load(claims.userId, async () => {
    const [row] = await ctx.db.select().from(users).where(eq(users.id, claims.userId));
    return row;
  });
  return user && user.tokenVersion === claims.version ? user : null;
}

/** Resolves the request's token to the stored user. */
export async function authenticate(ctx: AppContext, request: FastifyRequest): Promise<AuthUser | null> {
  return userOfToken(ctx, requestToken(request));
}

/** PostgreSQL text cannot hold a NUL character; such input is refused before it reaches the database. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1));
}

function checkOwner(user: AuthUser, value: unknown) {
  if (isOperator(user)) return;
  if (value === ALL_USERS || String(value) !== String(user.id)) throw new HttpError(403, MSG.forbidden);
}

/**
 * Declares a route with its roles and schemas; every declaration lands in `ctx.routeTable`,
 * which the authorization matrix test walks.
 */
export function route<
  B extends z.ZodType = z.ZodUnknown,
  Q extends z.ZodType = z.ZodUnknown,
  P extends z.ZodType = z.ZodUnknown,
  const A extends 'public' | readonly Role[] = readonly Role[],
>(app: FastifyInstance, ctx: AppContext, spec: RouteSpec<B, Q, P, A>) {
  ctx.routeTable.push({
    method: spec.method,
    url: spec.url,
    access: spec.access,
    ownerParam: spec.ownerParam,
    schemas: { body: spec.body, query: spec.query, params: spec.params },
  });
  app.route({
    method: spec.method,
    url: spec.url,
    bodyLimit: spec.bodyLimit,
    handler: async (request, reply) => {
      const user = await authenticate(ctx, request);
      if (spec.access !== 'public') {
        if (!user) throw new HttpError(401, MSG.unauthorized);
        if (!spec.access.includes(user.role)) throw new HttpError(403, MSG.forbidden);
        if (spec.ownerParam) checkOwner(user, (request.params as Record<string, unknown>)[spec.ownerParam]);
      }
      if (containsNul(request.body) || containsNul(request.query) || containsNul(request.params))
        throw new HttpError(400, MSG.invalidRequest);
      const params = spec.params ? spec.params.parse(request.params) : request.params;
      const query = spec.query ? spec.query.parse(request.query) : request.query;
      const body = spec.body ? spec.body.parse(request.body ?? {}) : request.body;
      const answer = await spec.handler({
        body: body as z.output<B>,
        query: query as z.output<Q>,
        params: params as z.output<P>,
        user: user as never,
        request,
        reply,
      });
      return answer === undefined ? reply : answer;
    },
  });
}
