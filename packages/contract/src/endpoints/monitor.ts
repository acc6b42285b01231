import { z } from '../validation-texts';
import { monitorMessageSchema, monitorQuerySchema } from '../schemas/whatsapp';
import { endpoint } from './define';

const tags = ['Monitors'] as const;
const monitorAnswerSchema = z.object({ data: z.array(monitorMessageSchema) });

const monitor = <const P extends string>(path: P, summary: string) =>
  endpoint({
    method: 'GET',
    path,
    access: ['dev'],
    query: monitorQuerySchema,
    answer: monitorAnswerSchema,
    summary,
    tags,
  });

export const monitorEndpoints = {
  monitorLocal: monitor('/api/dev/monitor/local', 'Recent gateway events, newest last, for this server'),
  monitorRemote: monitor(
    '/api/dev/monitor/remote',
    'Recent gateway events, newest last, as the remote monitor reads them',
  ),
  monitorSocket: monitor('/api/dev/monitor/socket', 'Recent realtime socket events, newest last'),
} as const;
