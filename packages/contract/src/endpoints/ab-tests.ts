import { z } from '../validation-texts';
import { AB_TEST_READ_ROLES, AB_TEST_ROLES } from '../roles';
import { idParamSchema } from '../schemas/common';
import { abTestBodySchema, abTestRowSchema, abTestTemplateSchema } from '../schemas/ab-tests';
import { endpoint } from './define';

const tags = ['A/B tests'] as const;

/**
 * A/B tests of templates on an account's blast: the account's owner (a member, or dev) starts one;
 * operators also read every test and its result.
 */
export const abTestEndpoints = {
  abTestList: endpoint({
    method: 'GET',
    path: '/api/admin/abtest/list',
    access: AB_TEST_READ_ROLES,
    answer: z.object({ list: z.array(abTestRowSchema) }),
    summary: "The latest A/B tests with their variants' numbers: a member's own, every one for operators",
    tags,
  }),
  abTestTemplates: endpoint({
    method: 'GET',
    path: '/api/admin/abtest/templates',
    access: AB_TEST_READ_ROLES,
    answer: z.object({ list: z.array(abTestTemplateSchema) }),
    summary: 'The templates a test may use: active, approved and not paused',
    tags,
  }),
  abTestCreate: endpoint({
    method: 'POST',
    path: '/api/admin/abtest',
    access: AB_TEST_ROLES,
    body: abTestBodySchema,
    answer: z.object({ abtest: abTestRowSchema, msg: z.string() }),
    errors: [404, 409],
    summary:
      "Starts an A/B test on the account's blast: each variant to its sample, then the winner to the rest",
    tags,
  }),
  abTest: endpoint({
    method: 'GET',
    path: '/api/admin/abtest/:id',
    access: AB_TEST_READ_ROLES,
    params: idParamSchema,
    answer: z.object({ abtest: abTestRowSchema }),
    errors: [404],
    summary: 'One A/B test, its status and the numbers behind its result',
    tags,
  }),
  abTestCancel: endpoint({
    method: 'POST',
    path: '/api/admin/abtest/:id/cancel',
    access: AB_TEST_ROLES,
    params: idParamSchema,
    answer: z.object({ abtest: abTestRowSchema, msg: z.string() }),
    errors: [404, 409],
    summary: "Cancels a test under way and stops its account's blast; the numbers so far are kept",
    tags,
  }),
} as const;
