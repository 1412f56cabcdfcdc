// With PUBLIC_URL set, answers only requests addressed to its host: a request naming another host
// (a stray DNS name, a rebinding attack against a server on a private network) is refused before
// any route runs. The health check answers whatever the Host, for load balancers probing by address.
// The socket server applies the same test to its handshakes, which never reach Fastify.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { AppError } from '../errors';

/** Answers any Host: load balancers and container health checks probe by address. */
const ANY_HOST_PATHS = new Set(['/api/health']);
const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

/**
 * A test for Host values, or null when there is nothing to test (no PUBLIC_URL: local use, where
 * the server is reached as localhost, 127.0.0.1 or a LAN address alike). Case, a trailing dot and
 * the scheme's default port written out do not make another host.
 */
export function ownHostTest(
  config: Pick<Config, 'publicUrl' | 'publicUrlConfigured'>,
): ((host: string | undefined) => boolean) | null {
  if (!config.publicUrlConfigured) return null;
  const url = new URL(config.publicUrl);
  const expected = url.host.toLowerCase();
  const withDefaultPort = `${url.hostname.toLowerCase()}:${DEFAULT_PORTS[url.protocol] ?? ''}`;
  return (host) => {
    const named = (host ?? '').toLowerCase().replace(/\.(?=:\d+$|$)/, '');
    return named === expected || (url.port === '' && named === withDefaultPort);
  };
}

export function registerHostCheck(app: FastifyInstance, config: Config): void {
  const isOwnHost = ownHostTest(config);
  if (!isOwnHost) return;
  const expected = new URL(config.publicUrl).host.toLowerCase();
  app.addHook('onRequest', async (request) => {
    if (ANY_HOST_PATHS.has(request.url.split('?')[0] ?? '')) return;
    if (isOwnHost(request.host)) return;
    throw new AppError('WRONG_HOST', 421, `This server answers for ${expected} only.`);
  });
}
