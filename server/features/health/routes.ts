// Liveness for operators and load balancers: 200 once the database answers and the queue is up.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';

const healthy = z.object({ ok: z.literal(true) });
const unhealthy = z.object({ ok: z.literal(false), database: z.boolean(), queue: z.boolean() });

export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/health',
      { schema: { response: { 200: healthy, 503: unhealthy } } },
      async (_request, reply) => {
        const database = await ctx.pool.query('SELECT 1').then(
          () => true,
          () => false,
        );
        const ok = database && ctx.queue.isReady;
        return reply
          .status(ok ? 200 : 503)
          .header('cache-control', 'no-store')
          .send(ok ? { ok } : { ok, database, queue: ctx.queue.isReady });
      },
    );
  };
}
