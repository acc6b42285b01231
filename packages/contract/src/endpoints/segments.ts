import { z } from '../validation-texts';
import { SEGMENT_PICK_ROLES, SEGMENT_ROLES } from '../roles';
import { idParamSchema } from '../schemas/common';
import {
  segmentBodySchema,
  segmentCountSchema,
  segmentPreviewBodySchema,
  segmentRowSchema,
} from '../schemas/segments';
import { endpoint, saidSchema } from './define';

const tags = ['Segments'] as const;
const segmentSavedSchema = z.object({ segment: segmentRowSchema, msg: z.string() });

/**
 * Saved audiences of blasts over the phone-number pool: admin and dev build them; members also read
 * them and their counts, to pick one when starting a blast.
 */
export const segmentEndpoints = {
  segmentList: endpoint({
    method: 'GET',
    path: '/api/admin/segment/list',
    access: SEGMENT_PICK_ROLES,
    answer: z.object({ list: z.array(segmentRowSchema) }),
    summary: 'Every segment, by name',
    tags,
  }),
  segmentCreate: endpoint({
    method: 'POST',
    path: '/api/admin/segment',
    access: SEGMENT_ROLES,
    body: segmentBodySchema,
    answer: segmentSavedSchema,
    summary: 'Saves a new segment; its field keys must be ones numbers carry',
    tags,
  }),
  segmentUpdate: endpoint({
    method: 'PUT',
    path: '/api/admin/segment/:id',
    access: SEGMENT_ROLES,
    params: idParamSchema,
    body: segmentBodySchema,
    answer: segmentSavedSchema,
    errors: [404],
    summary: "Changes a segment's name and filter (running blasts keep the filter they started with)",
    tags,
  }),
  segmentDelete: endpoint({
    method: 'DELETE',
    path: '/api/admin/segment/:id',
    access: SEGMENT_ROLES,
    params: idParamSchema,
    answer: saidSchema,
    errors: [404],
    summary: 'Deletes a segment (running blasts keep the filter they started with)',
    tags,
  }),
  segmentCount: endpoint({
    method: 'GET',
    path: '/api/admin/segment/:id/count',
    access: SEGMENT_PICK_ROLES,
    params: idParamSchema,
    answer: segmentCountSchema,
    errors: [404],
    summary: "A segment's numbers now, and those of them a blast could claim now",
    tags,
  }),
  segmentPreviewCount: endpoint({
    method: 'POST',
    path: '/api/admin/segment/preview-count',
    access: SEGMENT_ROLES,
    body: segmentPreviewBodySchema,
    answer: segmentCountSchema,
    summary: 'The same counts for a filter not saved yet (the builder’s live count)',
    tags,
  }),
} as const;
