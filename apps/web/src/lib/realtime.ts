import { REALTIME_PATH, type RealtimeEvent } from '@blaster/contract';

type Handler = (message: RealtimeEvent) => void;

interface Channel {
  socket: WebSocket | null;
  handlers: Set<Handler>;
  /** Told each time the socket opens: what they fetched before it was open may have changed unheard. */
  openers: Set<() => void>;
  retry: number;
  timer: ReturnType<typeof setTimeout> | null;
  /** Open right now; and whether it was ever lost (so its next open is a reconnect). */
  live: boolean;
  lost: boolean;
  /** Called once the socket next opens or closes. */
  settled: (() => void)[];
}

const channels = new Map<string, Channel>();

/**
 * 'offline' while a channel of the page is lost (or the browser says it is offline), 'live' once one
 * is open, 'connecting' before the first open.
 */
export type RealtimeStatus = 'connecting' | 'live' | 'offline';
const statusListeners = new Set<() => void>();
const reconnectListeners = new Set<() => void>();
let browserOffline = typeof navigator !== 'undefined' && navigator.onLine === false;

export function realtimeStatus(): RealtimeStatus {
  const all = [...channels.values()];
  if (browserOffline || all.some((channel) => channel.lost && !channel.live)) return 'offline';
  return all.some((channel) => channel.live) ? 'live' : 'connecting';
}
export function onRealtimeStatus(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}
/** Called when the panel is back after being offline: what it shows may have changed meanwhile. */
export function onRealtimeReconnect(listener: () => void): () => void {
  reconnectListeners.add(listener);
  return () => reconnectListeners.delete(listener);
}
const statusChanged = () => statusListeners.forEach((listener) => listener());
const reconnected = () => reconnectListeners.forEach((listener) => listener());

if (typeof window !== 'undefined') {
  window.addEventListener('offline', () => {
    browserOffline = true;
    statusChanged();
  });
  window.addEventListener('online', () => {
    browserOffline = false;
    // Waiting out the back-off would keep the panel stale: every waiting channel tries now.
    for (const [name, channel] of channels)
      if (channel.timer) {
        clearTimeout(channel.timer);
        channel.timer = null;
        void open(name, channel);
      }
    statusChanged();
    reconnected();
  });
}

/**
 * The socket on the page's own host and port (one reverse-proxy port serves everything); the browser
 * sends the HttpOnly token cookie with the upgrade, so the token never appears in a URL.
 */
export function socketUrl(name: string, location: Pick<Location, 'protocol' | 'host'> = window.location) {
  const protocol = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${protocol}://${location.host}${REALTIME_PATH}?id=${encodeURIComponent(name)}`;
}

function open(name: string, channel: Channel) {
  if (channel.handlers.size === 0) return;
  const url = socketUrl(name);
  const socket = new WebSocket(url);
  channel.socket = socket;
  socket.onopen = () => {
    settle(channel);
    channel.retry = 0;
    channel.live = true;
    const wasLost = channel.lost;
    channel.lost = false;
    statusChanged();
    channel.openers.forEach((opened) => opened());
    if (wasLost) reconnected();
  };
  socket.onmessage = (event) => {
    try {
      const message = JSON.parse(String(event.data)) as RealtimeEvent;
      channel.handlers.forEach((handler) => handler(message));
    } catch {
      // Not JSON: nothing the panel can show.
    }
  };
  socket.onclose = (event) => {
    settle(channel);
    channel.socket = null;
    channel.live = false;
    // 4401/4403: the server refused this session; retrying would only be refused again (and the
    // panel is not offline: the refusal is the answer).
    const refused = event.code === 4401 || event.code === 4403;
    channel.lost = !refused;
    statusChanged();
    if (!refused) scheduleReconnect(name, channel);
  };
}

function settle(channel: Channel) {
  for (const done of channel.settled.splice(0)) done();
}

/**
 * Resolves once a subscribed channel is open (at once if it is), or as soon as its socket closes or
 * `waitMs` passes: whoever waits (an upload that wants its progress heard) then goes on without it.
 */
export function channelSettled(name: string, waitMs: number): Promise<void> {
  const channel = channels.get(name);
  if (!channel || channel.live) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, waitMs);
    channel.settled.push(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

function scheduleReconnect(name: string, channel: Channel) {
  if (channel.handlers.size === 0 || channel.timer) return;
  const delay = Math.min(30_000, 1_000 * 2 ** channel.retry);
  channel.retry += 1;
  channel.timer = setTimeout(() => {
    channel.timer = null;
    open(name, channel);
  }, delay);
}

/**
 * One socket per channel for the whole session; returns the unsubscribe function. `onOpen` is called
 * whenever the channel's socket opens after this call: an event published before that reached no one,
 * so a subscriber showing fetched state fetches it again.
 */
export function subscribe(name: string, handler: Handler, onOpen?: () => void): () => void {
  let channel = channels.get(name);
  if (!channel) {
    channel = {
      socket: null,
      handlers: new Set(),
      openers: new Set(),
      retry: 0,
      timer: null,
      live: false,
      lost: false,
      settled: [],
    };
    channels.set(name, channel);
    statusChanged();
  }
  channel.handlers.add(handler);
  if (onOpen) channel.openers.add(onOpen);
  if (!channel.socket && !channel.timer) open(name, channel);
  const current = channel;
  return () => {
    current.handlers.delete(handler);
    if (onOpen) current.openers.delete(onOpen);
    if (current.handlers.size === 0) {
      if (current.timer) clearTimeout(current.timer);
      current.socket?.close();
      channels.delete(name);
      statusChanged();
    }
  };
}
