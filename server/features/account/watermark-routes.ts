// GET, PUT and DELETE /api/account/watermark: the member's own watermark (docs/watermark.md).
// Registered by accountDataRoutes, behind its hook that requires a signed-in member.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  WATERMARK_URL,
  watermarkAnswerSchema,
  watermarkInputSchema,
  watermarkRemovedSchema,
  watermarkSchema,
} from '../../../shared/schemas/watermark';
import type { SessionGuards } from '../../http/session';
import type { WatermarkService } from './watermark-service';

export function watermarkRoutes(
  { watermarks }: { watermarks: WatermarkService },
  guards: SessionGuards,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      WATERMARK_URL,
      {
        schema: {
          description: "The member's own watermark, or null when they have none.",
          response: { 200: watermarkAnswerSchema },
        },
      },
      async (request) => watermarks.get(guards.currentUser(request)),
    );

    app.put(
      WATERMARK_URL,
      {
        schema: {
          description:
            'Elite only (403 otherwise). An image is uploaded first with POST /api/upload-image ' +
            '(PNG or JPEG, at most 2 MB); its address, or the current watermark’s, is sent here.',
          body: watermarkInputSchema,
          response: { 200: watermarkSchema },
        },
      },
      async (request) => watermarks.save(guards.currentUser(request), request.body),
    );

    app.delete(
      WATERMARK_URL,
      { schema: { response: { 200: watermarkRemovedSchema } } },
      async (request) => {
        await watermarks.remove(guards.currentUser(request));
        return { removed: true as const };
      },
    );
  };
}
