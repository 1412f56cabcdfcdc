// Account access by email and Profile's security settings: the password reset (request, confirm),
// verifying an address (the link, and sending it again), changing password and email (with the
// pending change shown and cancellable), and the member's signed-in sessions.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCOUNT_MESSAGES,
  accountEmailSchema,
  accountMessageSchema,
  accountSessionSchema,
  changeEmailSchema,
  changePasswordSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  sessionUserSchema,
  verifyEmailSchema,
} from '../../../shared/schemas/auth';
import type { Config } from '../../config';
import { rateLimitedBy } from '../../http/rate-limit';
import { requestHeaders, type SessionGuards } from '../../http/session';
import type { MembersService } from '../members';
import { presentUser } from '../members';
import type { AccountAccessService } from './account-access';
import type { SecurityService } from './security';
import type { AuthService } from './service';

export function accountRoutes(
  deps: {
    accountAccess: AccountAccessService;
    security: SecurityService;
    auth: AuthService;
    members: MembersService;
    config: Pick<Config, 'rateLimits'>;
  },
  guards: SessionGuards,
): FastifyPluginAsyncZod {
  const { accountAccess, security, auth, members, config } = deps;
  return async (app) => {
    app.post(
      '/api/auth/password-reset/request',
      {
        config: rateLimitedBy(config.rateLimits, 'passwordReset'),
        schema: { body: passwordResetRequestSchema, response: { 200: accountMessageSchema } },
      },
      async (request) => {
        // The same answer for any address, whether or not it has an account: the look-up and the
        // email are a job, so both take the same path and the same time here.
        await accountAccess.queuePasswordReset(request.body.email);
        return { message: ACCOUNT_MESSAGES.resetRequested };
      },
    );

    app.post(
      '/api/auth/password-reset/confirm',
      {
        config: rateLimitedBy(config.rateLimits, 'passwordReset'),
        schema: { body: passwordResetConfirmSchema, response: { 200: sessionUserSchema } },
      },
      async (request, reply) => {
        const member = await accountAccess.confirmPasswordReset(
          request.body.token,
          request.body.password,
          request.ip,
        );
        // Every old session has ended; this browser starts a new one with the new password.
        const { user, setCookies } = await auth.signInAfterReset(
          { email: member.email, password: request.body.password },
          requestHeaders(request),
          request.ip,
        );
        for (const cookie of setCookies) reply.header('set-cookie', cookie);
        return presentUser(user, members.adminStatus(user));
      },
    );

    app.post(
      '/api/auth/verify-email',
      { schema: { body: verifyEmailSchema, response: { 200: accountMessageSchema } } },
      async (request) => ({ message: await accountAccess.verify(request.body.token) }),
    );

    app.post(
      '/api/auth/verify-email/resend',
      { onRequest: guards.requireUser, schema: { response: { 200: accountMessageSchema } } },
      async (request) => {
        await accountAccess.resendVerification(guards.currentUser(request));
        return { message: ACCOUNT_MESSAGES.verificationSent };
      },
    );

    app.post(
      '/api/account/password',
      {
        onRequest: guards.requireUser,
        schema: { body: changePasswordSchema, response: { 200: accountMessageSchema } },
      },
      async (request, reply) => {
        const setCookies = await security.changePassword(
          guards.currentUser(request),
          requestHeaders(request),
          request.body,
        );
        for (const cookie of setCookies) reply.header('set-cookie', cookie);
        return { message: ACCOUNT_MESSAGES.passwordChanged };
      },
    );

    app.get(
      '/api/account/email',
      {
        onRequest: guards.requireUser,
        schema: { response: { 200: accountEmailSchema } },
      },
      async (request) => {
        const user = guards.currentUser(request);
        const pending = await accountAccess.pendingEmailChange(user);
        return {
          email: user.email,
          pending: pending && {
            email: pending.email,
            expiresAt: pending.expiresAt.toISOString(),
          },
        };
      },
    );

    app.post(
      '/api/account/email',
      {
        onRequest: guards.requireUser,
        config: rateLimitedBy(config.rateLimits, 'emailChange'),
        schema: { body: changeEmailSchema, response: { 202: accountMessageSchema } },
      },
      async (request, reply) => {
        await accountAccess.requestEmailChange(
          guards.currentUser(request),
          request.body.email,
          request.body.currentPassword,
        );
        return reply.status(202).send({ message: ACCOUNT_MESSAGES.emailChangeSent });
      },
    );

    app.delete(
      '/api/account/email',
      { onRequest: guards.requireUser, schema: { response: { 200: accountMessageSchema } } },
      async (request) => {
        await accountAccess.cancelEmailChange(guards.currentUser(request));
        return { message: ACCOUNT_MESSAGES.emailChangeCancelled };
      },
    );

    app.get(
      '/api/account/sessions',
      {
        onRequest: guards.requireUser,
        schema: { response: { 200: z.array(accountSessionSchema) } },
      },
      async (request) =>
        security.list(guards.currentUser(request), guards.currentSessionId(request)),
    );

    app.post(
      '/api/account/sessions/sign-out-others',
      { onRequest: guards.requireUser, schema: { response: { 200: accountMessageSchema } } },
      async (request) => ({
        message: await security.signOutOthers(
          guards.currentUser(request),
          guards.currentSessionId(request),
        ),
      }),
    );

    app.delete(
      '/api/account/sessions/:id',
      {
        onRequest: guards.requireUser,
        schema: {
          params: z.object({ id: z.string().min(1).max(200) }),
          response: { 200: accountMessageSchema },
        },
      },
      async (request, reply) => {
        const user = guards.currentUser(request);
        if (request.params.id === guards.currentSessionId(request)) {
          // This browser's own session: signed out here as /api/logout does.
          for (const cookie of await auth.signOut(requestHeaders(request))) {
            reply.header('set-cookie', cookie);
          }
          return { message: 'You have been signed out.' };
        }
        await security.signOut(user, request.params.id);
        return { message: 'That session has been signed out.' };
      },
    );
  };
}
