// GET /api/viral-prompts: ready-made descriptions the Create screen can fill in at random.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type ViralPromptsResponse,
  viralPromptsResponseSchema,
} from '../../../shared/schemas/videos';
import type { SessionGuards } from '../../http/session';
import { VIRAL_PROMPTS } from './viral-prompts';

export function promptRoutes(guards: SessionGuards): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/viral-prompts',
      { onRequest: guards.requireUser, schema: { response: { 200: viralPromptsResponseSchema } } },
      async (_request, reply) => {
        const body: ViralPromptsResponse = { prompts: [...VIRAL_PROMPTS] };
        return reply.header('cache-control', 'private, max-age=3600').send(body);
      },
    );
  };
}
