import { z } from '../validation-texts';
import { OPERATOR_ROLES } from '../roles';
import { idParamSchema } from '../schemas/common';
import { levelBodySchema, levelPageQuerySchema, levelSchema } from '../schemas/money';
import { endpoint, pagedSchema, saidSchema } from './define';

const tags = ['Levels'] as const;
const levelSaved = z.object({ level: levelSchema, msg: z.string() });

export const levelEndpoints = {
  levelPerPage: endpoint({
    method: 'GET',
    path: '/api/admin/level/list-per-page',
    access: OPERATOR_ROLES,
    query: levelPageQuerySchema,
    answer: pagedSchema(levelSchema),
    summary: 'Levels, a page at a time, in requirement order or the sort asked; the search matches the name',
    tags,
  }),
  levelList: endpoint({
    method: 'GET',
    path: '/api/admin/level/list',
    access: OPERATOR_ROLES,
    answer: z.object({ list: z.array(levelSchema) }),
    summary: 'Every level, in requirement order',
    tags,
  }),
  levelGet: endpoint({
    method: 'GET',
    path: '/api/admin/level/:id',
    access: OPERATOR_ROLES,
    params: idParamSchema,
    answer: z.object({ level: levelSchema }),
    errors: [404],
    summary: 'One level',
    tags,
  }),
  levelCreate: endpoint({
    method: 'POST',
    path: '/api/admin/level/create',
    access: OPERATOR_ROLES,
    body: levelBodySchema,
    answer: levelSaved,
    summary: 'Adds a level',
    tags,
  }),
  levelUpdate: endpoint({
    method: 'PUT',
    path: '/api/admin/level/:id',
    access: OPERATOR_ROLES,
    params: idParamSchema,
    body: levelBodySchema,
    answer: levelSaved,
    errors: [404],
    summary: 'Changes a level',
    tags,
  }),
  levelDelete: endpoint({
    method: 'DELETE',
    path: '/api/admin/level/:id',
    access: OPERATOR_ROLES,
    params: idParamSchema,
    answer: saidSchema,
    errors: [404],
    summary: 'Deletes a level',
    tags,
  }),
} as const;
