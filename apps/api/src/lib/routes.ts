import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import '@fastify/cookie';
import {
  ALL_USERS,
  COOKIE_AUTH_TOKEN,
  ENDPOINTS,
  type EndpointName,
  type Endpoints,
  type EndpointReturn,
  MSG,
  isOperatorRole,
} from '@blaster/contract';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import type { AppContext } from '../context';
import { HttpError } from './errors';
import type { RouteEntry } from './route-entry';

export type AuthUser = typeof users.$inferSelect;

/** Operators see every user's data; everyone else only their own. */
export const isOperator = (user: AuthUser) => isOperatorRole(user.role);

export type { RouteEntry };

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

/** Authenticates, checks the role and the owner, refuses NUL characters: before any handler runs. */
async function admit(ctx: AppContext, entry: RouteEntry, request: FastifyRequest): Promise<AuthUser | null> {
  const user = await authenticate(ctx, request);
  if (entry.access !== 'public') {
    if (!user) throw new HttpError(401, MSG.unauthorized);
    if (!entry.access.includes(user.role)) throw new HttpError(403, MSG.forbidden);
    if (entry.ownerParam) checkOwner(user, (request.params as Record<string, unknown>)[entry.ownerParam]);
  }
  if (containsNul(request.body) || containsNul(request.query) || containsNul(request.params))
    throw new HttpError(400, MSG.invalidRequest);
  return user;
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;
type EndpointHandler<E extends Endpoints[EndpointName]> = (input: {
  params: Parsed<E extends { params: infer S } ? S : undefined>;
  query: Parsed<E extends { query: infer S } ? S : undefined>;
  body: E extends { upload: true } ? undefined : Parsed<E extends { body: infer S } ? S : undefined>;
  user: E['access'] extends 'public' ? AuthUser | null : AuthUser;
  request: FastifyRequest;
  reply: FastifyReply;
}) => Promise<EndpointReturn<E> | FastifyReply>;

/**
 * Registers the route of a named endpoint of the contract's table: its method, path, roles and
 * schemas come from there, and its answer is checked against the table's answer schema when it is
 * serialised (see `answerSerializer`), so the server cannot answer what the panel does not expect.
 */
export function serve<N extends EndpointName>(
  app: FastifyInstance,
  ctx: AppContext,
  name: N,
  handler: EndpointHandler<Endpoints[N]>,
  options: { bodyLimit?: number } = {},
) {
  const endpoint = ENDPOINTS[name] as Endpoints[N] & {
    params?: z.ZodType;
    query?: z.ZodType;
    body?: z.ZodType;
    upload?: boolean;
    ownerParam?: string;
    status?: number;
  };
  const entry: RouteEntry = {
    method: endpoint.method,
    url: endpoint.path,
    access: endpoint.access,
    ownerParam: endpoint.ownerParam,
    schemas: { body: endpoint.body, query: endpoint.query, params: endpoint.params },
  };
  ctx.routeTable.push(entry);
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    bodyLimit: options.bodyLimit,
    schema: { response: { [endpoint.status ?? 200]: endpoint.answer } },
    handler: async (request, reply) => {
      const user = await admit(ctx, entry, request);
      const answer = await handler({
        params: (endpoint.params ? endpoint.params.parse(request.params) : undefined) as never,
        query: (endpoint.query ? endpoint.query.parse(request.query) : undefined) as never,
        // Multipart bodies are read by the handler itself, after the fields' checks.
        body: (endpoint.body && !endpoint.upload
          ? endpoint.body.parse(request.body ?? {})
          : undefined) as never,
        user: user as never,
        request,
        reply,
      });
      if (endpoint.status) reply.status(endpoint.status);
      return answer === undefined ? reply : answer;
    },
  });
}

/** Raised when a handler's answer does not match its endpoint's answer schema: a server bug, a 500. */
export class AnswerOutsideSchemaError extends Error {
  constructor(
    readonly route: string,
    readonly issues: z.core.$ZodIssue[],
  ) {
    super(`The answer of ${route} does not match its schema: ${JSON.stringify(issues.slice(0, 5))}`);
  }
}

/**
 * Fastify serializer for the endpoints' zod answer schemas: the answer is parsed (keys the schema
 * does not name are dropped, Dates become ISO strings) and written as JSON; an answer that does not
 * match fails the request instead of reaching the panel.
 */
export function answerSerializer({ schema, method, url }: { schema: unknown; method: string; url: string }) {
  const answer = schema as z.ZodType;
  return (data: unknown) => {
    const result = answer.safeParse(data);
    if (!result.success) throw new AnswerOutsideSchemaError(`${method} ${url}`, result.error.issues);
    return JSON.stringify(result.data);
  };
}
