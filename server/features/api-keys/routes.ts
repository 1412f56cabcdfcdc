// GET, POST /api/api-keys and DELETE /api/api-keys/{id}: a member's personal API keys
// (docs/automation.md). A browser session only: a key can never make or list keys.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_KEYS_URL,
  apiKeySchema,
  createApiKeySchema,
  createdApiKeySchema,
} from '../../../shared/schemas/api-keys';
import type { SessionGuards } from '../../http/session';
import type { ApiKeysService } from './service';

export function apiKeyRoutes(
  { apiKeys }: { apiKeys: ApiKeysService },
  guards: SessionGuards,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', guards.requireUser);

    app.get(
      API_KEYS_URL,
      {
        schema: {
          description: "The member's live keys: never the key itself, only its first characters.",
          response: { 200: z.array(apiKeySchema) },
        },
      },
      async (request) => apiKeys.list(guards.currentUser(request).id),
    );

    app.post(
      API_KEYS_URL,
      {
        schema: {
          description: 'Makes a key (at most 10). The answer holds the whole key, this once.',
          body: createApiKeySchema,
          response: { 201: createdApiKeySchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await apiKeys.create(guards.currentUser(request).id, request.body)),
    );

    app.delete(
      `${API_KEYS_URL}/:id`,
      {
        schema: {
          description: 'Revokes a key: from now on it answers 401.',
          params: z.object({ id: z.string().max(64) }),
          response: { 200: z.object({ id: z.string(), revoked: z.literal(true) }) },
        },
      },
      async (request) => {
        await apiKeys.revoke(guards.currentUser(request).id, request.params.id);
        return { id: request.params.id, revoked: true as const };
      },
    );
  };
}
