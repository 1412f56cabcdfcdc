// Connected accounts (Profile → Connections): list, connect through the platform's consent page
// (start → the platform → callback, back to Profile), and disconnect. Tokens never leave the server.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { connectionSchema, PLATFORMS } from '../../../shared/schemas/publishing';
import type { SessionGuards } from '../../http/session';
import type { CallbackOutcome, ConnectionsService } from './connections';

const platformParams = z.object({
  platform: z.enum(PLATFORMS, {
    error: `Unknown platform: choose ${PLATFORMS.join(', ')}.`,
  }),
});
const callbackQuery = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(2000).optional(),
});

/** Profile's Connections, saying what happened (the client shows the message). */
function profileAfter(outcome: CallbackOutcome): string {
  const query = new URLSearchParams({
    tab: 'profile',
    section: 'connections',
    platform: outcome.platform,
  });
  if (outcome.ok) query.set('connected', '1');
  else query.set('connectionError', outcome.message);
  return `/?${query.toString()}`;
}

export function connectionRoutes(
  { connections }: { connections: ConnectionsService },
  guards: SessionGuards,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', guards.requireUser);

    app.get(
      '/api/connections',
      { schema: { response: { 200: z.array(connectionSchema) } } },
      async (request) => connections.list(guards.currentUser(request)),
    );

    app.get(
      '/api/connections/:platform/start',
      { schema: { params: platformParams } },
      async (request, reply) => {
        const url = await connections.start(
          guards.currentUser(request),
          guards.currentSessionId(request),
          request.params.platform,
        );
        return reply.redirect(url, 302);
      },
    );

    app.get(
      '/api/connections/:platform/callback',
      { schema: { params: platformParams, querystring: callbackQuery } },
      async (request, reply) => {
        const outcome = await connections.finish(
          guards.currentUser(request),
          guards.currentSessionId(request),
          request.params.platform,
          request.query,
        );
        return reply.redirect(profileAfter(outcome), 302);
      },
    );

    app.delete(
      '/api/connections/:platform',
      {
        schema: {
          params: platformParams,
          response: { 200: z.object({ disconnected: z.literal(true) }) },
        },
      },
      async (request) => {
        await connections.disconnect(guards.currentUser(request), request.params.platform);
        return { disconnected: true as const };
      },
    );
  };
}
