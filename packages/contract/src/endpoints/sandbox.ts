import { z } from '../validation-texts';
import { ALL_ROLES } from '../roles';
import {
  sandboxDemoDataBodySchema,
  sandboxDeviceBodySchema,
  sandboxNetworkBodySchema,
  sandboxScanBodySchema,
  senderStandingSchema,
} from '../schemas/whatsapp';
import { endpoint, saidSchema } from './define';

const tags = ['Sandbox gateway'] as const;

export const sandboxEndpoints = {
  sandboxScan: endpoint({
    method: 'POST',
    path: '/api/sandbox/scan',
    access: ALL_ROLES,
    body: sandboxScanBodySchema,
    answer: saidSchema,
    errors: [404],
    summary: "Finishes a connect flow: scans the device's QR or enters its pairing code",
    tags,
  }),
  sandboxDevice: endpoint({
    method: 'POST',
    path: '/api/dev/sandbox/device',
    access: ['dev'],
    body: sandboxDeviceBodySchema,
    answer: saidSchema,
    errors: [404],
    summary: "Changes a sandbox device's connection, fails its next send or raises an error",
    tags,
  }),
  sandboxNetwork: endpoint({
    method: 'POST',
    path: '/api/dev/sandbox/network',
    access: ['dev'],
    body: sandboxNetworkBodySchema,
    answer: z.object({ msg: z.string(), standing: senderStandingSchema.nullable() }),
    errors: [404],
    summary:
      "Changes the sandbox network's reputation model: recipients' block and report rates per device or template, a device's tier, the clock",
    tags,
  }),
  sandboxDemoData: endpoint({
    method: 'POST',
    path: '/api/dev/sandbox/demo-data',
    access: ['dev'],
    body: sandboxDemoDataBodySchema,
    answer: z.object({ phoneNumbers: z.number().int(), templates: z.number().int() }),
    summary: 'Adds demo phone numbers (and a template when there is none) for a blast to send to',
    tags,
  }),
} as const;
