// GET /api/credits and GET /api/credits/ledger[?type=earn&limit=5] for the signed-in member.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  creditLedgerEntrySchema,
  creditsResponseSchema,
  ledgerQuerySchema,
} from '../../../shared/schemas/videos';
import type { SessionGuards } from '../../http/session';
import type { CreditsService } from './service';

export function creditsRoutes(
  { credits }: { credits: CreditsService },
  guards: SessionGuards,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', guards.requireUser);
    app.get(
      '/api/credits',
      { schema: { response: { 200: creditsResponseSchema } } },
      async (request) => credits.balance(guards.currentUser(request)),
    );
    app.get(
      '/api/credits/ledger',
      {
        schema: {
          querystring: ledgerQuerySchema,
          response: { 200: z.array(creditLedgerEntrySchema) },
        },
      },
      async (request) => credits.ledger(guards.currentUser(request).id, request.query),
    );
  };
}
