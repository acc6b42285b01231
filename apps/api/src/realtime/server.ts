import type { IncomingMessage } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import {
  REALTIME_CHANNEL_ADMIN,
  REALTIME_CHANNEL_CLIENT_ADMIN,
  REALTIME_CHANNEL_SIGNIN,
} from '@blaster/contract';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import type { AppContext } from '../context';

/** Close codes the panel can tell apart from network drops. */
export const CLOSE_UNAUTHORIZED = 4401;
export const CLOSE_FORBIDDEN = 4403;

/** Who may listen on a channel: operators on the shared ones, a member only on their own id. */
export async function channelAllowed(
  ctx: AppContext,
  channel: string,
  token: string | null,
): Promise<boolean | 'unauthorized'> {
  if (channel === REALTIME_CHANNEL_SIGNIN) return true;
  if (!token) return 'unauthorized';
  const userId = await ctx.tokens.verify(token);
  if (!userId) return 'unauthorized';
  const [user] = await ctx.db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return 'unauthorized';
  const operator = user.role === 'admin' || user.role === 'dev';
  if (channel === REALTIME_CHANNEL_ADMIN || channel === REALTIME_CHANNEL_CLIENT_ADMIN) return operator;
  return operator || channel === String(user.id);
}

async function onConnection(ctx: AppContext, socket: WebSocket, request: IncomingMessage) {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const channel = url.searchParams.get('id') ?? '';
  const allowed = channel ? await channelAllowed(ctx, channel, url.searchParams.get('token')) : false;
  if (allowed !== true) {
    socket.close(
      allowed === 'unauthorized' ? CLOSE_UNAUTHORIZED : CLOSE_FORBIDDEN,
      allowed === 'unauthorized' ? 'Unauthorized' : 'Forbidden',
    );
    return;
  }
  const unsubscribe = ctx.hub.subscribe(channel, socket);
  socket.on('close', unsubscribe);
  socket.on('error', unsubscribe);
}

/** The realtime socket (default port 4000): `ws://host:4000/?id=<channel>&token=<authToken>`. */
export function startRealtimeServer(ctx: AppContext, options: { port: number; host: string }) {
  const server = new WebSocketServer({ port: options.port, host: options.host, maxPayload: 64 * 1024 });
  server.on('connection', (socket, request) => {
    void onConnection(ctx, socket, request).catch(() => socket.close(1011));
  });
  return {
    server,
    ready: new Promise<void>((resolve, reject) => {
      server.once('listening', resolve);
      server.once('error', reject);
    }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}
