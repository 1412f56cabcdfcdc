// Fetches addresses members give us (webhook endpoints) without letting them reach our own network:
// http(s) only; every address checked before connecting (IP literals here, host names in the
// connector's DNS lookup, so the address connected to is the address checked and a name that
// changes its answer between the check and the connection gains nothing); a 3xx is an answer,
// never followed; and a time limit. Field notes 2026-11b §6.
import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, fetch, type RequestInit, type Response } from 'undici';

export type ResolvedAddress = { address: string; family: number };

/** A host name's addresses, all of them (dns.lookup with `all`); tests inject their own. */
export type HostLookup = (hostname: string) => Promise<ResolvedAddress[]>;

export type SafeFetchOptions = {
  /**
   * Loopback and private networks (WEBHOOKS_ALLOW_PRIVATE, for tests and local setups).
   * Link-local, cloud metadata and every other special range stay refused even then.
   */
  allowPrivate?: boolean;
  lookup?: HostLookup;
  /** The whole exchange, connection to the last header; 15 s by default. */
  timeoutMs?: number;
};

/** Why an address was refused before any connection to it. */
export type RefusalReason = 'invalid' | 'notAllowed' | 'unresolvable';

export class RefusedUrl extends Error {
  override name = 'RefusedUrl';
  constructor(
    readonly reason: RefusalReason,
    message: string,
  ) {
    super(message);
  }
}

/**
 * What an address is to us: `public` (ipaddr.js's `unicast`), `private` (loopback, RFC 1918,
 * IPv6 unique-local: reachable with allowPrivate), or `forbidden` (link-local with the cloud
 * metadata services, CGNAT, multicast, reserved, unspecified, and the IPv6 forms that carry an
 * IPv4 address other than IPv4-mapped, which is unwrapped and judged as IPv4).
 */
export type AddressClass = 'public' | 'private' | 'forbidden';

const PRIVATE_RANGES = new Set(['loopback', 'private', 'uniqueLocal']);
/** AWS's instance metadata over IPv6 sits inside fc00::/7, which allowPrivate would let through. */
const METADATA_V6 = ipaddr.IPv6.parse('fd00:ec2::254');

export function classifyAddress(text: string): AddressClass {
  const bare = text.replace(/^\[|\]$/gu, '');
  if (net.isIP(bare.split('%')[0] ?? '') === 0) return 'forbidden';
  let address: ipaddr.IPv4 | ipaddr.IPv6 = ipaddr.parse(bare);
  if (address instanceof ipaddr.IPv6 && address.isIPv4MappedAddress()) {
    address = address.toIPv4Address();
  }
  const range = address.range();
  if (address instanceof ipaddr.IPv6) {
    if (address.toNormalizedString() === METADATA_V6.toNormalizedString()) return 'forbidden';
    // ::a.b.c.d (IPv4-compatible, deprecated) is "unicast" to ipaddr.js; nothing public uses it.
    if (range === 'unicast' && address.parts.slice(0, 6).every((part) => part === 0)) {
      return 'forbidden';
    }
  }
  if (range === 'unicast') return 'public';
  return PRIVATE_RANGES.has(range) ? 'private' : 'forbidden';
}

export function isAllowedAddress(text: string, allowPrivate = false): boolean {
  const kind = classifyAddress(text);
  return kind === 'public' || (allowPrivate && kind === 'private');
}

const systemLookup: HostLookup = (hostname) =>
  dns.promises.lookup(hostname, { all: true, verbatim: true });

/** The URL if it is http(s) with a host and no credentials; RefusedUrl('invalid') otherwise. */
export function parseHttpUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new RefusedUrl('invalid', 'not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new RefusedUrl('invalid', `${url.protocol} is not http: or https:`);
  }
  if (!url.hostname) throw new RefusedUrl('invalid', 'no host');
  // fetch refuses them anyway; an address with a password in it is not one to keep.
  if (url.username || url.password) throw new RefusedUrl('invalid', 'credentials in the URL');
  return url;
}

/** The host as an IP address when it is one (IPv6 without its brackets), else null. */
function literalAddress(url: URL): string | null {
  const host = url.hostname.replace(/^\[|\]$/gu, '');
  return net.isIP(host) === 0 ? null : host;
}

/** Every address `hostname` resolves to, or RefusedUrl when there is none or one is refused. */
async function checkedAddresses(
  hostname: string,
  lookup: HostLookup,
  allowPrivate: boolean,
): Promise<ResolvedAddress[]> {
  let addresses: ResolvedAddress[];
  try {
    addresses = await lookup(hostname);
  } catch (error) {
    throw new RefusedUrl('unresolvable', `${hostname}: ${(error as Error).message}`);
  }
  if (addresses.length === 0) throw new RefusedUrl('unresolvable', `${hostname}: no address`);
  // One refused answer refuses the name: a resolver may mix a public address with a private one.
  const refused = addresses.find(({ address }) => !isAllowedAddress(address, allowPrivate));
  if (refused) {
    throw new RefusedUrl('notAllowed', `${hostname} resolves to ${refused.address}`);
  }
  return addresses;
}

/**
 * Saving an endpoint: the URL is http(s) and its host (a literal, or every address its name
 * resolves to now) is allowed. Connecting checks again, since a name may change its answer.
 */
export async function assertPublicUrl(text: string, options: SafeFetchOptions = {}): Promise<URL> {
  const url = parseHttpUrl(text);
  const allowPrivate = options.allowPrivate ?? false;
  const literal = literalAddress(url);
  if (literal !== null) {
    if (!isAllowedAddress(literal, allowPrivate)) {
      throw new RefusedUrl('notAllowed', `${literal} is not a public address`);
    }
    return url;
  }
  await checkedAddresses(url.hostname, options.lookup ?? systemLookup, allowPrivate);
  return url;
}

export type SafeFetch = {
  /** fetch() for a member's URL: refused (RefusedUrl) before connecting to anything not allowed. */
  fetch(url: string, init?: Omit<RequestInit, 'dispatcher' | 'redirect'>): Promise<Response>;
  close(): Promise<void>;
};

export function createSafeFetch(options: SafeFetchOptions = {}): SafeFetch {
  const allowPrivate = options.allowPrivate ?? false;
  const lookup = options.lookup ?? systemLookup;
  const timeoutMs = options.timeoutMs ?? 15_000;
  // Node's socket asks this for the address it will connect to: the checked one is the one used.
  const connectLookup: net.LookupFunction = (hostname, lookupOptions, callback) => {
    checkedAddresses(hostname, lookup, allowPrivate).then(
      (addresses) => {
        if (lookupOptions.all) {
          callback(null, addresses);
          return;
        }
        const wanted = lookupOptions.family;
        const first = addresses.find((entry) => !wanted || entry.family === wanted) ?? addresses[0];
        if (!first) callback(new RefusedUrl('unresolvable', `${hostname}: no address`), '', 0);
        else callback(null, first.address, first.family);
      },
      (error: Error) => callback(error, '', 0),
    );
  };
  const agent = new Agent({
    connect: { lookup: connectLookup, timeout: timeoutMs },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
  return {
    async fetch(text, init = {}) {
      const url = parseHttpUrl(text);
      // A literal skips the lookup hook entirely (undici #2019): judged here.
      const literal = literalAddress(url);
      if (literal !== null && !isAllowedAddress(literal, allowPrivate)) {
        throw new RefusedUrl('notAllowed', `${literal} is not a public address`);
      }
      const timeout = AbortSignal.timeout(timeoutMs);
      try {
        return await fetch(url, {
          ...init,
          redirect: 'manual',
          dispatcher: agent,
          signal: init.signal ? AbortSignal.any([init.signal, timeout]) : timeout,
        });
      } catch (error) {
        // fetch wraps the connector's refusal in "fetch failed": hand the refusal back as it is.
        const cause = (error as { cause?: unknown }).cause;
        if (cause instanceof RefusedUrl) throw cause;
        throw error;
      }
    },
    close: () => agent.close(),
  };
}

/** A failed attempt in a few words for the delivery log: the refusal, a timeout, the network. */
export function describeFetchFailure(error: unknown): string {
  if (error instanceof RefusedUrl) return `Refused: ${error.message}`;
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return 'No answer in time';
  }
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const detail = cause?.code ?? cause?.message ?? (error as Error).message ?? String(error);
  return `Could not connect (${detail})`.slice(0, 300);
}
