// Connected accounts: starting an OAuth grant (a state bound to the member's session, with PKCE),
// finishing it (the state checked and used once, the code exchanged, the tokens sealed), listing,
// disconnecting (revoked where the platform allows), and handing publishing an access token that
// is fresh (refreshed before it runs out; a refused grant marks the connection "reconnect needed"
// and tells the member).
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type pg from 'pg';
import {
  type Connection,
  type ConnectionErrorCode,
  PLATFORM_LABELS,
  PLATFORM_NOT_CONFIGURED_MESSAGE,
  PLATFORMS,
  type Platform,
} from '../../../shared/schemas/publishing';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { oauthStates, platformConnections } from '../../db/schema';
import type { UserRow } from '../../db/schema/users';
import { inTransaction } from '../../db/transaction';
import { AppError, NotFound } from '../../errors';
import type { Logger } from '../../logger';
import type { NotificationsService } from '../notifications';
import { INSTAGRAM_PERMISSION_MESSAGE } from './platforms/instagram';
import { createPkce, PLATFORM_MESSAGES } from './platforms/oauth-http';
import { type OAuthTokens, type PlatformAuth, PlatformError } from './platforms/platform';
import { TIKTOK_SCOPE_MESSAGE } from './platforms/tiktok';
import { YOUTUBE_NO_CHANNEL_MESSAGE } from './platforms/youtube';
import type { TokenCipher } from './token-cipher';

/** How long a member has on the platform's consent page. */
const STATE_LIFETIME_MS = 15 * 60 * 1000;
/** An access token this close to running out is refreshed before use. */
const REFRESH_MARGIN_MS = 5 * 60 * 1000;

export type ConnectionRow = typeof platformConnections.$inferSelect;

/** The platform refused the member's grant: they must connect it again. */
export class ReconnectNeeded extends AppError {
  constructor(platform: Platform) {
    super(
      'RECONNECT_NEEDED',
      409,
      `${PLATFORM_LABELS[platform]} no longer accepts Reelforge's access. Please connect it again in Profile.`,
    );
  }
}

export class NotConnected extends AppError {
  constructor(platform: Platform) {
    super(
      'NOT_CONNECTED',
      400,
      `Connect ${PLATFORM_LABELS[platform]} in Profile before publishing there.`,
    );
  }
}

/** Where a callback sends the member back to: Profile's Connections, with what happened. */
export type CallbackOutcome =
  | { ok: true; platform: Platform }
  | { ok: false; platform: Platform; code: ConnectionErrorCode };

const hashState = (state: string) => createHash('sha256').update(state).digest('hex');

export class ConnectionsService {
  constructor(
    private readonly deps: {
      db: Database;
      pool: pg.Pool;
      cipher: TokenCipher;
      /** The configured platforms' OAuth clients; a missing one is unavailable. */
      platforms: Partial<Record<Platform, PlatformAuth>>;
      publicUrl: string;
      clock: Clock;
      notifications: Pick<NotificationsService, 'notify'>;
      log: Logger;
    },
  ) {}

  /** Where each platform sends the member back: registered with the platform's app. */
  redirectUri(platform: Platform): string {
    return `${this.deps.publicUrl}/api/connections/${platform}/callback`;
  }

  /**
   * The member's connections. Which settings an unset platform needs is the operator's business:
   * only an admin's list says (`setupHint`); a member reads that the platform is not available.
   */
  async list(user: UserRow, viewer: { isAdmin: boolean }): Promise<Connection[]> {
    const rows = await this.deps.db
      .select()
      .from(platformConnections)
      .where(eq(platformConnections.userId, user.id));
    return PLATFORMS.map((platform) => {
      const row = rows.find((candidate) => candidate.platform === platform);
      const available = this.deps.platforms[platform] !== undefined;
      return {
        platform,
        available,
        setupHint: available || !viewer.isAdmin ? null : setupHint(platform),
        accountName: row?.accountName ?? null,
        connectedAt: row?.connectedAt.toISOString() ?? null,
        status: row ? (row.status as Connection['status']) : null,
      };
    });
  }

  /** The platform's consent page for a new grant, with a state only this session can use. */
  async start(user: UserRow, sessionId: string, platform: Platform): Promise<string> {
    const auth = this.auth(platform);
    const state = randomBytes(32).toString('base64url');
    const pkce = createPkce();
    const now = this.deps.clock.now();
    await this.deps.db.insert(oauthStates).values({
      stateHash: hashState(state),
      userId: user.id,
      sessionId,
      platform,
      codeVerifierSealed: this.deps.cipher.encrypt(pkce.verifier),
      expiresAt: new Date(now.getTime() + STATE_LIFETIME_MS),
    });
    // Old attempts are only clutter: cleared as new ones start.
    await this.deps.db.delete(oauthStates).where(lt(oauthStates.expiresAt, now));
    return auth.authorizeUrl({
      state,
      codeChallenge: pkce.challenge,
      redirectUri: this.redirectUri(platform),
    });
  }

  /**
   * Finishes a grant: the state must be this session's, for this platform, unexpired and unused
   * (it is used up here, whatever follows); then the code is exchanged and the tokens sealed.
   * A refusal stores nothing.
   */
  async finish(
    user: UserRow,
    sessionId: string,
    platform: Platform,
    query: { code?: string; state?: string; error?: string },
  ): Promise<CallbackOutcome> {
    const auth = this.deps.platforms[platform];
    if (!auth) return { ok: false, platform, code: 'not_available' };
    if (!query.state) return { ok: false, platform, code: 'attempt_expired' };
    const [attempt] = await this.deps.db
      .update(oauthStates)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(oauthStates.stateHash, hashState(query.state)),
          eq(oauthStates.userId, user.id),
          eq(oauthStates.sessionId, sessionId),
          eq(oauthStates.platform, platform),
          isNull(oauthStates.usedAt),
          gt(oauthStates.expiresAt, this.deps.clock.now()),
        ),
      )
      .returning();
    if (!attempt) return { ok: false, platform, code: 'attempt_expired' };
    if (query.error || !query.code) return { ok: false, platform, code: 'access_denied' };
    let tokens: OAuthTokens;
    let account: { id: string; name: string };
    try {
      tokens = await auth.exchangeCode({
        code: query.code,
        codeVerifier: this.deps.cipher.decrypt(attempt.codeVerifierSealed),
        redirectUri: this.redirectUri(platform),
      });
      try {
        account = await auth.account(tokens.accessToken);
      } catch (error) {
        // A grant we cannot use (a Google account with no channel) is not left at the platform.
        await auth.revoke(tokens).catch(() => undefined);
        throw error;
      }
    } catch (error) {
      this.deps.log.warn({ err: error }, `${platform} connection for ${user.id} failed`);
      return { ok: false, platform, code: connectionErrorCode(platform, error) };
    }
    const sealed = this.seal(tokens);
    await this.deps.db
      .insert(platformConnections)
      .values({
        userId: user.id,
        platform,
        accountId: account.id,
        accountName: account.name,
        status: 'connected',
        ...sealed,
      })
      .onConflictDoUpdate({
        target: [platformConnections.userId, platformConnections.platform],
        set: {
          accountId: account.id,
          accountName: account.name,
          status: 'connected',
          ...sealed,
          connectedAt: sql`now()`,
          updatedAt: sql`now()`,
        },
      });
    return { ok: true, platform };
  }

  /** Revokes the grant where the platform allows it (best effort), and forgets the tokens. */
  async disconnect(user: UserRow, platform: Platform): Promise<void> {
    const row = await this.find(user.id, platform);
    if (!row) throw new NotFound(`${PLATFORM_LABELS[platform]} is not connected.`);
    const auth = this.deps.platforms[platform];
    if (auth) {
      await auth.revoke(this.unseal(row)).catch((error) => {
        this.deps.log.warn({ err: error }, `could not revoke ${platform} for ${user.id}`);
      });
    }
    await this.deps.db.delete(platformConnections).where(eq(platformConnections.id, row.id));
  }

  /**
   * The connected account and an access token to publish with, refreshed first when it runs out
   * within five minutes (or at once with `forceRefresh`: the platform refused a token we thought
   * good). A grant the platform refuses marks the connection "reconnect needed" and tells the
   * member.
   */
  async account(
    userId: string,
    platform: Platform,
    options: { forceRefresh?: boolean } = {},
  ): Promise<{ accessToken: string; accountId: string; accountName: string }> {
    const row = await this.find(userId, platform);
    if (!row) throw new NotConnected(platform);
    if (row.status !== 'connected') throw new ReconnectNeeded(platform);
    const account = { accountId: row.accountId, accountName: row.accountName };
    const expiring =
      row.expiresAt !== null &&
      row.expiresAt.getTime() - REFRESH_MARGIN_MS <= this.deps.clock.now().getTime();
    if (!expiring && !options.forceRefresh) {
      return { ...account, accessToken: this.deps.cipher.decrypt(row.accessTokenSealed) };
    }
    const auth = this.auth(platform);
    try {
      const tokens = await auth.refresh(this.unseal(row));
      const sealed = this.seal({
        ...tokens,
        // A platform that gives no new refresh token keeps the old one good (Google); one that
        // names no scopes on refresh keeps the granted ones (Instagram).
        refreshToken: tokens.refreshToken ?? this.unseal(row).refreshToken,
        scopes: tokens.scopes.length > 0 ? tokens.scopes : row.scopes.split(' ').filter(Boolean),
      });
      await this.deps.db
        .update(platformConnections)
        .set({ ...sealed, updatedAt: sql`now()` })
        .where(eq(platformConnections.id, row.id));
      return { ...account, accessToken: tokens.accessToken };
    } catch (error) {
      if (error instanceof PlatformError && error.details.revoked) {
        await this.markReconnectNeeded(row);
        throw new ReconnectNeeded(platform);
      }
      throw error;
    }
  }

  /** An access token to publish with (see `account`). */
  async accessToken(userId: string, platform: Platform): Promise<string> {
    return (await this.account(userId, platform)).accessToken;
  }

  /** The member's connection to the platform as the list shows it; null: not connected. */
  async statusOf(userId: string, platform: Platform): Promise<Connection['status']> {
    const row = await this.find(userId, platform);
    return row ? (row.status as Connection['status']) : null;
  }

  /** Which platforms the member can publish to now: connected, and offered by this server. */
  async connectedPlatforms(userId: string): Promise<Platform[]> {
    const rows = await this.deps.db
      .select({ platform: platformConnections.platform, status: platformConnections.status })
      .from(platformConnections)
      .where(eq(platformConnections.userId, userId));
    return PLATFORMS.filter((platform) =>
      rows.some(
        (row) =>
          row.platform === platform &&
          row.status === 'connected' &&
          this.deps.platforms[platform] !== undefined,
      ),
    );
  }

  /** The platform refused the grant: the connection waits for the member, who is told once. */
  async markReconnectNeeded(row: Pick<ConnectionRow, 'id' | 'userId' | 'platform'>) {
    const platform = row.platform as Platform;
    await inTransaction(this.deps.pool, async (tx) => {
      const changed = await tx.db
        .update(platformConnections)
        .set({ status: 'reconnect_needed', updatedAt: sql`now()` })
        .where(and(eq(platformConnections.id, row.id), eq(platformConnections.status, 'connected')))
        .returning({ id: platformConnections.id });
      if (changed.length === 0) return;
      await this.deps.notifications.notify(tx, row.userId, {
        kind: 'connection_lost',
        title: `${PLATFORM_LABELS[platform]} needs reconnecting`,
        message: `${PLATFORM_LABELS[platform]} no longer accepts Reelforge's access. Connect it again in Profile to keep publishing there.`,
      });
    });
  }

  /** As markReconnectNeeded, for the member's connection to `platform`, if there is one. */
  async markReconnectNeededFor(userId: string, platform: Platform): Promise<void> {
    const row = await this.find(userId, platform);
    if (row) await this.markReconnectNeeded(row);
  }

  private auth(platform: Platform): PlatformAuth {
    const auth = this.deps.platforms[platform];
    if (!auth) throw new NotFound(PLATFORM_NOT_CONFIGURED_MESSAGE);
    return auth;
  }

  private async find(userId: string, platform: Platform): Promise<ConnectionRow | undefined> {
    const [row] = await this.deps.db
      .select()
      .from(platformConnections)
      .where(
        and(eq(platformConnections.userId, userId), eq(platformConnections.platform, platform)),
      );
    return row;
  }

  private seal(tokens: OAuthTokens) {
    return {
      accessTokenSealed: this.deps.cipher.encrypt(tokens.accessToken),
      refreshTokenSealed: tokens.refreshToken
        ? this.deps.cipher.encrypt(tokens.refreshToken)
        : null,
      expiresAt: tokens.expiresAt,
      scopes: tokens.scopes.join(' '),
    };
  }

  private unseal(row: ConnectionRow): { accessToken: string; refreshToken: string | null } {
    return {
      accessToken: this.deps.cipher.decrypt(row.accessTokenSealed),
      refreshToken: row.refreshTokenSealed
        ? this.deps.cipher.decrypt(row.refreshTokenSealed)
        : null,
    };
  }
}

/** The operator's line for a platform that is not configured: which settings to set. */
export function setupHint(platform: Platform): string {
  const settings = {
    youtube: 'YOUTUBE_CLIENT_ID and YOUTUBE_CLIENT_SECRET',
    tiktok: 'TIKTOK_CLIENT_KEY and TIKTOK_CLIENT_SECRET',
    instagram: 'INSTAGRAM_APP_ID and INSTAGRAM_APP_SECRET',
  }[platform];
  return `Set ${settings} in the server's environment (docs/publishing.md).`;
}

/**
 * The code for a failed code exchange or account lookup. The platforms' clients throw our own
 * sentences (PLATFORM_MESSAGES and each platform's), so each known sentence names its code; the
 * platform's own words stay in the log.
 */
function connectionErrorCode(platform: Platform, error: unknown): ConnectionErrorCode {
  if (!(error instanceof PlatformError) || error.details.transient) return 'unreachable';
  const label = PLATFORM_LABELS[platform];
  const codes = new Map<string, ConnectionErrorCode>([
    [PLATFORM_MESSAGES.expiredSignIn(label), 'sign_in_expired'],
    [PLATFORM_MESSAGES.signInRefused(label), 'sign_in_refused'],
    [PLATFORM_MESSAGES.reconnect(label), 'sign_in_refused'],
    [PLATFORM_MESSAGES.appCredentials(label), 'app_credentials'],
    [INSTAGRAM_PERMISSION_MESSAGE, 'permissions'],
    [TIKTOK_SCOPE_MESSAGE, 'permissions'],
    [YOUTUBE_NO_CHANNEL_MESSAGE, 'no_channel'],
  ]);
  return codes.get(error.message) ?? 'refused';
}
