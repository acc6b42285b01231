import { z } from '../validation-texts';
import { OPERATOR_ROLES } from '../roles';
import { idParamSchema } from '../schemas/common';
import { importSkippedQuerySchema } from '../schemas/resources';
import { endpoint } from './define';

export const importsEndpoints = {
  importSkipped: endpoint({
    method: 'GET',
    path: '/api/admin/import/:id/skipped',
    access: OPERATOR_ROLES,
    params: idParamSchema,
    query: importSkippedQuerySchema,
    // The rows as the import's kind writes them (a phone number, a proxy or a template's place).
    answer: z.array(z.looseObject({})),
    download: 'text/csv',
    errors: [404],
    summary: "Every skipped row of the caller's own finished import, as a JSON or CSV file",
    tags: ['Imports'],
  }),
} as const;
