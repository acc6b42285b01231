import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import fastifyCookie from '@fastify/cookie';
import { WebSocket, WebSocketServer } from 'ws';
import {
  COOKIE_AUTH_TOKEN,
  REALTIME_CHANNEL_ADMIN,
  REALTIME_CHANNEL_CLIENT_ADMIN,
  REALTIME_CHANNEL_PRIVATE,
  REALTIME_CHANNEL_SIGNIN,
  REALTIME_PATH,
  type Role,
} from '@blaster/contract';
import type { AppContext } from '../context';
import { clientAddressOf } from '../lib/client-address';
import { userOfToken, type AuthUser } from '../lib/routes';
import { isCrossSite } from '../lib/same-origin';
import { lastTextFrame } from './frame';
import { privateChannelOf } from './hub';

/** Close codes the panel can tell apart from network drops. */
export const CLOSE_UNAUTHORIZED = 4401;
export const CLOSE_FORBIDDEN = 4403;
/** The address holds as many sockets that are not signed in as it may (the standard "try again later"). */
export const CLOSE_TRY_AGAIN_LATER = 1013;
/** The server is stopping (RFC 6455 "Service Restart"): the panel shows it reconnecting and retries. */
export const CLOSE_RESTARTING = 1012;
/** How long a stopping server lets the close frames go out before it cuts the sockets. */
const CLOSE_GRACE_MS = 500;

/**
 * Tells every socket the server is going away, so panels show they are reconnecting at once (to
 * another instance behind a proxy), and cuts those that do not close in time.
 */
function closeAll(server: WebSocketServer) {
  for (const client of server.clients) client.close(CLOSE_RESTARTING, 'Server restarting');
  setTimeout(() => {
    for (const client of server.clients) client.terminate();
  }, CLOSE_GRACE_MS).unref();
}

const MAX_PAYLOAD = 64 * 1024;
/** Frames are written straight to the connection (see `subscriber`), which compression would forbid. */
const SERVER_OPTIONS = { maxPayload: MAX_PAYLOAD, perMessageDeflate: false } as const;

const frameOf = lastTextFrame();

/**
 * A socket as the hub's subscriber. The event's frame is built once for all sockets and written to
 * the connection as it is: framing each socket's copy again was half the server's cost of a fan-out.
 * ws writes its own frames (pings, close) to the same connection synchronously, so the order holds.
 */
function subscriber(socket: WebSocket, connection: Duplex) {
  return {
    send(text: string) {
      if (socket.readyState === WebSocket.OPEN) connection.write(frameOf(text));
    },
  };
}

/**
 * Who may listen on a channel: operators on the shared ones, a member only on their own id, and every
 * signed-in user on their own private channel (asked for by its bare name; nobody names another's).
 */
export function roleMayListen(user: { id: number; role: Role }, channel: string): boolean {
  if (channel === REALTIME_CHANNEL_SIGNIN || channel === REALTIME_CHANNEL_PRIVATE) return true;
  if (channel.startsWith(`${REALTIME_CHANNEL_PRIVATE}:`)) return false;
  const operator = user.role === 'admin' || user.role === 'dev';
  if (channel === REALTIME_CHANNEL_ADMIN || channel === REALTIME_CHANNEL_CLIENT_ADMIN) return operator;
  return operator || channel === String(user.id);
}

type Verdict = { ok: true; user: AuthUser | null } | { ok: false; code: number; reason: string };

async function decide(ctx: AppContext, channel: string, token: string | null): Promise<Verdict> {
  if (!channel) return { ok: false, code: CLOSE_FORBIDDEN, reason: 'Forbidden' };
  if (channel === REALTIME_CHANNEL_SIGNIN) return { ok: true, user: null };
  const user = await userOfToken(ctx, token);
  if (!user) return { ok: false, code: CLOSE_UNAUTHORIZED, reason: 'Unauthorized' };
  if (!roleMayListen(user, channel)) return { ok: false, code: CLOSE_FORBIDDEN, reason: 'Forbidden' };
  return { ok: true, user };
}

/**
 * The token of a socket: the Authorization header (API clients), else the token cookie (browsers send
 * it with the upgrade), else, on the legacy port only, `?token=`.
 */
function socketToken(request: IncomingMessage, url: URL, allowQueryToken: boolean): string | null {
  const header = request.headers.authorization;
  const bearer = header ? /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim() : undefined;
  if (bearer) return bearer;
  const cookies = request.headers.cookie ? fastifyCookie.parse(request.headers.cookie) : {};
  if (cookies[COOKIE_AUTH_TOKEN]) return cookies[COOKIE_AUTH_TOKEN];
  return allowQueryToken ? url.searchParams.get('token') : null;
}

/**
 * Sockets not signed in, per client address, shared by both ports of one app: one address cannot
 * hold sockets by the hundred without an account.
 */
const anonymousByApp = new WeakMap<AppContext, Map<string, number>>();

function holdAnonymous(ctx: AppContext, address: string): (() => void) | null {
  let counts = anonymousByApp.get(ctx);
  if (!counts) anonymousByApp.set(ctx, (counts = new Map()));
  const held = counts.get(address) ?? 0;
  if (held >= ctx.config.realtimeAnonymousPerAddress) return null;
  counts.set(address, held + 1);
  return () => {
    const left = (counts.get(address) ?? 1) - 1;
    if (left > 0) counts.set(address, left);
    else counts.delete(address);
  };
}

/** Browsers always send Origin with a socket; a page of another site may not listen in. */
const crossSiteSocket = (ctx: AppContext, request: IncomingMessage, anyPort: boolean) =>
  isCrossSite(request.headers, request.headers.host, ctx.config.allowedOrigins, { anyPort });

/** What the server decided about a socket before opening it: its channel, token and verdict. */
interface Admission {
  channel: string;
  token: string | null;
  verdict: Verdict;
}

/** The server could not check the token (its database is away): the socket opens and closes at once. */
const UNCHECKED: Verdict = { ok: false, code: 1011, reason: 'Internal error' };
const UNCHECKED_ADMISSION: Admission = { channel: '', token: null, verdict: UNCHECKED };

/**
 * Checks a socket's token and channel before its upgrade completes. The panel takes the socket's open
 * as the moment from which every change reaches it (it reads its rows again then): a socket that
 * opened first and subscribed once a slow check ended would miss what changed in between.
 */
async function admit(
  ctx: AppContext,
  request: IncomingMessage,
  allowQueryToken: boolean,
): Promise<Admission> {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const channel = url.searchParams.get('id') ?? '';
  const token = socketToken(request, url, allowQueryToken);
  const verdict = await decide(ctx, channel, token).catch(() => UNCHECKED);
  return { channel, token, verdict };
}

/**
 * Subscribes an opened socket to its channel, in the same turn as its upgrade completed, and keeps
 * checking it: when the user's role or token version changes (on any instance), a socket the user may
 * no longer hold is closed.
 */
function onConnection(
  ctx: AppContext,
  socket: WebSocket,
  request: IncomingMessage,
  { channel, token, verdict }: Admission,
  clientAddress: (request: IncomingMessage) => string,
) {
  // A socket with a token is signed in or closed as soon as it opens; the sign-in channel and sockets
  // without a token stay anonymous for as long as they are open.
  if (channel === REALTIME_CHANNEL_SIGNIN || !token) {
    const release = holdAnonymous(ctx, clientAddress(request));
    if (!release) {
      socket.close(CLOSE_TRY_AGAIN_LATER, 'Too many sockets');
      return;
    }
    socket.once('close', release);
  }
  if (!verdict.ok) {
    socket.close(verdict.code, verdict.reason);
    return;
  }
  const hubChannel =
    channel === REALTIME_CHANNEL_PRIVATE && verdict.user ? privateChannelOf(verdict.user.id) : channel;
  const unsubscribe = ctx.hub.subscribe(hubChannel, subscriber(socket, request.socket));
  let unwatch = () => {};
  const end = () => {
    unsubscribe();
    unwatch();
  };
  if (verdict.user) {
    unwatch = ctx.access.watch(verdict.user.id, () => {
      void decide(ctx, channel, token)
        .then((again) => {
          if (again.ok) return;
          end();
          socket.close(again.code, again.reason);
        })
        .catch(() => {
          // The database is away: keep the socket; the next change checks again.
        });
    });
  }
  socket.on('close', end);
  socket.on('error', end);
}

/** The legacy realtime port (default 4000): `ws://host:4000/?id=<channel>`. */
export function startRealtimeServer(ctx: AppContext, options: { port: number; host: string }) {
  const clientAddress = clientAddressOf(ctx.config.trustProxy);
  const admissions = new WeakMap<IncomingMessage, Admission>();
  const server = new WebSocketServer({
    port: options.port,
    host: options.host,
    ...SERVER_OPTIONS,
    verifyClient: ({ req }, done) => {
      // The panel's pages come from the HTTP port: the same host on another port is the same site.
      if (crossSiteSocket(ctx, req, true)) return done(false, 403);
      void admit(ctx, req, true).then((admission) => {
        admissions.set(req, admission);
        done(true);
      });
    },
  });
  server.on('connection', (socket, request) => {
    onConnection(ctx, socket, request, admissions.get(request) ?? UNCHECKED_ADMISSION, clientAddress);
  });
  return {
    server,
    ready: new Promise<void>((resolve, reject) => {
      server.once('listening', resolve);
      server.once('error', reject);
    }),
    close: () =>
      new Promise<void>((resolve) => {
        closeAll(server);
        server.close(() => resolve());
      }),
  };
}

/**
 * The same socket on the main HTTP port at REALTIME_PATH, so one reverse-proxy port serves the panel,
 * the API and the socket. Authenticated by header or cookie only: no token in the URL.
 */
export function attachRealtime(ctx: AppContext, httpServer: Server) {
  const clientAddress = clientAddressOf(ctx.config.trustProxy);
  const server = new WebSocketServer({ noServer: true, ...SERVER_OPTIONS });
  const onUpgrade = (request: IncomingMessage, stream: Duplex, head: Buffer) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path !== REALTIME_PATH) {
      stream.destroy();
      return;
    }
    if (crossSiteSocket(ctx, request, false)) {
      stream.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    // Until ws takes the connection over, a reset while the token is checked is ours to handle.
    const dropped = () => stream.destroy();
    stream.on('error', dropped);
    void admit(ctx, request, false).then((admission) => {
      stream.off('error', dropped);
      server.handleUpgrade(request, stream, head, (socket) =>
        onConnection(ctx, socket, request, admission, clientAddress),
      );
    });
  };
  httpServer.on('upgrade', onUpgrade);
  return {
    server,
    close() {
      httpServer.off('upgrade', onUpgrade);
      closeAll(server);
      server.close();
    },
  };
}
