// Serves stored media with byte ranges (players seek): at /media/{key}, and through the spec's
// proxy routes /api/proxy/media and /api/proxy/download. Only our own storage objects are ever
// served, never a fetched URL: to the owner, or to anyone for a video its owner has shared.

import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { missingScopeMessage } from '../../../shared/schemas/api-keys';
import { MissingScope, NotFound, ValidationFailed } from '../../errors';
import { bearerToken } from '../../http/bearer-token';
import { fileAnswer, redirectAnswer } from '../../http/openapi';
import { requestHeaders } from '../../http/session';
import type { Storage } from '../../storage/storage';
import { isSafeKey, isUserMediaKey, keyFromMediaUrl } from '../../storage/storage-keys';
import type { ApiKeysService } from '../api-keys';
import type { AuthService } from '../auth';
import type { VideosService } from '../videos';
import { GET_AND_HEAD, sendDownload, sendObject } from './send-object';

export const NOT_OUR_MEDIA_MESSAGE = 'Only Reelforge media can be fetched.';

export type MediaRouteDeps = {
  storage: Storage;
  auth: AuthService;
  apiKeys: Pick<ApiKeysService, 'authenticate'>;
  videos: Pick<VideosService, 'findContentByMediaKey'>;
};

/**
 * The member asking: by their session, or by an API key with `videos:read` (a workflow downloads
 * the video a webhook or GET /api/videos named).
 */
async function askingMember(deps: MediaRouteDeps, request: FastifyRequest): Promise<string | null> {
  const token = bearerToken(request.headers.authorization);
  if (!token) return (await deps.auth.resolveSession(requestHeaders(request))).userId;
  const key = await deps.apiKeys.authenticate(token);
  if (!key.scopes.includes('videos:read')) {
    throw new MissingScope('videos:read', missingScopeMessage('videos:read'));
  }
  return key.userId;
}

/** Who may read `key`: its owner, or anyone when it belongs to a shared video. */
async function authorize(deps: MediaRouteDeps, request: FastifyRequest, key: string) {
  const userId = await askingMember(deps, request);
  const ownsIt = userId !== null && isUserMediaKey(key, userId);
  if (!ownsIt) {
    const video = await deps.videos.findContentByMediaKey(key);
    if (!video?.isPublic) throw new NotFound('Media not found');
  }
  return ownsIt ? 'private, max-age=3600' : 'public, max-age=300';
}

/**
 * A file name a browser can save: the title's own characters, no path parts, ending in the stored
 * file's extension (.mp4 for a video, .vtt for its captions).
 */
export function downloadName(requested: string | undefined, extension = 'mp4'): string {
  const base = (requested ?? '')
    .replace(new RegExp(`\\.${extension}$`, 'i'), '')
    .replace(/[\\/:*?"<>|]+/g, ' ')
    // Control characters would break the header; drop them.
    .replace(/\p{Cc}+/gu, ' ')
    // Invisible characters would disguise the name: bidi overrides, isolates and marks
    // ('photo\u202Egnp.exe' shows as 'photoexe.png'), zero-width marks, and whatever else Unicode
    // says to draw as nothing (Hangul fillers, variation selectors, tags). Lone surrogates would
    // break the header's encoding. Drop them all.
    .replace(/[\p{Cf}\p{Default_Ignorable_Code_Point}\p{Cs}]+/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);
  return `${base || 'video'}.${extension}`;
}

/** What the media routes send: the stored file, whole or the byte range asked for. */
const mediaAnswers = {
  200: fileAnswer('The stored file.', [
    'video/mp4',
    'video/quicktime',
    'video/webm',
    'image/jpeg',
    'image/png',
    'image/webp',
    'text/vtt',
  ]),
  206: fileAnswer('The byte range asked for (Range header).', [
    'video/mp4',
    'video/quicktime',
    'video/webm',
  ]),
};

const proxyQuery = z.object({
  url: z.string().min(1).max(2048),
  filename: z.string().max(300).optional(),
});

export function mediaRoutes(deps: MediaRouteDeps): FastifyPluginAsyncZod {
  const { storage } = deps;
  return async (app) => {
    app.route({
      method: GET_AND_HEAD,
      url: '/media/*',
      schema: { response: mediaAnswers },
      handler: async (request, reply) => {
        const key = (request.params as { '*': string })['*'];
        if (!isSafeKey(key)) throw new NotFound('Media not found');
        const cacheControl = await authorize(deps, request, key);
        return sendObject(request, reply, storage, key, cacheControl);
      },
    });

    app.route({
      method: GET_AND_HEAD,
      url: '/api/proxy/media',
      schema: { querystring: proxyQuery, response: mediaAnswers },
      handler: async (request, reply) => {
        const key = keyFromMediaUrl(request.query.url);
        if (!key) throw new ValidationFailed(NOT_OUR_MEDIA_MESSAGE, 'url');
        const cacheControl = await authorize(deps, request, key);
        return sendObject(request, reply, storage, key, cacheControl);
      },
    });

    app.route({
      method: GET_AND_HEAD,
      url: '/api/proxy/download',
      schema: {
        querystring: proxyQuery,
        response: {
          ...mediaAnswers,
          // Object storage: a one-minute link to the file itself.
          302: redirectAnswer,
        },
      },
      handler: async (request, reply) => {
        const key = keyFromMediaUrl(request.query.url);
        if (!key) throw new ValidationFailed(NOT_OUR_MEDIA_MESSAGE, 'url');
        const cacheControl = await authorize(deps, request, key);
        const name = downloadName(request.query.filename, key.endsWith('.vtt') ? 'vtt' : 'mp4');
        // After our owner check.
        return sendDownload(request, reply, storage, key, { name, cacheControl });
      },
    });
  };
}
