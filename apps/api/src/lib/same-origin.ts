import type { IncomingHttpHeaders } from 'node:http';

/** The origin of a configured entry ('https://panel.example.com/'), or null when it is not a URL. */
export function originOf(text: string): string | null {
  try {
    const { origin } = new URL(text);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * Whether a browser sent this request from a page of another site. The page's Origin must name the
 * host the request was sent to (its port too, unless `anyPort`: the legacy socket port serves pages of
 * the HTTP port) or one of the operator's allowed origins. Without Origin, Sec-Fetch-Site tells; a
 * client that sends neither is not a browser page, and a cookie is not what it authenticates with.
 */
export function isCrossSite(
  headers: IncomingHttpHeaders,
  host: string | undefined,
  allowedOrigins: readonly string[],
  options: { anyPort?: boolean } = {},
): boolean {
  const origin = headers.origin;
  if (origin === undefined) {
    const site = headers['sec-fetch-site'];
    return site === 'cross-site' || site === 'same-site';
  }
  const claimed = originOf(origin);
  if (!claimed) return true;
  if (allowedOrigins.includes(claimed)) return false;
  if (!host) return true;
  const { host: originHost, hostname: originHostname } = new URL(claimed);
  const requestHost = host.toLowerCase();
  if (!options.anyPort) return originHost !== requestHost;
  return originHostname !== hostnameOf(requestHost);
}

function hostnameOf(host: string): string | null {
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return null;
  }
}
