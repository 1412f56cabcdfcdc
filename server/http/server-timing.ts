// Server-Timing on every answer: how long the server took from the request's arrival until its
// answer was ready to send. Browsers show it in the network panel; `npm run bench` reads it. Off in
// production unless SERVER_TIMING=true (config.serverTiming): it would time lookups for strangers.
import type { FastifyInstance } from 'fastify';

const startedAt = new WeakMap<object, number>();

export function addServerTiming(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    startedAt.set(request, performance.now());
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const started = startedAt.get(request);
    if (started !== undefined) {
      reply.header('server-timing', `app;dur=${(performance.now() - started).toFixed(1)}`);
    }
    done(null, payload);
  });
}
