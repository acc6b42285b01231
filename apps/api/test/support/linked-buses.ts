import type { ClusterBus } from '../../src/cluster/bus';

type Handler = (data: unknown) => void;

/**
 * Buses of instances in one test process, joined in memory as the PostgreSQL bus joins processes: a
 * message published on one reaches the others' subscribers, never its sender's, on a later turn of
 * the event loop (as a notification would), in the order it was published.
 */
export function linkedBuses(instanceIds: string[]): ClusterBus[] {
  const subscribers = new Map<string, Map<string, Set<Handler>>>(instanceIds.map((id) => [id, new Map()]));
  return instanceIds.map((instanceId) => ({
    instanceId,
    publish(topic, data) {
      for (const [other, topics] of subscribers)
        if (other !== instanceId)
          setImmediate(() => {
            for (const handler of topics.get(topic) ?? []) handler(data);
          });
    },
    subscribe(topic, handler) {
      const topics = subscribers.get(instanceId)!;
      const handlers = topics.get(topic) ?? new Set<Handler>();
      topics.set(topic, handlers);
      handlers.add(handler);
      return () => void handlers.delete(handler);
    },
    close: async () => subscribers.get(instanceId)!.clear(),
  }));
}
