import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { Config } from '../config';

/** A hop count trusts that many proxies next to us (what Fastify does with a number at run time). */
export function trustProxyOption(trust: Config['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/**
 * The client's address of a request Fastify does not see (a socket's upgrade), read the way Fastify
 * reads `request.ip`: X-Forwarded-For only from the proxies the operator named.
 */
export function clientAddressOf(trust: Config['trustProxy']) {
  const option = trustProxyOption(trust);
  if (option === false) return (request: IncomingMessage) => request.socket.remoteAddress ?? '';
  const trusted = typeof option === 'function' ? option : proxyAddr.compile(option);
  return (request: IncomingMessage) => proxyAddr(request, trusted);
}
