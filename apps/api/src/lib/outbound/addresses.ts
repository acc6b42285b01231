import ipaddr from 'ipaddr.js';

/**
 * Which addresses an outbound request may reach. By default only public unicast ones: an operator's
 * receiver that resolved to loopback, a private network, a cloud metadata service or any other
 * special range would let a saved URL reach inside the host's network.
 */

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** IPv6 global unicast (2000::/3): everything outside it (IPv4-compatible ::/96 included) is refused. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/** Parses an IP literal, brackets allowed; IPv4-mapped IPv6 becomes the IPv4 address it stands for. */
export function parseAddress(text: string): Address | null {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  // Only the canonical forms: the URL parser already turned 127.1, 2130706433 and 0x7f000001 into
  // 127.0.0.1, and the resolver answers canonical addresses.
  if (!ipaddr.IPv4.isValidFourPartDecimal(bare) && !ipaddr.IPv6.isValid(bare)) return null;
  return ipaddr.process(bare);
}

/**
 * Public unicast: not loopback, private, shared (100.64/10), link-local, multicast, reserved,
 * unspecified, documentation or benchmarking space, nor an IPv6 form that carries an IPv4 address
 * (NAT64, 6to4, Teredo, SIIT) or that is not global unicast (unique-local fc00::/7, ::/96...).
 */
export function isPublicAddress(address: Address): boolean {
  if (address.range() !== 'unicast') return false;
  return address.kind() === 'ipv4' || (address as ipaddr.IPv6).match(GLOBAL_UNICAST_V6);
}

/**
 * Names that only mean something inside a network: single labels (a container's or a LAN host's
 * name), localhost and the suffixes reserved for local use. Refused before they are resolved, so a
 * resolver that does not know them today cannot make them reachable tomorrow.
 */
const INTERNAL_SUFFIXES = ['.localhost', '.local', '.internal', '.home.arpa', '.lan', '.intranet'];

export function isInternalName(hostname: string): boolean {
  const name = normaliseHostname(hostname);
  if (name === 'localhost' || !name.includes('.')) return true;
  return INTERNAL_SUFFIXES.some((suffix) => name.endsWith(suffix));
}

/** Lower case, without a trailing dot (`localhost.` is `localhost`) nor IPv6 brackets. */
export function normaliseHostname(hostname: string): string {
  const lower = hostname.toLowerCase().replace(/\.+$/, '');
  return lower.startsWith('[') && lower.endsWith(']') ? lower.slice(1, -1) : lower;
}

/**
 * The operator's exceptions for receivers inside the network (WEBHOOK_ALLOWED_HOSTS): host names,
 * matched exactly whatever they resolve to, and addresses or CIDR ranges, matched after resolution.
 */
export interface AllowList {
  hosts: ReadonlySet<string>;
  ranges: readonly [Address, number][];
}

/** Reads a comma-separated list; an entry that is neither a name, an address nor a range stops the start. */
export function parseAllowList(text: string | undefined): AllowList {
  const hosts = new Set<string>();
  const ranges: [Address, number][] = [];
  const entries = (text ?? '').split(',').map((part) => part.trim());
  for (const entry of entries.filter(Boolean)) {
    const bare = normaliseHostname(entry);
    if (bare.includes('/')) {
      if (!ipaddr.isValidCIDR(bare)) throw new Error(`WEBHOOK_ALLOWED_HOSTS: '${entry}' is not a CIDR range`);
      const [address, bits] = ipaddr.parseCIDR(bare);
      ranges.push([address, bits]);
    } else if (ipaddr.isValid(bare)) {
      const address = ipaddr.parse(bare);
      ranges.push([address, address.kind() === 'ipv4' ? 32 : 128]);
    } else if (/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(bare)) {
      hosts.add(bare);
    } else throw new Error(`WEBHOOK_ALLOWED_HOSTS: '${entry}' is not a host name, address or CIDR range`);
  }
  return { hosts, ranges };
}

export function isAllowedHost(hostname: string, allowed: AllowList): boolean {
  return allowed.hosts.has(normaliseHostname(hostname));
}

/** Public, or inside a range the operator allowed. */
export function isReachable(address: Address, allowed: AllowList): boolean {
  if (isPublicAddress(address)) return true;
  return allowed.ranges.some(([range, bits]) => {
    // An IPv4 range also covers the IPv4-mapped form: parseAddress already turned it into IPv4.
    if (range.kind() !== address.kind()) return false;
    return address.match(range, bits);
  });
}
