// "Continue with Google / GitHub": our start route, and the one route of better-auth's router that
// is mounted, its provider callback (the rest of its router stays unexposed). Both are navigations
// that answer with a redirect; a provider this server does not offer is 404.

import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import { redirectAnswer } from '../../http/openapi';
import { rateLimitedBy } from '../../http/rate-limit';
import { requestHeaders } from '../../http/session';
import type { SocialSignIn } from './social-sign-in';
import { SOCIAL_CALLBACK_PATH, type SocialRedirect } from './social-sign-in';

const providerParams = z.object({
  provider: z.string().describe('google or github, when this server offers it (else 404).'),
});

const startQuery = z.looseObject({
  ref: z
    .string()
    .optional()
    .describe('A referral code, recorded if this sign-in creates a member.'),
  redirect: z
    .string()
    .optional()
    .describe('Where in the app to land afterwards: a path on this site (default /).'),
});

/** What a provider sends back (OAuth 2.0, RFC 9207's `iss`); better-auth reads it as it came. */
const callbackQuery = z.looseObject({
  code: z.string().optional(),
  state: z.string().optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
  iss: z.string().optional(),
});

function send(reply: FastifyReply, { location, setCookies }: SocialRedirect): FastifyReply {
  for (const cookie of setCookies) reply.header('set-cookie', cookie);
  return reply.header('cache-control', 'no-store').redirect(location, 302);
}

export function socialSignInRoutes({
  socialSignIn,
  config,
}: { socialSignIn: SocialSignIn } & {
  config: Pick<Config, 'rateLimits'>;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/auth/social/:provider',
      {
        // Each start stores a state: counted like sign-ups, per address.
        config: rateLimitedBy(config.rateLimits, 'signUp'),
        schema: {
          params: providerParams,
          querystring: startQuery,
          response: { 302: redirectAnswer },
        },
      },
      async (request, reply) =>
        send(
          reply,
          await socialSignIn.start(
            request.params.provider,
            { ref: request.query.ref, redirect: request.query.redirect },
            requestHeaders(request),
          ),
        ),
    );

    app.get(
      `${SOCIAL_CALLBACK_PATH}/:provider`,
      {
        schema: {
          params: providerParams,
          querystring: callbackQuery,
          response: { 302: redirectAnswer },
        },
      },
      async (request, reply) => {
        const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
        return send(
          reply,
          await socialSignIn.finish(request.params.provider, search, requestHeaders(request)),
        );
      },
    );
  };
}
