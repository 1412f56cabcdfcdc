// GET /api/media-downloads: a stored file through a signed, expiring link (download-links.ts), with
// no session: what a webhook's `downloadUrl` points at. A link that is not ours, was changed or has
// expired answers 404, like a file nobody has.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFound } from '../../errors';
import { fileAnswer, redirectAnswer } from '../../http/openapi';
import type { Storage } from '../../storage/storage';
import { isSafeKey } from '../../storage/storage-keys';
import { type DownloadLinks, SIGNED_DOWNLOAD_URL } from './download-links';
import { GET_AND_HEAD, sendDownload } from './send-object';

export function signedDownloadRoutes(deps: {
  storage: Storage;
  downloadLinks: DownloadLinks;
  now: () => Date;
}): FastifyPluginAsyncZod {
  const { storage, downloadLinks } = deps;
  return async (app) => {
    app.route({
      method: GET_AND_HEAD,
      url: SIGNED_DOWNLOAD_URL,
      schema: {
        description:
          'A stored video through the signed link a webhook carries (`downloadUrl`), valid 24 hours; no session needed.',
        querystring: z.object({
          key: z.string().max(500).default(''),
          name: z.string().max(300).default(''),
          expires: z.string().max(20).default(''),
          signature: z.string().max(100).default(''),
        }),
        response: {
          200: fileAnswer('The stored file.', ['video/mp4']),
          206: fileAnswer('The byte range asked for (Range header).', ['video/mp4']),
          // Object storage: a one-minute link to the file itself.
          302: redirectAnswer,
        },
      },
      handler: async (request, reply) => {
        const { key, name } = request.query;
        if (!isSafeKey(key) || !downloadLinks.verify(request.query, deps.now())) {
          throw new NotFound('Media not found');
        }
        return sendDownload(request, reply, storage, key, {
          name,
          cacheControl: 'private, no-store',
        });
      },
    });
  };
}
