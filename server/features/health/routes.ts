// Liveness for operators and load balancers: 200 once the database answers and the queue is up,
// with how late this process's event loop runs (a loop doing CPU work serves everyone late).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { z } from 'zod';
import type { JobQueue } from '../../queue/queue';
import type { EventLoopMonitor } from './event-loop-delay';

const eventLoopDelay = z
  .object({ p50Ms: z.number(), p99Ms: z.number(), maxMs: z.number() })
  .describe("How late this process's event loop ran its timers over the last 10–20 s.");
const healthy = z.object({ ok: z.literal(true), eventLoopDelay });
const unhealthy = z.object({
  ok: z.literal(false),
  database: z.boolean(),
  queue: z.boolean(),
  eventLoopDelay,
});

export function healthRoutes(deps: {
  pool: Pick<pg.Pool, 'query'>;
  queue: Pick<JobQueue, 'isReady'>;
  eventLoop: EventLoopMonitor;
}): FastifyPluginAsyncZod {
  const { pool, queue, eventLoop } = deps;
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
        const delay = eventLoop.read();
        return reply
          .status(ok ? 200 : 503)
          .header('cache-control', 'no-store')
          .send(
            ok
              ? { ok, eventLoopDelay: delay }
              : { ok, database, queue: queue.isReady, eventLoopDelay: delay },
          );
      },
    );
  };
}
