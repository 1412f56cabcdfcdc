// Refuses state-changing requests that a browser sent from another site. SameSite=Lax cookies stop
// most of them already; this closes the rest (old browsers, same-site subdomains). Clients that are
// not browsers send no Origin and no Sec-Fetch-Site, and carry no ambient cookies to abuse.
import type { FastifyRequest } from 'fastify';
import { CrossSiteRequest } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

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
