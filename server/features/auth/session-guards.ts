// Who is calling: resolves the session cookie (or an API key's Bearer token) once per request into
// the stored member, and the guards routes put in front of themselves (signed in; admin), in the
// shape http/session.ts names.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_KEY_MESSAGES, missingScopeMessage } from '../../../shared/schemas/api-keys';
import {
  AdminEmailNotVerified,
  Forbidden,
  MissingScope,
  SessionRequired,
  Unauthorized,
} from '../../errors';
import { bearerToken } from '../../http/bearer-token';
import { scopeOf } from '../../http/route-scopes';
import { type Caller, requestHeaders, type SessionGuards } from '../../http/session';
import type { ApiKeysService } from '../api-keys';
import type { MembersService } from '../members';
import type { AuthService } from './service';

export function createSessionGuards({
  auth,
  members,
  apiKeys,
}: {
  auth: AuthService;
  members: MembersService;
  apiKeys: ApiKeysService;
}): SessionGuards {
  async function loadUser(request: FastifyRequest, reply: FastifyReply): Promise<Caller | null> {
    const { userId, sessionId, setCookies } = await auth.resolveSession(requestHeaders(request));
    for (const cookie of setCookies) reply.header('set-cookie', cookie);
    request.sessionId = sessionId;
    return userId ? ((await members.findCurrent(userId)) ?? null) : null;
  }

  async function keyHolder(token: string) {
    const key = await apiKeys.authenticate(token);
    const member = await members.findCurrent(key.userId);
    if (!member) throw new Unauthorized(API_KEY_MESSAGES.invalid);
    return { caller: { ...member, apiKeyId: key.id }, scopes: key.scopes };
  }

  /**
   * The member behind an API key, on a route in a scope the key holds. The route's scope is checked
   * before the key is looked up: a call no key may make is refused without a query.
   */
  async function loadKeyHolder(request: FastifyRequest, token: string): Promise<Caller> {
    const scope = scopeOf(request.method, request.routeOptions.url ?? '');
    if (!scope) throw new SessionRequired(API_KEY_MESSAGES.browserOnly);
    const { caller, scopes } = await keyHolder(token);
    if (!scopes.includes(scope)) throw new MissingScope(scope, missingScopeMessage(scope));
    return caller;
  }

  async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const token = bearerToken(request.headers.authorization);
    request.user = token ? await loadKeyHolder(request, token) : await loadUser(request, reply);
    if (!request.user) throw new Unauthorized();
  }

  async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (bearerToken(request.headers.authorization)) {
      throw new SessionRequired(API_KEY_MESSAGES.browserOnly);
    }
    await requireUser(request, reply);
    const status = request.user ? members.adminStatus(request.user) : 'member';
    if (status === 'awaiting-verification') throw new AdminEmailNotVerified();
    if (status !== 'admin') throw new Forbidden('Admin access required.');
  }

  /** The signed-in member's session id inside a guarded handler (OAuth binds its state to it). */
  function currentSessionId(request: FastifyRequest): string {
    if (!request.sessionId) throw new Unauthorized();
    return request.sessionId;
  }

  /** The signed-in member inside a guarded handler. */
  function currentUser(request: FastifyRequest): Caller {
    if (!request.user) throw new Unauthorized();
    return request.user;
  }

  return { requireUser, requireAdmin, currentUser, currentSessionId, keyHolder };
}
