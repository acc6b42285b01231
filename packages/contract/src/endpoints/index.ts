import type { EndpointDefinition } from './define';
import { levelEndpoints } from './level';
import { authEndpoints } from './auth';
import { usersEndpoints } from './users';
import { settingEndpoints } from './setting';
import { bonusEndpoints } from './bonus';
import { withdrawEndpoints } from './withdraw';
import { messagelogEndpoints } from './messagelog';
import { whatsappEndpoints } from './whatsapp';
import { monitorEndpoints } from './monitor';
import { healthEndpoints } from './health';
import { scheduleEndpoints } from './schedule';
import { sandboxEndpoints } from './sandbox';
import { statsEndpoints } from './stats';
import { messageEndpoints } from './message';
import { phonenumberEndpoints } from './phonenumber';
import { proxyEndpoints } from './proxy';
import { importsEndpoints } from './imports';
import { suppressionEndpoints } from './suppression';
import { funnelEndpoints } from './funnel';
import { webhooksEndpoints } from './webhooks';
import { auditEndpoints } from './audit';
import { opsEndpoints } from './ops';
import { lookupEndpoints } from './lookup';
import { onboardingEndpoints } from './onboarding';
import { inboxEndpoints } from './inbox';
import { segmentEndpoints } from './segments';
import { abTestEndpoints } from './ab-tests';

export * from './define';

/**
 * Every API endpoint by name: the server registers its routes from this table, the panel calls
 * endpoints by these names, and the OpenAPI document is generated from it.
 */
export const ENDPOINTS = {
  ...levelEndpoints,
  ...authEndpoints,
  ...usersEndpoints,
  ...settingEndpoints,
  ...bonusEndpoints,
  ...withdrawEndpoints,
  ...messagelogEndpoints,
  ...whatsappEndpoints,
  ...monitorEndpoints,
  ...healthEndpoints,
  ...scheduleEndpoints,
  ...sandboxEndpoints,
  ...statsEndpoints,
  ...messageEndpoints,
  ...phonenumberEndpoints,
  ...proxyEndpoints,
  ...importsEndpoints,
  ...suppressionEndpoints,
  ...funnelEndpoints,
  ...webhooksEndpoints,
  ...auditEndpoints,
  ...opsEndpoints,
  ...lookupEndpoints,
  ...onboardingEndpoints,
  ...inboxEndpoints,
  ...segmentEndpoints,
  ...abTestEndpoints,
} as const satisfies Record<string, EndpointDefinition>;

export type Endpoints = typeof ENDPOINTS;
export type EndpointName = keyof Endpoints;

/** Names of the endpoints that have a given shape, e.g. `EndpointNameWhere<{ method: 'DELETE' }>`. */
export type EndpointNameWhere<Shape> = {
  [N in EndpointName]: Endpoints[N] extends Shape ? N : never;
}[EndpointName];

/** Endpoints that act on one row named by its `:id` (read it, delete it). */
export type RowEndpointName<M extends 'GET' | 'DELETE'> = EndpointNameWhere<{
  method: M;
  path: `${string}/:id`;
}>;
