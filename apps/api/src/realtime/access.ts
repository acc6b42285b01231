import type { ClusterBus } from '../cluster/bus';

/**
 * Tells whoever holds something open for a user (realtime sockets) that the user's role or token
 * version changed, on this instance and, through the cluster bus, on every other one.
 */
export interface AccessWatch {
  changed(userId: number): void;
  /** Calls `listener` whenever `userId` changes; returns the function that stops watching. */
  watch(userId: number, listener: () => void): () => void;
  /** Calls `listener` with the user's id whenever any user changes. */
  onAnyChange(listener: (userId: number) => void): void;
}

const ACCESS_TOPIC = 'user-access';

export function createAccessWatch(bus: ClusterBus): AccessWatch {
  const watchers = new Map<number, Set<() => void>>();
  const everyChange: ((userId: number) => void)[] = [];
  const notify = (userId: number) => {
    for (const listener of everyChange) listener(userId);
    for (const listener of watchers.get(userId) ?? []) listener();
  };
  bus.subscribe(ACCESS_TOPIC, (data) => notify((data as { userId: number }).userId));
  return {
    changed(userId) {
      notify(userId);
      bus.publish(ACCESS_TOPIC, { userId });
    },
    onAnyChange(listener) {
      everyChange.push(listener);
    },
    watch(userId, listener) {
      let set = watchers.get(userId);
      if (!set) {
        set = new Set();
        watchers.set(userId, set);
      }
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) watchers.delete(userId);
      };
    },
  };
}
