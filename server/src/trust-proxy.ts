import { isIP } from 'node:net';

/**
 * What Fastify's `trustProxy` gets: off, a number of proxy hops, or the proxies' addresses.
 * Either way the client is the first address in X-Forwarded-For, read from the right, that is not a
 * trusted proxy — so text a client writes at the left of the header is never taken as its address.
 */
export type TrustProxy = boolean | number | string[];

/** The names proxy-addr (Fastify's parser) knows for address ranges. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** The fix a refusal names: the settings that fit the shipped deployments. */
export const TRUST_PROXY_FIX =
  'set the hop count (1 for one nginx in front, as in compose.yaml) or the proxy addresses (loopback for nginx on the same host, as in deploy/; or a comma-separated list of addresses and CIDR ranges)';

export type TrustProxyResult =
  { ok: true; value: TrustProxy; warning?: string } | { ok: false; problem: string };

/** One entry of an address list: a named range, an address, or an address with a prefix length. */
function validEntry(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  if (rest.length > 0 || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Reads CANOPY_TRUST_PROXY. `true` (trust every hop) is exactly the setting that lets any client
 * choose its address by sending X-Forwarded-For: production refuses it and says what to set
 * instead; development and tests accept it with a warning, since nothing there faces the internet.
 */
export function parseTrustProxy(raw: string | undefined, production: boolean): TrustProxyResult {
  const value = (raw ?? '').trim();
  if (value === '' || value === 'false' || value === '0') return { ok: true, value: false };
  if (value === 'true') {
    const why =
      'CANOPY_TRUST_PROXY=true trusts every hop, so any client chooses its own address (rate limits, audit log and session list) by sending X-Forwarded-For';
    if (production) return { ok: false, problem: `${why}: ${TRUST_PROXY_FIX}` };
    return { ok: true, value: true, warning: `${why}; fine for development only` };
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10)
      return {
        ok: false,
        problem: `CANOPY_TRUST_PROXY: ${hops} hops is not a real proxy chain; ${TRUST_PROXY_FIX}`,
      };
    return { ok: true, value: hops };
  }
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => !validEntry(entry));
  if (bad.length > 0) {
    return {
      ok: false,
      problem: `CANOPY_TRUST_PROXY: not an address, CIDR range or hop count: ${bad.join(', ')}; ${TRUST_PROXY_FIX}`,
    };
  }
  return { ok: true, value: entries };
}

/**
 * Fastify's `trustProxy` option for the setting. (Fastify counts hops itself at run time, but its
 * types take no number: a hop count becomes the function proxy-addr calls with each hop's index.)
 */
export function fastifyTrustProxy(
  value: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  return (_address, hop) => hop < value;
}
