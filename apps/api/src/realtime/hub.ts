import type { RealtimeMessage } from '@blaster/contract';

export interface Subscriber {
  send(data: string): void;
}

/**
 * Channels: 'admin' (admin and dev), '<member id>', 'client-admin' (phone-number events) and
 * 'client-user' (the sign-in page). Modules only ever call `publish`.
 */
export interface RealtimeHub {
  publish(channel: string | number, message: RealtimeMessage): void;
  subscribe(channel: string, subscriber: Subscriber): () => void;
  /** Counts delivered per channel, for monitors and tests. */
  subscriberCount(channel: string): number;
  /** Sees every published message (the developer monitors record them). */
  tap(listener: (channel: string, message: RealtimeMessage) => void): () => void;
}

export function createHub(): RealtimeHub {
  const channels = new Map<string, Set<Subscriber>>();
  const taps = new Set<(channel: string, message: RealtimeMessage) => void>();
  return {
    publish(channel, message) {
      for (const listener of taps) listener(String(channel), message);
      const subscribers = channels.get(String(channel));
      if (!subscribers?.size) return;
      const data = JSON.stringify({ payload: {}, ...message });
      for (const subscriber of subscribers) {
        try {
          subscriber.send(data);
        } catch {
          // A socket closing mid-send is removed by its close handler.
        }
      }
    },
    subscribe(channel, subscriber) {
      let subscribers = channels.get(channel);
      if (!subscribers) {
        subscribers = new Set();
        channels.set(channel, subscribers);
      }
      subscribers.add(subscriber);
      return () => {
        subscribers.delete(subscriber);
        if (subscribers.size === 0) channels.delete(channel);
      };
    },
    subscriberCount(channel) {
      return channels.get(channel)?.size ?? 0;
    },
    tap(listener) {
      taps.add(listener);
      return () => taps.delete(listener);
    },
  };
}
