// The landing page's demo clips: GET /api/demo-clips lists the ones rendered so far, and
// /demo/{id}.mp4 and /demo/{id}.jpg serve them to anyone.
import { access } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type DemoClip, demoClipsSchema } from '../../../shared/schemas/demo-clips';
import { NotFound } from '../../errors';
import { fileAnswer } from '../../http/openapi';
import { DEMO_CLIP_IDS } from '../../media/demo-clips';
import { LocalDiskStorage } from '../../storage/storage';
import { sendObject } from '../media/send-object';

/**
 * `dataDir`: the clips are this machine's own renders, kept beside its data (never in object
 * storage: every worker renders the same nine on its first start).
 */
export function demoClipRoutes({ dataDir }: { dataDir: string }): FastifyPluginAsyncZod {
  const dir = path.join(dataDir, 'demo');
  const clips = new LocalDiskStorage(dataDir);
  return async (app) => {
    app.get(
      '/api/demo-clips',
      { schema: { response: { 200: demoClipsSchema } } },
      async (_request, reply) => {
        const ready = await Promise.all(
          DEMO_CLIP_IDS.map(async (id) => {
            const both = await Promise.all([
              access(path.join(dir, `${id}.mp4`)),
              access(path.join(dir, `${id}.jpg`)),
            ]).then(
              () => true,
              () => false,
            );
            return both
              ? { id, videoSrc: `/demo/${id}.mp4`, thumbnailSrc: `/demo/${id}.jpg` }
              : null;
          }),
        );
        const clips: DemoClip[] = ready.filter((clip): clip is DemoClip => clip !== null);
        return reply.header('cache-control', 'public, max-age=60').send({ clips });
      },
    );

    app.get(
      '/demo/:file',
      {
        schema: {
          params: z.object({ file: z.string() }),
          response: {
            200: fileAnswer('A demo clip or its poster.', ['video/mp4', 'image/jpeg']),
            206: fileAnswer('The byte range asked for (Range header).', ['video/mp4']),
          },
        },
      },
      async (request, reply) => {
        const { file } = request.params;
        if (!/^[a-z0-9-]+\.(mp4|jpg)$/.test(file)) throw new NotFound('Demo not found');
        return sendObject(request, reply, clips, `demo/${file}`, 'public, max-age=86400');
      },
    );
  };
}
