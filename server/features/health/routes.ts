// Liveness for operators and load balancers: 200 once the database answers and the queue is up.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';

export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/health', async (_request, reply) => {
      const database = await ctx.pool.query('SELECT 1').then(
        () => true,
        () => false,
      );
      const ok = database && ctx.queue.isReady;
      return reply
        .status(ok ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(ok ? { ok } : { ok, database, queue: ctx.queue.isReady });
    });
  };
}
