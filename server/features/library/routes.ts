// Library routes: favourite, folder, visibility, delete, folders and user folders (signed in), and
// the public shared-video answer for /watch pages.

import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dbIdPath, parseDbId, videoIdPath } from '../../../shared/schemas/ids';
import {
  assignFolderResponseSchema,
  assignFolderSchema,
  createUserFolderSchema,
  deletedSchema,
  deletedUserFolderSchema,
  favoriteSchema,
  folderSummarySchema,
  sharedVideoSchema,
  userFolderSchema,
  visibilitySchema,
} from '../../../shared/schemas/library';
import { videoVersionSchema } from '../../../shared/schemas/storyboards';
import { videoSchema } from '../../../shared/schemas/videos';
import { NotFound } from '../../errors';
import type { SessionGuards } from '../../http/session';
import type { LibraryService } from './service';

const videoParams = z.object({ id: videoIdPath() });
const numericParams = z.object({ id: dbIdPath() });

/** An id no row could have gets the answer of an id nobody has. */
function found(id: number | null, message: string): number {
  if (id === null) throw new NotFound(message);
  return id;
}

export function libraryRoutes(
  { library }: { library: LibraryService },
  guards: SessionGuards,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/shared-video/:id',
      { schema: { params: videoParams, response: { 200: sharedVideoSchema } } },
      async (request) => library.sharedVideo(request.params.id),
    );

    await app.register(async (scope) => {
      const member = scope.withTypeProvider<ZodTypeProvider>();
      member.addHook('onRequest', guards.requireUser);
      const userId = (request: Parameters<typeof guards.currentUser>[0]) =>
        guards.currentUser(request).id;

      member.patch(
        '/api/videos/:id/favorite',
        { schema: { params: videoParams, body: favoriteSchema, response: { 200: videoSchema } } },
        async (request) =>
          library.setFavorite(userId(request), request.params.id, request.body.favorites),
      );
      member.patch(
        '/api/videos/:id/assign-folder',
        {
          schema: {
            params: videoParams,
            body: assignFolderSchema,
            response: { 200: assignFolderResponseSchema },
          },
        },
        async (request) =>
          library.assignFolder(userId(request), request.params.id, request.body.userFolderId),
      );
      member.patch(
        '/api/videos/:id/visibility',
        { schema: { params: videoParams, body: visibilitySchema, response: { 200: videoSchema } } },
        async (request) =>
          library.setVisibility(userId(request), request.params.id, request.body.isPublic),
      );
      member.get(
        '/api/videos/:id/versions',
        { schema: { params: videoParams, response: { 200: z.array(videoVersionSchema) } } },
        async (request) => library.versions(userId(request), request.params.id),
      );
      member.post(
        '/api/videos/:id/versions/:version/restore',
        {
          schema: {
            params: z.object({ id: videoIdPath(), version: dbIdPath() }),
            response: { 200: videoSchema },
          },
        },
        async (request) =>
          library.restoreVersion(
            userId(request),
            request.params.id,
            found(request.params.version, 'Version not found'),
          ),
      );
      member.delete(
        '/api/video-creation-requests/:id',
        { schema: { params: videoParams, response: { 200: deletedSchema } } },
        async (request) => {
          // Both `req-{n}` (the spec's use) and a bare request number name the request.
          const id = parseDbId(request.params.id.replace(/^req-/, ''));
          return library.deleteRequest(userId(request), found(id, 'Video not found'));
        },
      );
      member.delete(
        '/api/video-generated-content/:id',
        { schema: { params: numericParams, response: { 200: deletedSchema } } },
        async (request) =>
          library.deleteVideo(userId(request), found(request.params.id, 'Video not found')),
      );
      member.get(
        '/api/folders',
        { schema: { response: { 200: z.array(folderSummarySchema) } } },
        async (request) => library.folders(userId(request)),
      );
      member.get(
        '/api/user-folders',
        { schema: { response: { 200: z.array(userFolderSchema) } } },
        async (request) => library.userFolders(userId(request)),
      );
      member.post(
        '/api/user-folders',
        { schema: { body: createUserFolderSchema, response: { 201: userFolderSchema } } },
        async (request, reply) =>
          reply
            .status(201)
            .send(
              await library.createUserFolder(
                userId(request),
                request.body.folderName,
                request.body.folderIcon,
              ),
            ),
      );
      member.delete(
        '/api/user-folders/:id',
        { schema: { params: numericParams, response: { 200: deletedUserFolderSchema } } },
        async (request) =>
          library.deleteUserFolder(userId(request), found(request.params.id, 'Folder not found')),
      );
    });
  };
}
