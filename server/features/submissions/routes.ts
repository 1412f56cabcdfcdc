// POST /api/submissions (send proof) and GET /api/submissions (the member's own, with their
// status). The admins' review routes live with the other admin routes.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { submissionSchema, submissionViewSchema } from '../../../shared/schemas/submissions';
import type { Config } from '../../config';
import { rateLimitedBy } from '../../http/rate-limit';
import type { SessionGuards } from '../../http/session';
import type { SubmissionsService } from './service';

export function submissionRoutes(
  deps: { submissions: SubmissionsService } & { config: Pick<Config, 'rateLimits'> },
  guards: SessionGuards,
): FastifyPluginAsyncZod {
  const { submissions, config } = deps;
  return async (app) => {
    app.addHook('onRequest', guards.requireUser);

    app.get(
      '/api/submissions',
      { schema: { response: { 200: z.array(submissionViewSchema) } } },
      async (request) => submissions.listOwn(guards.currentUser(request).id),
    );

    app.post(
      '/api/submissions',
      {
        config: rateLimitedBy(config.rateLimits, 'submission'),
        schema: { body: submissionSchema, response: { 201: submissionViewSchema } },
      },
      async (request, reply) =>
        reply.status(201).send(await submissions.submit(guards.currentUser(request), request.body)),
    );
  };
}
