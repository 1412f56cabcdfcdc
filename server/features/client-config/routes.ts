// GET /api/client-config: run-time settings the web client needs (payment links). Public: the
// links are what a checkout page would show anyway.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ClientConfig } from '../../../shared/schemas/client-config';
import type { AppContext } from '../../context';

export function clientConfigRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/client-config', async () => {
      const body: ClientConfig = { paymentLinks: ctx.config.paymentLinks };
      return body;
    });
  };
}
