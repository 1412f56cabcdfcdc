// A member's own data (docs/accounts.md "Your data", "Deleting an account"): the zip of all of it,
// how deleting is confirmed, and deleting the account, which signs the browser out.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountDeletedSchema,
  accountDeletionCheckSchema,
  deleteAccountSchema,
} from '../../../shared/schemas/account';
import { fileAnswer } from '../../http/openapi';
import type { SessionGuards } from '../../http/session';
import { attachmentHeader } from '../../storage/storage';
import type { AccountDeletionService } from './deletion';
import type { AccountExportService } from './export';
import { watermarkRoutes } from './watermark-routes';
import type { WatermarkService } from './watermark-service';

export function accountDataRoutes(
  {
    accountExport,
    accountDeletion,
    watermarks,
  }: {
    accountExport: AccountExportService;
    accountDeletion: AccountDeletionService;
    watermarks: WatermarkService;
  },
  guards: SessionGuards,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', guards.requireUser);
    await app.register(watermarkRoutes({ watermarks }, guards));

    app.get(
      '/api/account/export',
      {
        schema: {
          response: {
            200: fileAnswer(
              'A zip: account.json with every record of the member, their videos and uploads.',
              ['application/zip'],
            ),
          },
        },
      },
      async (request, reply) => {
        const { fileName, stream } = accountExport.open(guards.currentUser(request));
        return reply
          .header('content-type', 'application/zip')
          .header('content-disposition', attachmentHeader(fileName))
          .header('cache-control', 'no-store')
          .send(stream);
      },
    );

    app.get(
      '/api/account/deletion',
      { schema: { response: { 200: accountDeletionCheckSchema } } },
      async (request) =>
        accountDeletion.check(guards.currentUser(request), guards.currentSessionId(request)),
    );

    app.delete(
      '/api/account',
      { schema: { body: deleteAccountSchema, response: { 200: accountDeletedSchema } } },
      async (request, reply) => {
        await accountDeletion.delete(
          guards.currentUser(request),
          guards.currentSessionId(request),
          { password: request.body.password, ip: request.ip },
        );
        for (const cookie of await accountDeletion.signedOutCookies()) {
          reply.header('set-cookie', cookie);
        }
        return reply.header('cache-control', 'no-store').send({ deleted: true as const });
      },
    );
  };
}
