// With PUBLIC_URL set, answers only requests addressed to its host: a request naming another host
// (a stray DNS name, a rebinding attack against a server on a private network) is refused before
// any route runs. The health check answers whatever the Host, for load balancers probing by address.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors';

export function createHostCheck(publicUrl: string) {
  const expected = new URL(publicUrl).host.toLowerCase();
  return async function refuseOtherHosts(request: FastifyRequest, _reply: FastifyReply) {
    if (request.url === '/api/health') return;
    if (request.host.toLowerCase() === expected) return;
    throw new AppError('WRONG_HOST', 421, `This server answers for ${expected} only.`);
  };
}
