// Storyboards: plan a draft, read, edit, delete and render it; the picker's picture search, the
// offline pictures it shows and stock thumbnails through our origin.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dbIdPath, videoIdPath } from '../../../shared/schemas/ids';
import {
  createStoryboardSchema,
  renderedStoryboardSchema,
  storyboardPatchSchema,
  storyboardSchema,
  storyboardSummarySchema,
  visualSearchQuerySchema,
  visualSearchSchema,
} from '../../../shared/schemas/storyboards';
import type { Config } from '../../config';
import { NotFound } from '../../errors';
import { STOCK_THUMBNAIL_PATH } from '../../generation/stock/stock-thumbnails';
import { fileAnswer } from '../../http/openapi';
import { rateLimitedBy } from '../../http/rate-limit';
import type { SessionGuards } from '../../http/session';
import { holdPreparation } from '../../render-threads/preparation-pool';
import type { ScenePictures } from './scene-pictures';
import { STORYBOARD_NOT_FOUND_MESSAGE, type StoryboardsService } from './service';

const storyboardParams = z.object({ id: dbIdPath() });

export function storyboardRoutes(
  deps: {
    storyboards: StoryboardsService;
    scenePictures: ScenePictures;
    config: Pick<Config, 'rateLimits'>;
  },
  guards: SessionGuards,
): FastifyPluginAsyncZod {
  const { storyboards, scenePictures, config } = deps;
  const idOf = (id: number | null): number => {
    if (id === null) throw new NotFound(STORYBOARD_NOT_FOUND_MESSAGE);
    return id;
  };
  return async (app) => {
    // Pictures are looked up in the preparation threads, as renders do.
    app.addHook('onClose', holdPreparation());

    // Our offline pictures as the picker shows them: the same for everyone, kept by caches.
    app.get(
      '/api/scene-pictures/:name',
      {
        schema: {
          params: z.object({ name: z.string().max(80) }),
          response: {
            200: fileAnswer(
              'An offline picture (`{name}.svg`) as the storyboard editor shows it.',
              ['image/svg+xml'],
            ),
          },
        },
      },
      async (request, reply) => {
        const svg = await scenePictures.svgOf(request.params.name.replace(/\.svg$/, ''));
        if (svg === null) throw new NotFound('Picture not found');
        return reply
          .header('content-type', 'image/svg+xml')
          .header('cache-control', 'public, max-age=604800, immutable')
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
          .send(svg);
      },
    );

    // Stock previews through our origin: only links the picker was given (signed) load.
    app.get(
      STOCK_THUMBNAIL_PATH,
      {
        onRequest: guards.requireUser,
        schema: {
          querystring: z.object({ url: z.string().max(2048), signature: z.string().max(128) }),
          response: {
            200: fileAnswer("A stock search result's thumbnail, as its service serves it.", [
              'image/jpeg',
              'image/png',
              'image/webp',
              'image/gif',
            ]),
          },
        },
      },
      async (request, reply) => {
        const thumbnail = await storyboards.stockThumbnail(
          request.query.url,
          request.query.signature,
        );
        if (!thumbnail) throw new NotFound('Thumbnail not found');
        return reply
          .header('content-type', thumbnail.contentType)
          .header('cache-control', 'private, max-age=86400')
          .send(thumbnail.bytes);
      },
    );

    app.post(
      '/api/storyboards',
      {
        onRequest: guards.requireUser,
        config: rateLimitedBy(config.rateLimits, 'storyboard'),
        schema: { body: createStoryboardSchema, response: { 201: storyboardSchema } },
      },
      async (request, reply) =>
        reply.status(201).send(await storyboards.create(guards.currentUser(request), request.body)),
    );

    app.post(
      '/api/videos/:id/remix',
      {
        onRequest: guards.requireUser,
        config: rateLimitedBy(config.rateLimits, 'storyboard'),
        schema: {
          params: z.object({ id: videoIdPath() }),
          response: { 201: storyboardSchema },
          description:
            "Opens a storyboard of the video's current version (Pro and Elite); rendering it makes the next version.",
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await storyboards.remix(guards.currentUser(request), request.params.id)),
    );

    app.get(
      '/api/storyboards',
      {
        onRequest: guards.requireUser,
        schema: { response: { 200: z.array(storyboardSummarySchema) } },
      },
      async (request) => storyboards.list(guards.currentUser(request)),
    );

    app.get(
      '/api/storyboards/:id',
      {
        onRequest: guards.requireUser,
        schema: { params: storyboardParams, response: { 200: storyboardSchema } },
      },
      async (request) => storyboards.get(guards.currentUser(request), idOf(request.params.id)),
    );

    app.patch(
      '/api/storyboards/:id',
      {
        onRequest: guards.requireUser,
        config: rateLimitedBy(config.rateLimits, 'storyboard'),
        schema: {
          params: storyboardParams,
          body: storyboardPatchSchema,
          response: { 200: storyboardSchema },
        },
      },
      async (request) =>
        storyboards.update(guards.currentUser(request), idOf(request.params.id), request.body),
    );

    app.delete(
      '/api/storyboards/:id',
      {
        onRequest: guards.requireUser,
        schema: {
          params: storyboardParams,
          response: { 200: z.object({ id: z.number().int(), deleted: z.literal(true) }) },
        },
      },
      async (request) => {
        const id = idOf(request.params.id);
        await storyboards.delete(guards.currentUser(request), id);
        return { id, deleted: true as const };
      },
    );

    app.post(
      '/api/storyboards/:id/render',
      {
        onRequest: guards.requireUser,
        // A render pays for and queues a video: it counts as creating one.
        config: rateLimitedBy(config.rateLimits, 'create'),
        schema: { params: storyboardParams, response: { 201: renderedStoryboardSchema } },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await storyboards.render(guards.currentUser(request), idOf(request.params.id))),
    );

    app.get(
      '/api/storyboards/:id/scenes/:number/speech',
      {
        onRequest: guards.requireUser,
        // Each hearing speaks (a cloud voice is paid per call): counted like an edit.
        config: rateLimitedBy(config.rateLimits, 'storyboard'),
        schema: {
          params: z.object({ id: dbIdPath(), number: z.coerce.number().int().min(1).max(64) }),
          response: { 200: fileAnswer("The scene's narration, spoken.", ['audio/wav']) },
        },
      },
      async (request, reply) => {
        const audio = await storyboards.sceneSpeech(
          guards.currentUser(request),
          idOf(request.params.id),
          request.params.number,
        );
        return reply
          .header('content-type', 'audio/wav')
          .header('cache-control', 'no-store')
          .send(audio);
      },
    );

    app.get(
      '/api/storyboard-visuals',
      {
        onRequest: guards.requireUser,
        config: rateLimitedBy(config.rateLimits, 'storyboard'),
        schema: { querystring: visualSearchQuerySchema, response: { 200: visualSearchSchema } },
      },
      async (request) => ({
        candidates: await storyboards.searchVisuals(
          guards.currentUser(request),
          request.query.q,
          request.query.storyboardId,
        ),
      }),
    );
  };
}
