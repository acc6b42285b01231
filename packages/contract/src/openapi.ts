import { z } from './validation-texts';
import { ENDPOINTS, errorAnswerSchema, type EndpointDefinition } from './endpoints';

type JsonSchema = Record<string, unknown>;

/**
 * JSON Schema of one side of a zod schema. Parts JSON Schema cannot say (a transform's output, a
 * preprocess) become "any" rather than failing the whole document.
 */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
    reused: 'inline',
  }) as JsonSchema;
  return rest;
}

const COMMON_ERRORS: Record<string, string> = {
  '400': 'The input is invalid: `msg` says why, `errors` per field',
  '413': 'The body or upload is too large',
  '429': 'Too many requests; try again later',
  '500': 'The server failed; `requestId` names the failure in its log',
  '503': 'The database is out of reach; `Retry-After` says when to try again',
};
const ERROR_TEXT: Record<number, string> = {
  401: 'Missing, expired or forged token',
  403: 'The role or the owner does not match',
  404: 'Not found',
  409: 'Conflicts with the current state',
  410: 'No longer available',
  422: 'Understood but refused',
  423: 'Locked while other work runs',
};

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorAnswer' } } },
});

function parameters(entry: EndpointDefinition): JsonSchema[] {
  const list: JsonSchema[] = [];
  const pathNames = [...entry.path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  const params = entry.params ? jsonSchema(entry.params, 'input') : { properties: {} };
  const properties = (params.properties ?? {}) as Record<string, JsonSchema>;
  for (const name of pathNames)
    list.push({ name, in: 'path', required: true, schema: properties[name] ?? { type: 'string' } });
  if (entry.query) {
    const query = jsonSchema(entry.query, 'input');
    const required = new Set((query.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries((query.properties ?? {}) as Record<string, JsonSchema>))
      list.push({ name, in: 'query', required: required.has(name), schema });
  }
  return list;
}

function requestBody(entry: EndpointDefinition) {
  if (!entry.body) return {};
  const schema = jsonSchema(entry.body, 'input');
  if (!entry.upload) return { requestBody: { required: true, content: { 'application/json': { schema } } } };
  const properties = {
    ...((schema.properties ?? {}) as JsonSchema),
    file: { type: 'string', format: 'binary' },
  };
  return {
    requestBody: {
      required: true,
      content: { 'multipart/form-data': { schema: { ...schema, type: 'object', properties } } },
    },
  };
}

function responses(entry: EndpointDefinition) {
  const content: Record<string, { schema: JsonSchema }> = {
    'application/json': { schema: jsonSchema(entry.answer, 'output') },
  };
  if (entry.download) content[entry.download] = { schema: { type: 'string' } };
  const statuses: Record<string, unknown> = {
    [String(entry.status ?? 200)]: { description: entry.summary, content },
  };
  const errors = new Set<number>(entry.errors ?? []);
  if (entry.access !== 'public') [401, 403].forEach((status) => errors.add(status));
  for (const status of [...errors].sort()) statuses[String(status)] = errorResponse(ERROR_TEXT[status]!);
  for (const [status, text] of Object.entries(COMMON_ERRORS)) statuses[status] ??= errorResponse(text);
  return statuses;
}

function operation(name: string, entry: EndpointDefinition) {
  return {
    operationId: name,
    summary: entry.summary,
    tags: entry.tags ? [...entry.tags] : undefined,
    'x-roles': entry.access,
    ...(entry.access === 'public' ? { security: [] } : {}),
    parameters: parameters(entry),
    ...requestBody(entry),
    responses: responses(entry),
  };
}

/** OpenAPI 3.1 of every endpoint, from the same zod schemas the server validates and answers with. */
export function openApiDocument(endpoints: Record<string, EndpointDefinition> = ENDPOINTS) {
  const paths: Record<string, Record<string, unknown>> = {};
  const tags = new Set<string>();
  for (const [name, entry] of Object.entries(endpoints)) {
    const path = entry.path.replace(/:(\w+)/g, '{$1}');
    paths[path] ??= {};
    paths[path][entry.method.toLowerCase()] = operation(name, entry);
    entry.tags?.forEach((tag) => tags.add(tag));
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Blaster Panel API',
      version: '1.0.0',
      description:
        "Every error answers `{ msg, errors? }` in the request's language (`Accept-Language`). Uploads are multipart with a `file` part after the fields.",
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/' }],
    tags: [...tags].sort().map((name) => ({ name, description: `${name} endpoints` })),
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'The token from sign-in' },
      },
      schemas: { ErrorAnswer: jsonSchema(errorAnswerSchema, 'output') },
    },
    security: [{ bearer: [] }],
    paths,
  };
}
