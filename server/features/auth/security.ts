// Profile's Security settings: change the password (the current one required; every other session
// ends, its sockets with it), see where the account is signed in, and sign any of those out. A new
// password and "Sign out everywhere else" also end every pending change of email: whoever planted
// one with a stolen session and password loses it with the session.
import { APIError } from 'better-auth/api';
import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import { ACCOUNT_MESSAGES, type AccountSession } from '../../../shared/schemas/auth';
import type { Database } from '../../db/client';
import { sessions } from '../../db/schema';
import type { UserRow } from '../../db/schema/users';
import { NotFound } from '../../errors';
import { WrongPassword } from './account-access';
import type { AccountTokensRepository } from './account-tokens';
import type { Auth } from './better-auth';

export class SecurityService {
  constructor(
    private readonly deps: { auth: Auth; db: Database; tokens: AccountTokensRepository },
  ) {}

  /**
   * A new password, with the current one; every other session ends. Answers the cookies of this
   * browser's new session (better-auth starts one as it revokes the rest).
   */
  async changePassword(
    user: UserRow,
    headers: Headers,
    input: { currentPassword: string; newPassword: string },
  ): Promise<string[]> {
    try {
      const result = await this.deps.auth.api.changePassword({
        body: { ...input, revokeOtherSessions: true },
        headers,
        returnHeaders: true,
      });
      await this.deps.tokens.retire(this.deps.db, user.id, ['change_email']);
      return result.headers.getSetCookie();
    } catch (error) {
      const code = error instanceof APIError ? (error.body as { code?: string })?.code : null;
      if (code === 'INVALID_PASSWORD' || code === 'CREDENTIAL_ACCOUNT_NOT_FOUND') {
        throw new WrongPassword();
      }
      throw error;
    }
  }

  /** Where the member is signed in now: this session first, then the most recently seen. */
  async list(user: UserRow, currentSessionId: string): Promise<AccountSession[]> {
    const rows = await this.deps.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, user.id), gt(sessions.expiresAt, sql`now()`)))
      .orderBy(desc(sessions.updatedAt));
    return rows
      .map((row) => ({
        id: row.id,
        current: row.id === currentSessionId,
        device: describeDevice(row.userAgent),
        ipAddress: row.ipAddress || null,
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: row.updatedAt.toISOString(),
      }))
      .sort((a, b) => Number(b.current) - Number(a.current));
  }

  /** Ends one of the member's sessions (its sockets close with it); 404 for anyone else's. */
  async signOut(user: UserRow, sessionId: string): Promise<void> {
    const ended = await this.deps.db
      .delete(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, user.id)))
      .returning({ id: sessions.id });
    if (ended.length === 0) throw new NotFound('That session has already ended.');
  }

  /** Ends every session of the member but this one. */
  async signOutOthers(user: UserRow, currentSessionId: string): Promise<string> {
    await this.deps.db
      .delete(sessions)
      .where(and(eq(sessions.userId, user.id), ne(sessions.id, currentSessionId)));
    await this.deps.tokens.retire(this.deps.db, user.id, ['change_email']);
    return ACCOUNT_MESSAGES.signedOutOthers;
  }
}

const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//u, 'Edge'],
  [/OPR\/|Opera/u, 'Opera'],
  [/SamsungBrowser\//u, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//u, 'Firefox'],
  [/Chrome\/|CriOS\//u, 'Chrome'],
  [/Safari\//u, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPad|iPod/u, 'iOS'],
  [/Android/u, 'Android'],
  [/CrOS/u, 'ChromeOS'],
  [/Windows/u, 'Windows'],
  [/Mac OS X|Macintosh/u, 'macOS'],
  [/Linux/u, 'Linux'],
];

/** "Chrome on macOS" from a user agent; what is not known is left out; null for nothing. */
export function describeDevice(userAgent: string | null | undefined): string | null {
  if (!userAgent) return null;
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? userAgent.slice(0, 60);
}
