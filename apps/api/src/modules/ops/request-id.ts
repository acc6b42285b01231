import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';
import type { Config } from '../../config';

/** What a proxy may hand us as a request id: short, printable, nothing a log reader could trip on. */
const ACCEPTED_ID = /^[\w.:@/+=-]{1,128}$/;

/** Named ranges a TRUST_PROXY list may use, as Fastify's own trust setting understands them. */
const NAMED_RANGES: Record<string, [string, number, 'ipv4' | 'ipv6'][]> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  linklocal: [
    ['169.254.0.0', 16, 'ipv4'],
    ['fe80::', 10, 'ipv6'],
  ],
  uniquelocal: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
};

/** Whether the peer of a connection is one of the proxies the operator named (TRUST_PROXY). */
export function trustedPeer(trust: Config['trustProxy']): (address: string | undefined) => boolean {
  if (trust === false) return () => false;
  // A hop count trusts the proxy next to us, whatever its address.
  if (typeof trust === 'number') return () => trust > 0;
  const list = new BlockList();
  for (const entry of trust) {
    const named = NAMED_RANGES[entry];
    if (named) {
      for (const [network, prefix, family] of named) list.addSubnet(network, prefix, family);
      continue;
    }
    const [address, prefix] = entry.split('/');
    const family = isIP(address ?? '') === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address!, family);
    else list.addSubnet(address!, Number(prefix), family);
  }
  return (address) => {
    if (!address) return false;
    const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
    const family = isIP(plain) === 6 ? 'ipv6' : 'ipv4';
    return list.check(plain, family);
  };
}

/**
 * Request ids: the `x-request-id` a trusted proxy set (so one id follows a request from the proxy's
 * log into ours), otherwise a fresh random one. A client talking to us directly cannot choose its id.
 */
export function requestIdGenerator(trust: Config['trustProxy']) {
  const trusted = trustedPeer(trust);
  return (request: IncomingMessage) => {
    const given = request.headers['x-request-id'];
    if (typeof given === 'string' && ACCEPTED_ID.test(given) && trusted(request.socket?.remoteAddress))
      return given;
    return randomUUID();
  };
}
