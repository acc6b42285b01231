import WebSocket from 'ws';
import type { RealtimeHub } from '../../src/realtime/hub';
import { waitFor } from './chat';

/** What a test's socket was sent: each message parsed. */
export interface ReceivedMessage {
  event: string;
  payload?: unknown;
}

/** A client socket on the realtime channel, with what it received, its open and its close code. */
export function openSocket(url: string, headers: Record<string, string> = {}) {
  const socket = new WebSocket(url, { headers });
  const messages: ReceivedMessage[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(String(data)) as ReceivedMessage));
  const opened = new Promise<void>((resolve) => socket.once('open', () => resolve()));
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  return { socket, messages, opened, closed };
}

export type TestSocket = ReturnType<typeof openSocket>;

/**
 * Resolves once the hub counts a subscriber on `channel`, or the server closed the socket. The server
 * subscribes a socket as its upgrade completes, before the client has read the answer: a test that
 * closed it then would abort the handshake, so the client's open is awaited first.
 */
export async function subscribed(hub: RealtimeHub, client: TestSocket, channel: string) {
  await Promise.race([client.opened, client.closed]);
  await waitFor(
    () => hub.subscriberCount(channel) > 0 || client.socket.readyState === WebSocket.CLOSED,
    `a socket on channel ${channel}`,
  );
}
