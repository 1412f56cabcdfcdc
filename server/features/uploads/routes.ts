// POST /api/upload-image: multipart, field `image`. POST /api/upload-clip: multipart, field `clip`.

import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LIMITS } from '../../../shared/limits';
import {
  uploadClipResponseSchema,
  uploadImageResponseSchema,
} from '../../../shared/schemas/videos';
import type { Config } from '../../config';
import { ValidationFailed } from '../../errors';
import { rateLimitedBy } from '../../http/rate-limit';
import type { SessionGuards } from '../../http/session';
import type { UploadsService } from './service';

export function uploadRoutes(
  deps: { uploads: UploadsService } & { config: Pick<Config, 'rateLimits'> },
  guards: SessionGuards,
): FastifyPluginAsyncZod {
  const { uploads, config } = deps;
  return async (app) => {
    await app.register(multipart, {
      // One byte over our limit: the service sees the overflow and answers 'File too large'.
      limits: { fileSize: LIMITS.imageMaxBytes + 1, files: 1, fields: 4, parts: 5 },
    });
    app.post(
      '/api/upload-image',
      {
        onRequest: guards.requireUser,
        config: rateLimitedBy(config.rateLimits, 'upload'),
        schema: {
          consumes: ['multipart/form-data'],
          description:
            'Multipart form with one file in the field `image` (JPEG, PNG, GIF or WebP).',
          response: { 201: uploadImageResponseSchema },
        },
      },
      async (request, reply) => {
        const user = guards.currentUser(request);
        const part = await request.file();
        if (part?.fieldname !== 'image') {
          part?.file.resume();
          throw new ValidationFailed('Please choose an image to upload.', 'image');
        }
        const stored = await uploads.storeImage(user, part.file, () => part.file.truncated);
        return reply.status(201).send(stored);
      },
    );
    app.post(
      '/api/upload-clip',
      {
        onRequest: guards.requireUser,
        config: rateLimitedBy(config.rateLimits, 'upload'),
        schema: {
          consumes: ['multipart/form-data'],
          description: `Multipart form with one file in the field \`clip\` (MP4, MOV or WebM, at most ${LIMITS.clipMaxSeconds} s): a member's own clip for a storyboard shot.`,
          response: { 201: uploadClipResponseSchema },
        },
      },
      async (request, reply) => {
        const user = guards.currentUser(request);
        // This route's own limit, over the plugin's one for images.
        const part = await request.file({
          limits: { fileSize: LIMITS.clipMaxBytes + 1, files: 1, fields: 4, parts: 5 },
        });
        if (part?.fieldname !== 'clip') {
          part?.file.resume();
          throw new ValidationFailed('Please choose a clip to upload.', 'clip');
        }
        const stored = await uploads.storeClip(user, part.file, () => part.file.truncated);
        return reply.status(201).send(stored);
      },
    );
  };
}
