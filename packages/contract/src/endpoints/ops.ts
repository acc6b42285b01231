import { z } from '../validation-texts';
import { endpoint } from './define';

/** What serves the API's own description (readiness and metrics are not API endpoints). */
export const opsEndpoints = {
  apiDocs: endpoint({
    method: 'GET',
    path: '/api/docs',
    access: 'public',
    // An OpenAPI 3.1 document: its own standard describes it, not this one.
    answer: z.looseObject({ openapi: z.string() }),
    summary: 'This API’s OpenAPI 3.1 document, generated from the endpoint table',
    tags: ['Docs'],
  }),
} as const;
