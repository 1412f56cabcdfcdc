// What a request carries about its caller, and the guards a route puts in front of itself: the
// shape every feature's routes use. The auth feature makes the guards (features/auth/
// session-guards.ts: the session cookie resolved once per request into the stored member); the
// HTTP layer only names them, so a feature's routes need not import the auth feature.
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiKeyScope } from '../../shared/schemas/api-keys';
import type { UserRow } from '../db/schema';

/**
 * The member a request acts for. Through an API key it carries the key's id, so a video it pays
 * for counts against the key's monthly credit cap wherever the charge is made.
 */
export type Caller = UserRow & { apiKeyId?: string };

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in member, set by requireUser (null when signed out). */
    user: Caller | null;
    /** The session behind it, set with `user` (null for a request made with an API key). */
    sessionId: string | null;
  }
}

export function requestHeaders(request: FastifyRequest): Headers {
  return fromNodeHeaders(request.headers);
}

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export type SessionGuards = {
  /**
   * Signed in, or 401. `Authorization: Bearer rf_…` signs in with an API key instead (it decides
   * when a cookie comes too): only on routes in a scope the key holds (http/route-scopes.ts),
   * otherwise 403 naming the scope, or saying the call needs a browser session.
   */
  requireUser: Guard;
  /**
   * Signed in as an admin (with a verified address where ADMIN_EMAILS names it), or 401/403. Never
   * with an API key.
   */
  requireAdmin: Guard;
  /** The signed-in member inside a guarded handler. */
  currentUser(request: FastifyRequest): Caller;
  /**
   * The member an API key acts for (carrying the key's id) and the key's scopes, or 401 for a key
   * that is unknown or revoked: for a route that checks scopes itself (the MCP server's tools).
   */
  keyHolder(token: string): Promise<{ caller: Caller; scopes: ApiKeyScope[] }>;
  /** The signed-in member's session id inside a guarded handler (OAuth binds its state to it). */
  currentSessionId(request: FastifyRequest): string;
};
