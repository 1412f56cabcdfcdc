// Video creation and the member's videos: create, list, retry.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { videoIdPath } from '../../../shared/schemas/ids';
import { combineVideosSchema } from '../../../shared/schemas/library';
import {
  createdVideoRequestSchema,
  createVideoRequestSchema,
  videoPageQuerySchema,
  videoPageSchema,
  videoSchema,
  videoSummarySchema,
} from '../../../shared/schemas/videos';
import type { Config } from '../../config';
import { idempotencyHeaders } from '../../http/idempotency';
import { rateLimitedBy } from '../../http/rate-limit';
import type { SessionGuards } from '../../http/session';
import type { EngineRunner } from '../engine';
import type { VideosService } from './service';

export function videoRoutes(
  deps: { videos: VideosService; engineRunner: EngineRunner } & {
    config: Pick<Config, 'rateLimits'>;
  },
  guards: SessionGuards,
): FastifyPluginAsyncZod {
  const { videos, engineRunner, config } = deps;
  return async (app) => {
    app.addHook('onRequest', guards.requireUser);

    app.post(
      '/api/video-creation-requests',
      {
        config: rateLimitedBy(config.rateLimits, 'create'),
        schema: {
          body: createVideoRequestSchema,
          headers: idempotencyHeaders,
          response: { 201: createdVideoRequestSchema },
        },
      },
      async (request, reply) => {
        const user = guards.currentUser(request);
        const created =
          request.body.jobId === undefined
            ? await videos.create(user, request.body, request.headers['idempotency-key'] ?? null)
            : await engineRunner.runNow(user, request.body.jobId);
        return reply.status(201).send(created);
      },
    );

    app.post(
      '/api/combine-videos',
      {
        config: rateLimitedBy(config.rateLimits, 'combine'),
        schema: { body: combineVideosSchema, response: { 201: createdVideoRequestSchema } },
      },
      async (request, reply) =>
        reply.status(201).send(await videos.combine(guards.currentUser(request), request.body)),
    );

    app.get(
      '/api/video-creation-requests',
      { schema: { response: { 200: z.array(videoSchema) } } },
      async (request) => videos.openRequests(guards.currentUser(request).id),
    );

    // The plain call answers the whole list (spec); any paging parameter answers one page.
    app.get(
      '/api/videos',
      {
        schema: {
          querystring: videoPageQuerySchema,
          response: {
            200: z
              .union([z.array(videoSchema), videoPageSchema])
              .describe('The whole library without paging parameters (spec); one page with any.'),
          },
        },
      },
      async (request) => {
        const userId = guards.currentUser(request).id;
        const { limit, cursor, q, folder } = request.query;
        if (
          limit === undefined &&
          cursor === undefined &&
          q === undefined &&
          folder === undefined
        ) {
          return videos.list(userId);
        }
        return videos.page(userId, { limit: limit ?? 50, cursor, q, folder });
      },
    );

    app.get(
      '/api/videos/summary',
      { schema: { response: { 200: videoSummarySchema } } },
      async (request) => videos.summary(guards.currentUser(request).id),
    );

    app.patch(
      '/api/videos/:id/retry',
      {
        // A retry renders (and pays for) a video again: it counts as creating one.
        config: rateLimitedBy(config.rateLimits, 'create'),
        schema: { params: z.object({ id: videoIdPath() }), response: { 200: videoSchema } },
      },
      async (request) => videos.retry(guards.currentUser(request), request.params.id),
    );
  };
}
