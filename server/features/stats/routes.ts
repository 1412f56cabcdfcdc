// Public statistics for the landing page.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userCountSchema } from '../../../shared/schemas/stats';
import type { StatsService } from './service';

export function statsRoutes({ stats }: { stats: StatsService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/stats/user-count', { schema: { response: { 200: userCountSchema } } }, async () =>
      stats.userCount(),
    );
  };
}
