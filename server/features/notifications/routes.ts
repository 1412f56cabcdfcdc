// GET /api/notifications and POST /api/notifications/read for the signed-in member.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dbId } from '../../../shared/schemas/ids';
import { markedReadSchema, notificationListSchema } from '../../../shared/schemas/notifications';
import type { SessionGuards } from '../../http/session';
import type { NotificationsService } from './service';

const markReadSchema = z
  .object({
    /** The notifications seen; all unread ones when left out. */
    ids: z
      .array(dbId('ids must be a list of notification ids.'), {
        error: 'ids must be a list of notification ids.',
      })
      .max(100, 'ids can name at most 100 notifications.')
      .optional(),
  })
  .default({});

export function notificationRoutes(
  { notifications }: { notifications: NotificationsService },
  guards: SessionGuards,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', guards.requireUser);

    app.get(
      '/api/notifications',
      { schema: { response: { 200: notificationListSchema } } },
      async (request) => notifications.list(guards.currentUser(request).id),
    );

    app.post(
      '/api/notifications/read',
      { schema: { body: markReadSchema, response: { 200: markedReadSchema } } },
      async (request) =>
        notifications.markRead(guards.currentUser(request).id, request.body.ids ?? null),
    );
  };
}
