// Refuses state-changing requests that a browser sent from another site. SameSite=Lax cookies stop
// most of them already; this closes the rest (old browsers, same-site subdomains). Clients that are
// not browsers send no Origin and no Sec-Fetch-Site, and carry no ambient cookies to abuse.
import type { FastifyRequest } from 'fastify';
import { CrossSiteRequest } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a browser sent this request from another site: Sec-Fetch-Site says so where browsers send
 * it; otherwise an Origin or Referer from elsewhere. A request with none of them (typed into the
 * address bar, or not from a browser) is not.
 */
export function isCrossSite(request: FastifyRequest, publicUrl: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'cross-site';
  const own = new Set([new URL(publicUrl).origin, `${request.protocol}://${request.host}`]);
  const from = request.headers.origin ?? request.headers.referer;
  if (typeof from !== 'string' || !from) return false;
  try {
    return !own.has(new URL(from).origin);
  } catch {
    return true;
  }
}

export function createOriginCheck(publicUrl: string) {
  const publicOrigin = new URL(publicUrl).origin;
  return async function refuseCrossSiteMutations(request: FastifyRequest): Promise<void> {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin) {
      const ownOrigin = `${request.protocol}://${request.host}`;
      if (origin !== publicOrigin && origin !== ownOrigin) throw new CrossSiteRequest();
      return;
    }
    if (request.headers['sec-fetch-site'] === 'cross-site') throw new CrossSiteRequest();
  };
}
