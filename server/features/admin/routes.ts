// Admin-only routes. The guard checks ADMIN_EMAILS / ADMIN_USER_IDS on the server.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changePlanSchema } from '../../../shared/schemas/admin';
import type { AppContext } from '../../context';
import type { SessionGuards } from '../../http/session';
import { presentPlan } from './presenter';

export function adminRoutes(ctx: AppContext, guards: SessionGuards): FastifyPluginAsyncZod {
  const { users } = ctx.services;
  return async (app) => {
    app.patch(
      '/api/admin/users/:id/plan',
      {
        preHandler: guards.requireAdmin,
        schema: { params: z.object({ id: z.string().min(1) }), body: changePlanSchema },
      },
      async (request) => {
        const user = await users.changePlan(
          request.params.id,
          request.body.memberLevel,
          request.body.until,
        );
        return presentPlan(user);
      },
    );
  };
}
