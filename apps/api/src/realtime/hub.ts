import { randomUUID } from 'node:crypto';
import { REALTIME_CHANNEL_PRIVATE, type RealtimeEvent } from '@blaster/contract';
import type { ClusterBus } from '../cluster/bus';

export interface Subscriber {
  send(data: string): void;
}

/**
 * Channels: 'admin' (admin and dev), '<member id>', 'client-admin' (phone-number events),
 * 'client-user' (the sign-in page) and 'private:<user id>' (`privateChannelOf`). Modules only ever
 * call `publish`.
 */
export interface RealtimeHub {
  publish(channel: string | number, message: RealtimeEvent): void;
  subscribe(channel: string, subscriber: Subscriber): () => void;
  /** Counts delivered per channel, for monitors and tests. */
  subscriberCount(channel: string): number;
  /** Subscribers on every channel of this process: its open sockets (the metrics). */
  totalSubscribers(): number;
  /** Sees every published message (the developer monitors record them). */
  tap(listener: (channel: string, message: RealtimeEvent) => void): () => void;
}

const REALTIME_TOPIC = 'realtime';

/**
 * The channel of one user's private events (an import's progress): a socket reaches it only by asking
 * for REALTIME_CHANNEL_PRIVATE, which the server resolves to the signed-in user's own.
 */
export const privateChannelOf = (userId: number) => `${REALTIME_CHANNEL_PRIVATE}:${userId}`;
/** Remote messages remembered by id, so one event sent to two channels stays one object here too. */
const REMEMBERED = 1_000;

interface RemoteEvent {
  channel: string;
  id: string;
  message: RealtimeEvent;
}

/** Delivers to this process's sockets and, through the bus, to every other instance's. */
export function createHub(bus?: ClusterBus): RealtimeHub {
  const channels = new Map<string, Set<Subscriber>>();
  const taps = new Set<(channel: string, message: RealtimeEvent) => void>();
  const ids = new WeakMap<RealtimeEvent, string>();
  const remote = new Map<string, RealtimeEvent>();
  let total = 0;

  const deliver = (channel: string, message: RealtimeEvent) => {
    for (const listener of taps) listener(channel, message);
    const subscribers = channels.get(channel);
    if (!subscribers?.size) return;
    // Payload first, as the socket has always sent it.
    const { payload, ...rest } = message;
    const data = JSON.stringify({ payload, ...rest });
    for (const subscriber of subscribers) {
      try {
        subscriber.send(data);
      } catch {
        // A socket closing mid-send is removed by its close handler.
      }
    }
  };

  bus?.subscribe(REALTIME_TOPIC, (data) => {
    const event = data as RemoteEvent;
    let message = remote.get(event.id);
    if (!message) {
      message = event.message;
      remote.set(event.id, message);
      if (remote.size > REMEMBERED) remote.delete(remote.keys().next().value!);
    }
    deliver(event.channel, message);
  });

  return {
    publish(channel, message) {
      deliver(String(channel), message);
      if (!bus) return;
      let id = ids.get(message);
      if (!id) {
        id = randomUUID();
        ids.set(message, id);
      }
      bus.publish(REALTIME_TOPIC, { channel: String(channel), id, message } satisfies RemoteEvent);
    },
    subscribe(channel, subscriber) {
      let subscribers = channels.get(channel);
      if (!subscribers) {
        subscribers = new Set();
        channels.set(channel, subscribers);
      }
      if (!subscribers.has(subscriber)) total += 1;
      subscribers.add(subscriber);
      return () => {
        if (subscribers.delete(subscriber)) total -= 1;
        if (subscribers.size === 0) channels.delete(channel);
      };
    },
    subscriberCount(channel) {
      return channels.get(channel)?.size ?? 0;
    },
    totalSubscribers() {
      return total;
    },
    tap(listener) {
      taps.add(listener);
      return () => taps.delete(listener);
    },
  };
}
