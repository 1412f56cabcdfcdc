// Public statistics for the landing page.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userCountSchema } from '../../../shared/schemas/stats';
import type { AppServices } from '../../app/context';

export function statsRoutes({ stats }: Pick<AppServices, 'stats'>): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/stats/user-count', { schema: { response: { 200: userCountSchema } } }, async () =>
      stats.userCount(),
    );
  };
}
