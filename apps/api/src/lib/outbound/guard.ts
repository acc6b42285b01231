import { promises as dns } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import {
  isAllowedHost,
  isInternalName,
  isReachable,
  normaliseHostname,
  parseAddress,
  type AllowList,
} from './addresses';

/** One address a name resolves to, as `dns.lookup` with `all: true` gives it. */
export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to every address it has (tests inject a stub: no query leaves the host). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

/** Why a request did not get an answer, in words that tell nothing of what listens where. */
export type OutboundFailure = 'refused' | 'timeout' | 'failed';

export class OutboundError extends Error {
  constructor(readonly kind: OutboundFailure) {
    super(
      kind === 'refused' ? 'address not allowed' : kind === 'timeout' ? 'timed out' : 'connection failed',
    );
    this.name = 'OutboundError';
  }
}

/** How long saving waits for a name to resolve before it leaves the check to the connection. */
const SAVE_RESOLVE_MS = 5_000;

/** Read and dropped to keep a connection for the next request; a longer answer closes it. */
const MAX_DRAINED_BYTES = 64 * 1024;

/** An idle kept-alive connection is closed after this. */
const IDLE_CONNECTION_MS = 15_000;

/**
 * Keeps outbound requests (webhooks) away from the host's own network. A URL is checked when it is
 * saved and again at every connection, on the addresses the name resolves to right then and which
 * the socket then uses: a name that answered a public address at saving and a private one later (DNS
 * rebinding) is refused before anything connects.
 */
export class OutboundGuard {
  constructor(
    private readonly allowed: AllowList,
    private readonly resolve: Resolver = systemResolver,
  ) {}

  /**
   * The addresses a host may be reached at, or an OutboundError('refused'). An allowed name is
   * trusted whatever it resolves to; otherwise every address must be public or in an allowed range,
   * since a client could connect to any one of them.
   */
  private async reachable(hostname: string): Promise<ResolvedAddress[]> {
    const literal = parseAddress(hostname);
    if (literal) {
      if (!isReachable(literal, this.allowed)) throw new OutboundError('refused');
      return [{ address: literal.toString(), family: literal.kind() === 'ipv4' ? 4 : 6 }];
    }
    const name = normaliseHostname(hostname);
    const trusted = isAllowedHost(name, this.allowed);
    if (!trusted && isInternalName(name)) throw new OutboundError('refused');
    let addresses: ResolvedAddress[];
    try {
      addresses = await this.resolve(name);
    } catch {
      throw new OutboundError('failed');
    }
    if (addresses.length === 0) throw new OutboundError('failed');
    if (trusted) return addresses;
    for (const { address } of addresses) {
      const parsed = parseAddress(address);
      if (!parsed || !isReachable(parsed, this.allowed)) throw new OutboundError('refused');
    }
    return addresses;
  }

  /**
   * When a URL is saved: 'refused' when its host is or resolves to an address it may not reach;
   * 'ok' otherwise, a name that does not resolve (yet) included: the connection checks it again.
   */
  async checkOnSave(url: string): Promise<'ok' | 'refused'> {
    const { hostname } = new URL(url);
    let timer: NodeJS.Timeout | undefined;
    const gaveUp = new Promise<'ok'>((resolve) => {
      timer = setTimeout(() => resolve('ok'), SAVE_RESOLVE_MS);
      timer.unref();
    });
    const checked = this.reachable(hostname).then(
      () => 'ok' as const,
      (error: unknown) => (error instanceof OutboundError && error.kind === 'refused' ? 'refused' : 'ok'),
    );
    try {
      return await Promise.race([checked, gaveUp]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The socket's resolver: only checked addresses ever reach `connect`. */
  private readonly lookup: LookupFunction = (hostname, options, callback) => {
    this.reachable(hostname).then(
      (addresses) => {
        const wanted = options.family === 4 || options.family === 6 ? options.family : null;
        const usable = wanted ? addresses.filter((entry) => entry.family === wanted) : addresses;
        if (usable.length === 0) {
          callback(new OutboundError('failed'), '', 0);
          return;
        }
        if (options.all) (callback as unknown as (e: null, all: ResolvedAddress[]) => void)(null, usable);
        else callback(null, usable[0]!.address, usable[0]!.family);
      },
      (error: unknown) => callback(error as NodeJS.ErrnoException, '', 0),
    );
  };

  /**
   * Connections kept for the next request to the same receiver (a blast sends many). Only a new
   * connection resolves, through the checking `lookup`; a kept one stays with the address checked
   * when it was opened.
   */
  private readonly agents = {
    http: new http.Agent({ keepAlive: true, timeout: IDLE_CONNECTION_MS, lookup: this.lookup }),
    https: new https.Agent({ keepAlive: true, timeout: IDLE_CONNECTION_MS, lookup: this.lookup }),
  };

  /** Closes the kept connections (the process is stopping). */
  close() {
    this.agents.http.destroy();
    this.agents.https.destroy();
  }

  /**
   * POSTs a body and answers the response's status; the response's body is never read. A redirect is
   * an answer like any other (never followed). Fails with an OutboundError only.
   */
  async post(
    url: string,
    request: { headers: Record<string, string>; body: string; timeoutMs: number },
  ): Promise<number> {
    const target = new URL(url);
    // A literal address skips the socket's resolver: checked here, before anything connects.
    if (parseAddress(target.hostname)) await this.reachable(target.hostname);
    const secure = target.protocol === 'https:';
    return new Promise<number>((resolve, reject) => {
      const outgoing = (secure ? https : http).request(target, {
        method: 'POST',
        headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
        lookup: this.lookup,
        agent: secure ? this.agents.https : this.agents.http,
      });
      // One deadline for resolving, connecting, the answer and draining it.
      const timer = setTimeout(() => outgoing.destroy(new OutboundError('timeout')), request.timeoutMs);
      outgoing.on('response', (response) => {
        resolve(response.statusCode ?? 0);
        // The body is never looked at: drained (so the connection serves again) up to a limit.
        let drained = 0;
        response.on('data', (chunk: Buffer) => {
          drained += chunk.length;
          if (drained > MAX_DRAINED_BYTES) response.destroy();
        });
        response.on('error', () => {});
        response.on('close', () => clearTimeout(timer));
      });
      outgoing.on('error', (error) => {
        clearTimeout(timer);
        reject(error instanceof OutboundError ? error : new OutboundError('failed'));
      });
      outgoing.end(request.body);
    });
  }
}
