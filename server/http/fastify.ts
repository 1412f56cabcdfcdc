// The Fastify instance every HTTP surface is built on: the logger, proxy trust, the body limit and
// zod as the type provider. app/http-app.ts registers plugins and routes on it.
import Fastify, { type FastifyBaseLogger } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

export function createFastify(options: { log: FastifyBaseLogger; trustProxy: boolean }) {
  return Fastify({
    loggerInstance: options.log,
    trustProxy: options.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
}

export type App = ReturnType<typeof createFastify>;
