// Public statistics for the landing page.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userCountSchema } from '../../../shared/schemas/stats';
import type { AppContext } from '../../context';

export function statsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/stats/user-count', { schema: { response: { 200: userCountSchema } } }, async () =>
      ctx.services.stats.userCount(),
    );
  };
}
