import { REALTIME_PATH, type RealtimeMessage } from '@blaster/contract';

type Handler = (message: RealtimeMessage) => void;

interface Channel {
  socket: WebSocket | null;
  handlers: Set<Handler>;
  retry: number;
  timer: ReturnType<typeof setTimeout> | null;
}

const channels = new Map<string, Channel>();

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
    channel.retry = 0;
  };
  socket.onmessage = (event) => {
    try {
      const message = JSON.parse(String(event.data)) as RealtimeMessage;
      channel.handlers.forEach((handler) => handler(message));
    } catch {
      // Not JSON: nothing the panel can show.
    }
  };
  socket.onclose = (event) => {
    channel.socket = null;
    // 4401/4403: the server refused this session; retrying would only be refused again.
    if (event.code !== 4401 && event.code !== 4403) scheduleReconnect(name, channel);
  };
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

/** One socket per channel for the whole session; returns the unsubscribe function. */
export function subscribe(name: string, handler: Handler): () => void {
  let channel = channels.get(name);
  if (!channel) {
    channel = { socket: null, handlers: new Set(), retry: 0, timer: null };
    channels.set(name, channel);
  }
  channel.handlers.add(handler);
  if (!channel.socket && !channel.timer) open(name, channel);
  const current = channel;
  return () => {
    current.handlers.delete(handler);
    if (current.handlers.size === 0) {
      if (current.timer) clearTimeout(current.timer);
      current.socket?.close();
      channels.delete(name);
    }
  };
}
