// Liveness for operators and load balancers: 200 once the database answers and the queue is up.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { z } from 'zod';
import type { JobQueue } from '../../jobs/queue';

const healthy = z.object({ ok: z.literal(true) });
const unhealthy = z.object({ ok: z.literal(false), database: z.boolean(), queue: z.boolean() });

export function healthRoutes(deps: {
  pool: Pick<pg.Pool, 'query'>;
  queue: Pick<JobQueue, 'isReady'>;
}): FastifyPluginAsyncZod {
  const { pool, queue } = deps;
  return async (app) => {
    app.get(
      '/api/health',
      { schema: { response: { 200: healthy, 503: unhealthy } } },
      async (_request, reply) => {
        const database = await pool.query('SELECT 1').then(
          () => true,
          () => false,
        );
        const ok = database && queue.isReady;
        return reply
          .status(ok ? 200 : 503)
          .header('cache-control', 'no-store')
          .send(ok ? { ok } : { ok, database, queue: queue.isReady });
      },
    );
  };
}
