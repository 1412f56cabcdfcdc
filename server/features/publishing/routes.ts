// Connected accounts (Profile → Connections): list, connect through the platform's consent page
// (start → the platform → callback, back to Profile), and disconnect; TikTok's creator info for
// the Publish dialog. Publishing: publish a finished video, list its publications and the
// member's latest ones, and the signed link a platform fetches the video from. Tokens never leave
// the server.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dbIdPath, videoIdPath } from '../../../shared/schemas/ids';
import {
  connectionSchema,
  PLATFORMS,
  publicationSchema,
  publishVideoSchema,
  tiktokCreatorInfoSchema,
} from '../../../shared/schemas/publishing';
import type { Config } from '../../config';
import { NotFound } from '../../errors';
import { fileAnswer, redirectAnswer } from '../../http/openapi';
import { rateLimitedBy } from '../../http/rate-limit';
import type { SessionGuards } from '../../http/session';
import type { Storage } from '../../storage/storage';
import type { MembersService } from '../members';
import { GET_AND_HEAD, sendObject } from '../stored-media';
import type { CallbackOutcome, ConnectionsService } from './connections';
import type { PublicationsService } from './service';

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

/** Profile's Connections, saying what happened: a code, which the client puts in its words. */
function profileAfter(outcome: CallbackOutcome): string {
  const query = new URLSearchParams({
    tab: 'profile',
    section: 'connections',
    platform: outcome.platform,
  });
  if (outcome.ok) query.set('connected', '1');
  else query.set('connectionError', outcome.code);
  return `/?${query.toString()}`;
}

/** Every route of the feature: the member's platform connections, and publishing a video. */
export function publishingRoutes(
  deps: Parameters<typeof connectionRoutes>[0] & Parameters<typeof publicationRoutes>[0],
  guards: SessionGuards,
): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(connectionRoutes(deps, guards));
    await app.register(publicationRoutes(deps, guards));
  };
}

function connectionRoutes(
  {
    connections,
    publications,
    members,
  }: {
    connections: ConnectionsService;
    publications: PublicationsService;
    members: Pick<MembersService, 'isAdmin'>;
  },
  guards: SessionGuards,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', guards.requireUser);

    app.get(
      '/api/connections',
      { schema: { response: { 200: z.array(connectionSchema) } } },
      async (request) => {
        const user = guards.currentUser(request);
        return connections.list(user, { isAdmin: members.isAdmin(user) });
      },
    );

    app.get(
      '/api/connections/:platform/start',
      { schema: { params: platformParams, response: { 302: redirectAnswer } } },
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
      {
        schema: {
          params: platformParams,
          querystring: callbackQuery,
          response: { 302: redirectAnswer },
        },
      },
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

    app.get(
      '/api/connections/tiktok/creator-info',
      { schema: { response: { 200: tiktokCreatorInfoSchema } } },
      async (request) => publications.tiktokCreatorInfo(guards.currentUser(request)),
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

function publicationRoutes(
  deps: {
    publications: PublicationsService;
    storage: Storage;
    config: Pick<Config, 'rateLimits'>;
  },
  guards: SessionGuards,
): FastifyPluginAsyncZod {
  const { publications, storage, config } = deps;
  return async (app) => {
    app.post(
      '/api/videos/:id/publish',
      {
        onRequest: guards.requireUser,
        config: rateLimitedBy(config.rateLimits, 'publish'),
        schema: {
          params: z.object({ id: videoIdPath() }),
          body: publishVideoSchema,
          response: { 202: z.array(publicationSchema) },
        },
      },
      async (request, reply) =>
        reply
          .status(202)
          .send(
            await publications.publish(
              guards.currentUser(request),
              request.params.id,
              request.body,
            ),
          ),
    );

    app.post(
      '/api/videos/:id/approve',
      {
        onRequest: guards.requireUser,
        config: rateLimitedBy(config.rateLimits, 'publish'),
        schema: {
          params: z.object({ id: videoIdPath() }),
          response: { 200: z.array(publicationSchema) },
          description:
            "Publishes a Creator Engine job's video held for review, as it is now; approving twice publishes once.",
        },
      },
      async (request) => publications.approve(guards.currentUser(request), request.params.id),
    );

    app.get(
      '/api/videos/:id/publications',
      {
        onRequest: guards.requireUser,
        schema: {
          params: z.object({ id: videoIdPath() }),
          response: { 200: z.array(publicationSchema) },
        },
      },
      async (request) => publications.forVideo(guards.currentUser(request), request.params.id),
    );

    app.get(
      '/api/publications',
      {
        onRequest: guards.requireUser,
        schema: { response: { 200: z.array(publicationSchema) } },
      },
      async (request) => publications.latest(guards.currentUser(request)),
    );

    // The link a platform fetches the video from (Instagram's video_url): no session, its
    // signature and expiry instead. A stranger with an old or forged link gets 404.
    app.route({
      method: GET_AND_HEAD,
      url: '/api/publications/:id/video',
      schema: {
        params: z.object({ id: dbIdPath() }),
        querystring: z.object({
          expires: z.string().max(20).default(''),
          signature: z.string().max(100).default(''),
        }),
        response: {
          200: fileAnswer('The video being published.', ['video/mp4']),
          206: fileAnswer('The byte range asked for (Range header).', ['video/mp4']),
        },
      },
      handler: async (request, reply) => {
        const id = request.params.id;
        const key =
          id === null
            ? null
            : await publications.linkedVideoKey(id, request.query.expires, request.query.signature);
        if (!key) throw new NotFound('Media not found');
        return sendObject(request, reply, storage, key, 'private, no-store');
      },
    });
  };
}
