import { z } from '../validation-texts';
import type { Role } from '../roles';
import { idParamSchema } from '../schemas/common';
import {
  generatorBodySchema,
  lookupIdBodySchema,
  lookupPageQuerySchema,
  lookupRowSchema,
  validatorBodySchema,
  type LookupKind,
} from '../schemas/lookup';
import { endpoint, pagedSchema, saidSchema } from './define';

/** Generators and validators belong to dev, admin and staff: operators' tools, not members'. */
const LOOKUP_ROLES: readonly Role[] = ['dev', 'admin', 'staff'];
const tags = ['Lookups'] as const;

/** The job under its kind's name: `{ generator: … }` or `{ validator: … }`. */
const jobOf = <K extends LookupKind>(kind: K) =>
  z.object({ [kind]: lookupRowSchema } as Record<K, typeof lookupRowSchema>);
const jobSaidOf = <K extends LookupKind>(kind: K) => jobOf(kind).extend({ msg: z.string() });

/** What both kinds have: their list, one job, its deletion, start and stop, and the numbers found. */
function jobEndpoints<K extends LookupKind>(kind: K) {
  const base = `/api/admin/${kind}` as const;
  return {
    perPage: endpoint({
      method: 'GET',
      path: `${base}/list-per-page`,
      access: LOOKUP_ROLES,
      query: lookupPageQuerySchema,
      answer: pagedSchema(lookupRowSchema),
      summary: `The ${kind} jobs, newest first: dev sees everyone's, others their own`,
      tags,
    }),
    get: endpoint({
      method: 'GET',
      path: `${base}/:id`,
      access: LOOKUP_ROLES,
      params: idParamSchema,
      answer: jobOf(kind),
      errors: [404],
      summary: `One ${kind} job`,
      tags,
    }),
    delete: endpoint({
      method: 'DELETE',
      path: `${base}/:id`,
      access: LOOKUP_ROLES,
      params: idParamSchema,
      answer: saidSchema,
      errors: [404],
      summary: `Deletes a ${kind} job that is not running`,
      tags,
    }),
    start: endpoint({
      method: 'POST',
      path: `${base}/start`,
      access: LOOKUP_ROLES,
      body: lookupIdBodySchema,
      answer: jobSaidOf(kind),
      errors: [404],
      summary: `Starts a ${kind} job on its connected account (a finished one from the beginning)`,
      tags,
    }),
    stop: endpoint({
      method: 'POST',
      path: `${base}/stop`,
      access: LOOKUP_ROLES,
      body: lookupIdBodySchema,
      answer: jobSaidOf(kind),
      errors: [404],
      summary: `Stops a ${kind} job`,
      tags,
    }),
    result: endpoint({
      method: 'GET',
      path: `${base}/download-result/:id`,
      access: LOOKUP_ROLES,
      params: idParamSchema,
      answer: z.object({ list: z.array(z.object({ number: z.string(), name: z.string() })) }),
      errors: [404],
      summary: `The numbers a ${kind} job found on the network, in the order it checked them`,
      tags,
    }),
  };
}

const generator = jobEndpoints('generator');
const validator = jobEndpoints('validator');

/** Generators (a number range) and validators (an uploaded list) ask the network which numbers exist. */
export const lookupEndpoints = {
  generatorPerPage: generator.perPage,
  generatorGet: generator.get,
  generatorDelete: generator.delete,
  generatorStart: generator.start,
  generatorStop: generator.stop,
  generatorResult: generator.result,
  generatorCreate: endpoint({
    method: 'POST',
    path: '/api/admin/generator/create',
    access: LOOKUP_ROLES,
    body: generatorBodySchema,
    answer: jobSaidOf('generator'),
    summary: 'Adds a generator over a number range',
    tags,
  }),
  generatorUpdate: endpoint({
    method: 'PUT',
    path: '/api/admin/generator/:id',
    access: LOOKUP_ROLES,
    params: idParamSchema,
    body: generatorBodySchema,
    answer: jobSaidOf('generator'),
    errors: [404],
    summary: 'Changes a generator’s account and pacing (its range stays as created)',
    tags,
  }),
  validatorPerPage: validator.perPage,
  validatorGet: validator.get,
  validatorDelete: validator.delete,
  validatorStart: validator.start,
  validatorStop: validator.stop,
  validatorResult: validator.result,
  validatorCreate: endpoint({
    method: 'POST',
    path: '/api/admin/validator/create',
    access: LOOKUP_ROLES,
    body: validatorBodySchema,
    upload: true,
    answer: jobSaidOf('validator'),
    summary: 'Adds a validator over an uploaded list of numbers (CSV or JSON)',
    tags,
  }),
  validatorUpdate: endpoint({
    method: 'PUT',
    path: '/api/admin/validator/:id',
    access: LOOKUP_ROLES,
    params: idParamSchema,
    body: validatorBodySchema,
    upload: true,
    answer: jobSaidOf('validator'),
    errors: [404],
    summary: 'Changes a validator’s account and pacing (its file stays as uploaded)',
    tags,
  }),
  validatorFile: endpoint({
    method: 'GET',
    path: '/api/admin/validator/file/:id',
    access: LOOKUP_ROLES,
    params: idParamSchema,
    // The owner's own file as uploaded: any JSON, or a CSV with formula-like cells made inert.
    answer: z.unknown(),
    download: 'text/csv',
    errors: [404],
    summary: 'A validator’s uploaded file, for its owner and operators',
    tags,
  }),
} as const;
