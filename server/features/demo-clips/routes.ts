// The landing page's demo clips: GET /api/demo-clips lists the ones rendered so far, and
// /demo/{id}.mp4 and /demo/{id}.jpg serve them to anyone, from media storage (local disk or a
// bucket), so any API node serves the clips any worker rendered.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { demoClipsSchema } from '../../../shared/schemas/demo-clips';
import { NotFound } from '../../errors';
import { fileAnswer } from '../../http/openapi';
import { DEMO_CLIP_IDS, demoClipStorageKey, storedDemoClips } from '../../media/demo-clip-renderer';
import type { Storage } from '../../storage/storage';
import { GET_AND_HEAD, sendObject } from '../stored-media';

const DEMO_FILE = /^([a-z0-9-]+)\.(mp4|jpg)$/;

export function demoClipRoutes({ storage }: { storage: Storage }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/demo-clips',
      { schema: { response: { 200: demoClipsSchema } } },
      async (_request, reply) => {
        const clips = (await storedDemoClips(storage)).map((id) => ({
          id,
          videoSrc: `/demo/${id}.mp4`,
          thumbnailSrc: `/demo/${id}.jpg`,
        }));
        return reply.header('cache-control', 'public, max-age=60').send({ clips });
      },
    );

    // GET and HEAD together: Fastify's own HEAD route would answer Content-Length: 0.
    app.route({
      method: GET_AND_HEAD,
      url: '/demo/:file',
      schema: {
        params: z.object({ file: z.string() }),
        response: {
          200: fileAnswer('A demo clip or its poster.', ['video/mp4', 'image/jpeg']),
          206: fileAnswer('The byte range asked for (Range header).', ['video/mp4']),
        },
      },
      handler: async (request, reply) => {
        const [, id, extension] = DEMO_FILE.exec(request.params.file) ?? [];
        // Only the nine clips' own keys are ever read: a name is never turned into a key as such.
        if (!id || !DEMO_CLIP_IDS.includes(id)) throw new NotFound('Demo not found');
        const key = demoClipStorageKey(id, extension === 'mp4' ? 'video' : 'poster');
        return sendObject(request, reply, storage, key, 'public, max-age=86400');
      },
    });
  };
}
