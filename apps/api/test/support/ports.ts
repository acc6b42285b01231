import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * The first port the kernel hands out on its own (outgoing connections, `listen(0)`): a port chosen
 * below it can only be taken by another explicit choice, never by some test's database connection.
 */
function ephemeralPortsStart(): number {
  try {
    return (
      Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32768
    );
  } catch {
    return 32768;
  }
}

function listensOn(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * A port free on loopback right now, outside the kernel's ephemeral range: one picked by `listen(0)`
 * was taken again by an outgoing connection before the server listened, on a busy machine.
 */
export async function freePort(): Promise<number> {
  const low = 10_000;
  const high = Math.max(low + 1_000, ephemeralPortsStart());
  for (;;) {
    const port = low + Math.floor(Math.random() * (high - low));
    if (await listensOn(port)) return port;
  }
}
