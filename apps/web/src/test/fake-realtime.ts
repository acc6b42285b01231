import type { RealtimeEvent } from '@blaster/contract';

/** Each channel's handler, by the channel's name: a test calls it to deliver an event. */
export const realtimeHandlers = new Map<string, (message: RealtimeEvent) => void>();

/**
 * Stands in for lib/realtime's `subscribe` in unit tests, which mock the module with
 * `vi.mock('../../lib/realtime', () => import('../../test/fake-realtime'))`.
 */
export function subscribe(name: string, handler: (message: RealtimeEvent) => void) {
  realtimeHandlers.set(name, handler);
  return () => realtimeHandlers.delete(name);
}
