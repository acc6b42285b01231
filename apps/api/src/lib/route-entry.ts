import type { z } from 'zod';
import type { Role } from '@blaster/contract';

/**
 * One registered route as the app context lists it (the API reference, the authorization and fuzz
 * tests read the list). Kept apart from the route registration so that the context, which every
 * module imports, does not depend on it.
 */
export interface RouteEntry {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  /** 'public' or the roles admitted; the server enforces it before any handler runs. */
  access: 'public' | readonly Role[];
  /** Path parameter naming a user: non-operators may pass only their own id, operators also 'all'. */
  ownerParam?: string;
  /** The zod schemas the route validates with (the API reference and the fuzz test read them). */
  schemas?: { body?: z.ZodType; query?: z.ZodType; params?: z.ZodType };
}
