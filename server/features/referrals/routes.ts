// GET /api/referrals: the signed-in member's referral link and what it has earned.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { referralSummarySchema } from '../../../shared/schemas/referrals';
import type { SessionGuards } from '../../http/session';
import type { ReferralsService } from './service';

export function referralRoutes(
  { referrals }: { referrals: ReferralsService },
  guards: SessionGuards,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/referrals',
      { onRequest: guards.requireUser, schema: { response: { 200: referralSummarySchema } } },
      async (request) => referrals.summary(guards.currentUser(request)),
    );
  };
}
