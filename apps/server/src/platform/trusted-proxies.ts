// Whose X-Forwarded-For the app believes (DUKA_TRUST_PROXY). Believing a client's own header would let it choose its
// address, and with it escape the per-address sign-in limits and write any address into the audit log. So only the
// proxies' own addresses are believed: a client that reaches a node directly, past the balancer, is seen as itself.
import { BlockList, isIP } from 'node:net';

/**
 * A list of the proxies' addresses and ranges (`10.0.0.5`, `10.1.0.0/16`, `fd00::/8`, or proxy-addr's names
 * `loopback`, `linklocal`, `uniquelocal`), or a number of proxies running on this machine (loopback addresses only).
 */
export type TrustedProxies = number | readonly string[];

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
export const MAX_PROXY_HOPS = 10;

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');
const isLoopback = (address: string) => {
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  const family = isIP(v4);
  return family !== 0 && loopback.check(v4, family === 4 ? 'ipv4' : 'ipv6');
};

function isProxyEntry(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** DUKA_TRUST_PROXY's text as a setting, or the reason it is not one. */
export function parseTrustedProxies(text: string): TrustedProxies | { error: string } {
  const value = text.trim();
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= MAX_PROXY_HOPS ? hops : { error: `must be at most ${MAX_PROXY_HOPS} proxies` };
  }
  const entries = value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const bad = entries.find((e) => !isProxyEntry(e));
  if (entries.length === 0 || bad !== undefined) {
    return {
      error:
        `${bad === undefined ? 'must be' : `"${bad}" is not an address or range: give`} the proxies' addresses ` +
        'or ranges, comma-separated (10.0.0.5,10.1.0.0/16), or a number of proxies on this machine',
    };
  }
  return entries;
}

/** Fastify's trustProxy for a setting. */
export function trustProxyOption(
  trusted: TrustedProxies,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trusted !== 'number') return trusted.length > 0 ? [...trusted] : false;
  if (trusted <= 0) return false;
  // Hop 0 is the socket's peer: believing hops below N, each on this machine, believes exactly N local proxies.
  return (address, hop) => hop < trusted && isLoopback(address);
}
