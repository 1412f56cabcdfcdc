// Account routes (ARCHITECTURE.md "Contract additions"): sign-up, sign-in, the session user, and
// the /api/login and /api/logout navigations the spec names. authRoutes is the feature's one routes
// function: it also registers the account's security routes and social sign-in.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionUserSchema, signInSchema, signUpSchema } from '../../../shared/schemas/auth';
import type { Config } from '../../config';
import { redirectAnswer } from '../../http/openapi';
import { isCrossSite } from '../../http/origin-check';
import { rateLimitedBy } from '../../http/rate-limit';
import { requestHeaders, type SessionGuards } from '../../http/session';
import type { MembersService } from '../members';
import { presentUser } from '../members';
import type { AccountAccessService } from './account-access';
import { accountRoutes } from './account-routes';
import type { SecurityService } from './security';
import type { AuthService } from './service';
import { socialSignInRoutes } from './social-routes';
import type { SocialSignIn } from './social-sign-in';

/** Query parameters /api/login passes on to the login page. */
const LOGIN_PARAMS = ['ref', 'referral', 'redirect', 'tab', 'section'] as const;

/** Any query is accepted (a navigation always lands); only the names above are passed on. */
const loginValue = z.union([z.string(), z.array(z.string())]).optional();
const loginQuery = z.looseObject({
  ref: loginValue,
  referral: loginValue,
  redirect: loginValue,
  tab: loginValue,
  section: loginValue,
});

type AuthRouteDeps = {
  auth: AuthService;
  members: MembersService;
  accountAccess: AccountAccessService;
  security: SecurityService;
  socialSignIn: SocialSignIn;
  config: Pick<Config, 'rateLimits' | 'publicUrl'>;
};

/** Every route of the feature: signing up and in, the account's security, social sign-in. */
export function authRoutes(deps: AuthRouteDeps, guards: SessionGuards): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(signInRoutes(deps, guards));
    await app.register(accountRoutes(deps, guards));
    await app.register(socialSignInRoutes(deps));
  };
}

function signInRoutes(deps: AuthRouteDeps, guards: SessionGuards): FastifyPluginAsyncZod {
  const { auth, members, accountAccess, config } = deps;
  return async (app) => {
    app.post(
      '/api/auth/signup',
      {
        config: rateLimitedBy(config.rateLimits, 'signUp'),
        schema: { body: signUpSchema, response: { 201: sessionUserSchema } },
      },
      async (request, reply) => {
        const { user, setCookies } = await auth.signUp(request.body, requestHeaders(request));
        for (const cookie of setCookies) reply.header('set-cookie', cookie);
        // The verification link goes out; sign-up never waits on mail, nor fails with it.
        await accountAccess
          .sendVerification(user)
          .catch((error) => request.log.error({ err: error }, 'verification email not queued'));
        return reply.status(201).send(presentUser(user, members.adminStatus(user)));
      },
    );

    app.post(
      '/api/auth/signin',
      { schema: { body: signInSchema, response: { 200: sessionUserSchema } } },
      async (request, reply) => {
        const { user, setCookies } = await auth.signIn(
          request.body,
          requestHeaders(request),
          request.ip,
        );
        for (const cookie of setCookies) reply.header('set-cookie', cookie);
        return presentUser(user, members.adminStatus(user));
      },
    );

    app.get(
      '/api/auth/user',
      { onRequest: guards.requireUser, schema: { response: { 200: sessionUserSchema } } },
      async (request) => {
        const user = guards.currentUser(request);
        return presentUser(user, members.adminStatus(user));
      },
    );

    app.get(
      '/api/login',
      {
        schema: {
          querystring: loginQuery,
          response: { 302: redirectAnswer },
        },
      },
      async (request, reply) => {
        const kept = new URLSearchParams();
        for (const name of LOGIN_PARAMS) {
          const value = request.query[name];
          if (typeof value === 'string' && value) kept.set(name, value);
        }
        const query = kept.toString();
        return reply.redirect(query ? `/login?${query}` : '/login', 302);
      },
    );

    app.get(
      '/api/logout',
      { schema: { response: { 302: redirectAnswer } } },
      async (request, reply) => {
        // A navigation (spec), so any site could link to it or load it in an image: a request another
        // site started goes home without ending the session.
        // Its sockets, on whichever node, go with it: the database announces the ended session.
        if (!isCrossSite(request, config.publicUrl)) {
          const setCookies = await auth.signOut(requestHeaders(request));
          for (const cookie of setCookies) reply.header('set-cookie', cookie);
        }
        return reply.header('cache-control', 'no-store').redirect('/', 302);
      },
    );
  };
}
