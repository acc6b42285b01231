import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy on loopback between the API and its PostgreSQL server that breaks connections the ways a
 * network and a managed database do: a clean cut (the server closed the socket), a reset (RST), and a
 * stall (packets stop flowing for a while, then flow again).
 */
export interface FaultProxy {
  port: number;
  /** Connections passing through now. */
  readonly open: number;
  /** Closes every connection passing through now (FIN both ways). */
  cut(): void;
  /** Resets every connection passing through now (RST both ways). */
  reset(): void;
  /** Holds every byte both ways, on open and new connections, until `resume`. */
  stall(): void;
  resume(): void;
  /** The database is gone: open connections are cut and new ones refused, until `up`. */
  down(): void;
  up(): void;
  close(): Promise<void>;
}

interface Pair {
  client: Socket;
  server: Socket;
}

export async function startFaultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  const pairs = new Set<Pair>();
  let stalled = false;
  let refusing = false;
  // Bytes held during a stall, in arrival order, each with where it goes.
  let held: [Socket, Buffer][] = [];
  const forward = (from: Socket, to: Socket) =>
    from.on('data', (chunk: Buffer) => {
      if (stalled) held.push([to, chunk]);
      else if (!to.destroyed) to.write(chunk);
    });
  const server: Server = createServer((client) => {
    if (refusing) {
      client.resetAndDestroy();
      return;
    }
    const upstream = connect(target.port, target.host);
    const pair = { client, server: upstream };
    pairs.add(pair);
    forward(client, upstream);
    forward(upstream, client);
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop);
    upstream.on('error', drop);
    client.on('close', drop);
    upstream.on('close', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const proxy: FaultProxy = {
    port,
    get open() {
      return pairs.size;
    },
    cut() {
      for (const pair of pairs) {
        pair.client.end();
        pair.server.end();
        pair.client.destroy();
        pair.server.destroy();
      }
      pairs.clear();
    },
    reset() {
      for (const pair of pairs) {
        pair.client.resetAndDestroy();
        pair.server.resetAndDestroy();
      }
      pairs.clear();
    },
    stall() {
      stalled = true;
    },
    resume() {
      stalled = false;
      const waiting = held;
      held = [];
      for (const [to, chunk] of waiting) if (!to.destroyed) to.write(chunk);
    },
    down() {
      refusing = true;
      proxy.cut();
    },
    up() {
      refusing = false;
    },
    async close() {
      proxy.cut();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return proxy;
}
