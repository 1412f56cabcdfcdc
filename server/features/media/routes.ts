// Serves stored media at /media/{key} with byte ranges (players seek), to the owner of the video
// or upload, or to anyone for a video its owner has shared; everyone else gets 404.
import send from '@fastify/send';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { NotFound } from '../../errors';
import { requestHeaders } from '../../http/session';
import { isSafeKey } from '../../storage/storage';

export async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  root: string,
  file: string,
  cacheControl: string,
) {
  const { statusCode, headers, stream } = await send(request.raw, `/${file}`, {
    root,
    acceptRanges: true,
    cacheControl: false,
    dotfiles: 'deny',
  });
  if (statusCode === 404 || statusCode === 403) throw new NotFound('Media not found');
  return reply
    .status(statusCode)
    .headers(headers)
    .header('cache-control', cacheControl)
    .send(stream);
}

export function mediaRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/media/*', async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      if (!isSafeKey(key)) throw new NotFound('Media not found');
      const { userId } = await ctx.services.auth.resolveSession(requestHeaders(request));
      const ownsIt = userId !== null && key.startsWith(`users/${userId}/`);
      if (!ownsIt) {
        const video = await ctx.repositories.videos.findContentByMediaKey(key);
        if (!video?.isPublic) throw new NotFound('Media not found');
      }
      return sendFile(
        request,
        reply,
        ctx.storage.root,
        key,
        ownsIt ? 'private, max-age=3600' : 'public, max-age=300',
      );
    });
  };
}
