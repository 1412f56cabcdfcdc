// Who is calling: resolves the session cookie once per request into the stored member, and the
// guards routes put in front of themselves (signed in; admin), in the shape http/session.ts names.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../../db/schema';
import { AdminEmailNotVerified, Forbidden, Unauthorized } from '../../errors';
import { requestHeaders, type SessionGuards } from '../../http/session';
import type { MembersService } from '../members';
import type { AuthService } from './service';

export function createSessionGuards({
  auth,
  members,
}: {
  auth: AuthService;
  members: MembersService;
}): SessionGuards {
  async function loadUser(request: FastifyRequest, reply: FastifyReply): Promise<UserRow | null> {
    const { userId, sessionId, setCookies } = await auth.resolveSession(requestHeaders(request));
    for (const cookie of setCookies) reply.header('set-cookie', cookie);
    request.sessionId = sessionId;
    return userId ? ((await members.findCurrent(userId)) ?? null) : null;
  }

  async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    request.user = await loadUser(request, reply);
    if (!request.user) throw new Unauthorized();
  }

  async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
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
  function currentUser(request: FastifyRequest): UserRow {
    if (!request.user) throw new Unauthorized();
    return request.user;
  }

  return { requireUser, requireAdmin, currentUser, currentSessionId };
}
