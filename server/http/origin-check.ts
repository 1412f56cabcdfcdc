// Refuses state-changing requests that a browser sent from another site. SameSite=Lax cookies stop
// most of them already; this closes the rest (old browsers, same-site subdomains). Clients that are
// not browsers send no Origin and no Sec-Fetch-Site, and carry no ambient cookies to abuse.
import type { FastifyRequest } from 'fastify';
import { CrossSiteRequest } from '../errors';
import { bearerToken } from './bearer-token';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * What Sec-Fetch-Site says, lower-cased (its tokens are case-insensitive), or undefined when it is
 * not sent. A browser sends one value; a repeated header counts as cross-site if any copy says so.
 */
function fetchSite(request: FastifyRequest): string | undefined {
  const header = request.headers['sec-fetch-site'];
  if (typeof header !== 'string') return undefined;
  const values = header.split(',').map((value) => value.trim().toLowerCase());
  return values.includes('cross-site') ? 'cross-site' : values.join(',');
}

/** Whether `from` (an Origin or a Referer) is PUBLIC_URL's origin or the request's own host. */
function isOwnOrigin(request: FastifyRequest, publicUrl: string, from: string): boolean {
  try {
    // Through URL on both sides, so that letter case or a default port does not make ours foreign.
    const origin = new URL(from).origin;
    return (
      origin === new URL(publicUrl).origin ||
      origin === new URL(`${request.protocol}://${request.host}`).origin
    );
  } catch {
    // `null` (a sandboxed frame, a redirect chain) or no URL at all: not ours.
    return false;
  }
}

/**
 * Whether a browser sent this request from another site: Sec-Fetch-Site says so where browsers send
 * it; otherwise an Origin or Referer from elsewhere. A request with none of them (typed into the
 * address bar, or not from a browser) is not.
 */
export function isCrossSite(request: FastifyRequest, publicUrl: string): boolean {
  const site = fetchSite(request);
  if (site !== undefined) return site === 'cross-site';
  const from = request.headers.origin ?? request.headers.referer;
  if (typeof from !== 'string' || !from) return false;
  return !isOwnOrigin(request, publicUrl, from);
}

/**
 * A mutation is refused when a browser marks it cross-site, whatever its Origin says, or when its
 * Origin is not ours (docs/accounts.md, "Cross-site protection").
 */
export function createOriginCheck(publicUrl: string) {
  return async function refuseCrossSiteMutations(request: FastifyRequest): Promise<void> {
    if (SAFE_METHODS.has(request.method)) return;
    // An API key's request is signed in by its Authorization header, which decides even when a
    // cookie comes too: no ambient credential is used, and no other site's page can set that
    // header on a request to us (it would need a CORS preflight we never allow).
    if (bearerToken(request.headers.authorization)) return;
    if (fetchSite(request) === 'cross-site') throw new CrossSiteRequest();
    const origin = request.headers.origin;
    if (origin && !isOwnOrigin(request, publicUrl, origin)) throw new CrossSiteRequest();
  };
}
