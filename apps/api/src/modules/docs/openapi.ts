import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ENDPOINTS, openApiDocument as contractDocument } from '@blaster/contract';
import type { AppContext } from '../../context';
import { serve, type RouteEntry } from '../../lib/routes';

type JsonSchema = Record<string, unknown>;

/** The input side of a zod schema as JSON Schema; parts JSON Schema cannot say become "any". */
function jsonSchema(schema: z.ZodType | undefined): JsonSchema | null {
  if (!schema) return null;
  try {
    const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
      io: 'input',
      unrepresentable: 'any',
    }) as JsonSchema;
    return rest;
  } catch {
    return {};
  }
}

function parameters(entry: RouteEntry) {
  const list: JsonSchema[] = [];
  for (const [where, schema] of [
    ['path', entry.schemas?.params],
    ['query', entry.schemas?.query],
  ] as const) {
    const properties = (jsonSchema(schema)?.properties ?? {}) as Record<string, JsonSchema>;
    for (const [name, property] of Object.entries(properties))
      list.push({ name, in: where, required: where === 'path', schema: property });
  }
  // Path parameters the route reads without a schema still belong in the reference.
  for (const match of entry.url.matchAll(/:(\w+)/g))
    if (!list.some((parameter) => parameter.name === match[1] && parameter.in === 'path'))
      list.push({ name: match[1], in: 'path', required: true, schema: { type: 'string' } });
  return list;
}

/**
 * OpenAPI 3.1 of every route: the contract's endpoint table, plus any route still declared outside it
 * (documented from its input schemas only).
 */
export function openApiDocument(ctx: AppContext) {
  const document = contractDocument();
  const paths = document.paths as Record<string, Record<string, unknown>>;
  const inTable = new Set(Object.values(ENDPOINTS).map((entry) => `${entry.method} ${entry.path}`));
  for (const entry of ctx.routeTable) {
    if (inTable.has(`${entry.method} ${entry.url}`)) continue;
    const path = entry.url.replace(/:(\w+)/g, '{$1}');
    const body = jsonSchema(entry.schemas?.body);
    paths[path] ??= {};
    paths[path][entry.method.toLowerCase()] = {
      operationId: `${entry.method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c?: string) => (c ?? '').toUpperCase())}`,
      'x-roles': entry.access,
      ...(entry.access === 'public' ? { security: [] } : {}),
      parameters: parameters(entry),
      ...(body ? { requestBody: { required: true, content: { 'application/json': { schema: body } } } } : {}),
      responses: {
        '200': { description: 'OK' },
        '400': { description: 'Invalid input: `msg` and per-field `errors`' },
        '401': { description: 'Missing, expired or forged token' },
        '403': { description: 'The role or the owner does not match' },
      },
    };
  }
  return document;
}

export function docsRoutes(app: FastifyInstance, ctx: AppContext) {
  let document: ReturnType<typeof openApiDocument> | null = null;
  serve(app, ctx, 'apiDocs', async () => (document ??= openApiDocument(ctx)));
}
