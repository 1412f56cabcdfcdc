// Stand-ins for the platforms members publish to, at the HTTP boundary, speaking each one's
// documented OAuth: Google's (with the YouTube Data API's channels.list), TikTok's Login Kit v2
// (with user info) and Instagram Login (short-lived code exchange, long-lived tokens, /me). Each
// consent page approves at once (302 back to redirect_uri with code and state), the token endpoint
// checks the client, the code (once), redirect_uri and PKCE, tokens expire and refresh until
// revoked, and every request is recorded. Routes are a table, so upload endpoints can join later.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FakeError, Received } from './fake-providers';

/** Who signs in on the consent page. `noChannel`: a Google account without a YouTube channel. */
export type FakeAccount = { id: string; name: string; noChannel?: boolean };

/** What a route gets: the recorded request, its parsed URL and its raw bytes (uploads). */
export type FakeRequest = Received & { url: URL; raw: Buffer };
/** JSON for objects, bytes for a Buffer, nothing for undefined (a 302 gives a `location`). */
export type FakeResponder = (
  status: number,
  body?: unknown,
  headers?: Record<string, string>,
) => void;
export type FakeRoute = (request: FakeRequest, respond: FakeResponder) => void | Promise<void>;

/** A scripted answer, taken by the first request whose `METHOD /path` it matches. */
export type FakeScriptedError = FakeError & { match: RegExp };

export type FakeIssue = {
  redirectUri: string;
  account?: FakeAccount;
  /** The challenge in the platform's own encoding (YouTube base64url, TikTok hex); none: no PKCE. */
  codeChallenge?: string;
  scopes?: string[];
};

/** Instagram's stand-in; `tokenShape` picks the code exchange's documented or flat answer. */
export type FakeInstagram = FakePlatform & { tokenShape: 'wrapped' | 'flat' };

/** Whether an access token works, and for whom. */
export type FakeTokenCheck =
  | { ok: true; account: FakeAccount; scopes: string[] }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' };

export type FakePlatform = {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** PlatformSettings with every endpoint on this stand-in. */
  settings: {
    clientId: string;
    clientSecret: string;
    authUrl: string;
    tokenUrl: string;
    apiBaseUrl: string;
  };
  /** Who approves on the consent page; change it between connections. */
  account: FakeAccount;
  /** deny: the consent page sends the member back with access_denied, as a cancel does. */
  consent: 'approve' | 'deny';
  /** Lifetimes of what is issued from now on; refreshSeconds null: refresh tokens never expire. */
  lifetimes: { accessSeconds: number; refreshSeconds: number | null };
  /** Every request, in order, scripted errors included. */
  received: Received[];
  /** Scripted answers, consumed before any route is looked at (429s, 500s, odd bodies). */
  errors: FakeScriptedError[];
  /** Matched in order against `METHOD /path` (no query); add upload endpoints here. */
  routes: Record<string, FakeRoute>;
  /** A valid code for an account, as if it had approved on the consent page. */
  issue(options: FakeIssue): string;
  /** Revoked tokens; a token in here (added by a test too) ends its whole grant. */
  revokedTokens: Set<string>;
  /** Revokes every grant so far, as a member removing the app in the platform's settings. */
  revokeGrants(): void;
  /**
   * Every access token issued so far stops working; refresh tokens still do. Instagram's
   * long-lived tokens are access tokens, so they die for good, as past their 60 days: to see one
   * refreshed in time, shorten `lifetimes.accessSeconds` instead.
   */
  expireAccessTokens(): void;
  /** The bearer token of a request (Authorization header or access_token query), checked. */
  checkBearer(request: FakeRequest): FakeTokenCheck;
  close(): Promise<void>;
};

type Grant = { id: number; account: FakeAccount; scopes: string[]; revoked: boolean };
type Code = {
  grant: Grant;
  redirectUri: string;
  challenge: string | undefined;
  used: boolean;
  expiresAt: number;
};
type Token = {
  grant: Grant;
  kind: 'access' | 'refresh';
  expiresAt: number | null;
  /** A rotated refresh token: replaced by a newer one. */
  retired: boolean;
  /** Instagram's one-hour token, which only the long-lived exchange takes. */
  shortLived: boolean;
};

const CODE_LIFETIME_MS = 10 * 60_000;

function random(bytes = 24): string {
  return randomBytes(bytes).toString('base64url');
}

/** The book of grants a stand-in keeps: codes, tokens, expiry and revocation. */
class GrantBook {
  private nextGrantId = 1;
  readonly codes = new Map<string, Code>();
  readonly tokens = new Map<string, Token>();
  readonly grants: Grant[] = [];
  constructor(readonly revokedTokens: Set<string>) {}

  issueCode(code: string, options: FakeIssue & { account: FakeAccount; scopes: string[] }): void {
    const grant = {
      id: this.nextGrantId++,
      account: options.account,
      scopes: options.scopes,
      revoked: false,
    };
    this.grants.push(grant);
    this.codes.set(code, {
      grant,
      redirectUri: options.redirectUri,
      challenge: options.codeChallenge,
      used: false,
      expiresAt: Date.now() + CODE_LIFETIME_MS,
    });
  }

  /** The code's grant, once; why not otherwise. */
  redeemCode(
    code: string,
    redirectUri: string | undefined,
    verifierMatches: (challenge: string) => boolean,
  ): Grant | 'unknown' | 'redirect_uri' | 'verifier' {
    const entry = this.codes.get(code);
    if (!entry || entry.used || entry.expiresAt < Date.now()) return 'unknown';
    if (redirectUri !== entry.redirectUri) return 'redirect_uri';
    if (entry.challenge !== undefined && !verifierMatches(entry.challenge)) return 'verifier';
    entry.used = true;
    return entry.grant;
  }

  mint(
    grant: Grant,
    kind: Token['kind'],
    prefix: string,
    lifetimeSeconds: number | null,
    options: { shortLived?: boolean } = {},
  ): { token: string; expiresIn: number | null } {
    const token = `${prefix}${random()}`;
    this.tokens.set(token, {
      grant,
      kind,
      expiresAt: lifetimeSeconds === null ? null : Date.now() + lifetimeSeconds * 1000,
      retired: false,
      shortLived: options.shortLived ?? false,
    });
    return { token, expiresIn: lifetimeSeconds };
  }

  isRevoked(grant: Grant): boolean {
    if (grant.revoked) return true;
    for (const token of this.revokedTokens) {
      if (this.tokens.get(token)?.grant === grant) return true;
    }
    return false;
  }

  check(
    token: string | undefined,
    kind: Token['kind'],
  ): { ok: true; entry: Token } | { ok: false; reason: 'unknown' | 'expired' | 'revoked' } {
    const entry = token ? this.tokens.get(token) : undefined;
    if (!entry || entry.kind !== kind || entry.retired) return { ok: false, reason: 'unknown' };
    if (this.isRevoked(entry.grant)) return { ok: false, reason: 'revoked' };
    if (entry.expiresAt !== null && entry.expiresAt <= Date.now()) {
      return { ok: false, reason: 'expired' };
    }
    return { ok: true, entry };
  }

  revoke(token: string): boolean {
    const entry = this.tokens.get(token);
    if (!entry) return false;
    this.revokedTokens.add(token);
    entry.grant.revoked = true;
    return true;
  }

  expireAccessTokens(): void {
    for (const entry of this.tokens.values()) {
      if (entry.kind === 'access') entry.expiresAt = 0;
    }
  }
}

type PlatformShape = {
  authPath: string;
  tokenPath: string;
  clientIdPrefix: string;
  account: FakeAccount;
  lifetimes: FakePlatform['lifetimes'];
};

/** The shared server: records, parses, answers scripted errors, then the first matching route. */
async function startFakePlatform(
  shape: PlatformShape,
  routes: (fake: FakePlatform, book: GrantBook) => Record<string, FakeRoute>,
): Promise<FakePlatform> {
  const revokedTokens = new Set<string>();
  const book = new GrantBook(revokedTokens);
  const fake: FakePlatform = {
    baseUrl: '',
    clientId: `${shape.clientIdPrefix}${random(9)}`,
    clientSecret: `test-secret-${random(18)}`,
    settings: { clientId: '', clientSecret: '', authUrl: '', tokenUrl: '', apiBaseUrl: '' },
    account: shape.account,
    consent: 'approve',
    lifetimes: { ...shape.lifetimes },
    received: [],
    errors: [],
    routes: {},
    issue: (options) => {
      const code = random();
      book.issueCode(code, {
        ...options,
        account: options.account ?? fake.account,
        scopes: options.scopes ?? [],
      });
      return code;
    },
    revokedTokens,
    revokeGrants: () => {
      for (const grant of book.grants) grant.revoked = true;
    },
    expireAccessTokens: () => book.expireAccessTokens(),
    checkBearer: (request) => {
      const header = request.headers.authorization;
      const token = header?.startsWith('Bearer ')
        ? header.slice('Bearer '.length)
        : (request.url.searchParams.get('access_token') ?? undefined);
      const checked = book.check(token, 'access');
      return checked.ok
        ? { ok: true, account: checked.entry.grant.account, scopes: checked.entry.grant.scopes }
        : checked;
    },
    close: async () => {},
  };
  fake.routes = routes(fake, book);

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const url = new URL(req.url ?? '/', fake.baseUrl);
      const request: FakeRequest = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers: req.headers,
        body: parseBody(raw, req.headers['content-type']),
        url,
        raw,
      };
      fake.received.push({
        method: request.method,
        path: request.path,
        headers: request.headers,
        body: request.body,
      });
      const respond: FakeResponder = (status, body, headers = {}) => {
        if (body === undefined) res.writeHead(status, headers).end();
        else if (Buffer.isBuffer(body)) {
          res
            .writeHead(status, { 'content-type': 'application/octet-stream', ...headers })
            .end(body);
        } else {
          res
            .writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers })
            .end(JSON.stringify(body));
        }
      };
      const target = `${request.method} ${url.pathname}`;
      const scripted = fake.errors.findIndex((error) => error.match.test(target));
      if (scripted >= 0) {
        const [error] = fake.errors.splice(scripted, 1);
        if (error) {
          const headers: Record<string, string> = error.retryAfter
            ? { 'retry-after': error.retryAfter }
            : {};
          respond(error.status, error.body ?? { error: `scripted ${error.status}` }, headers);
          return;
        }
      }
      const route = Object.entries(fake.routes).find(([pattern]) =>
        new RegExp(pattern, 'u').test(target),
      );
      if (!route) {
        respond(404, { error: `no route for ${target}` });
        return;
      }
      Promise.resolve(route[1](request, respond)).catch((error: unknown) => {
        if (!res.headersSent) respond(500, { error: String(error) });
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.settings = {
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    authUrl: `${fake.baseUrl}${shape.authPath}`,
    tokenUrl: `${fake.baseUrl}${shape.tokenPath}`,
    apiBaseUrl: fake.baseUrl,
  };
  fake.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

/**
 * Opens a consent URL as a browser would and answers where the stand-in sends the member back:
 * redirect_uri with `code` and `state` (or `error`).
 */
export async function consent(authorizeUrl: string): Promise<URL> {
  const response = await fetch(authorizeUrl, { redirect: 'manual' });
  const location = response.headers.get('location');
  if (response.status !== 302 || !location) {
    throw new Error(`The consent page answered ${response.status}: ${await response.text()}`);
  }
  return new URL(location);
}

function parseBody(raw: Buffer, contentType: string | undefined): unknown {
  if (raw.length === 0) return null;
  const type = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'application/x-www-form-urlencoded') {
    return Object.fromEntries(new URLSearchParams(raw.toString('utf8')));
  }
  if (type === 'application/json') {
    try {
      return JSON.parse(raw.toString('utf8'));
    } catch {
      return raw.toString('utf8');
    }
  }
  if (type === '' || type.startsWith('text/')) return raw.toString('utf8');
  return raw;
}

function formOf(request: FakeRequest): Record<string, string> {
  const body = request.body;
  if (typeof body !== 'object' || body === null || Buffer.isBuffer(body)) return {};
  return Object.fromEntries(
    Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** redirect_uri with the answer's parameters added (and Meta's `#_`, where it appends one). */
function backTo(redirectUri: string, parameters: Record<string, string>, fragment = ''): string {
  const url = new URL(redirectUri);
  for (const [key, value] of Object.entries(parameters)) url.searchParams.set(key, value);
  return `${url.toString()}${fragment}`;
}

function sha256(verifier: string): Buffer {
  return createHash('sha256').update(verifier).digest();
}

/**
 * Google's OAuth 2.0 for web-server apps and the YouTube Data API's channels.list:
 * https://developers.google.com/identity/protocols/oauth2/web-server,
 * https://developers.google.com/youtube/v3/docs/channels/list. Token errors are
 * {error, error_description} (invalid_grant for a bad code, verifier or revoked refresh token;
 * invalid_client for bad credentials); a refresh answers no new refresh token.
 */
export function startFakeYouTube(): Promise<FakePlatform> {
  return startFakePlatform(
    {
      authPath: '/o/oauth2/v2/auth',
      tokenPath: '/token',
      clientIdPrefix: 'fake-client-',
      account: { id: `UC${random(16).slice(0, 22)}`, name: 'Lighthouse Stories' },
      lifetimes: { accessSeconds: 3599, refreshSeconds: null },
    },
    (fake, book) => {
      const invalidGrant = (description: string) => ({
        error: 'invalid_grant',
        error_description: description,
      });
      const unauthenticated = {
        error: {
          code: 401,
          message:
            'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
          errors: [
            {
              message: 'Invalid Credentials',
              domain: 'global',
              reason: 'authError',
              location: 'Authorization',
              locationType: 'header',
            },
          ],
          status: 'UNAUTHENTICATED',
        },
      };
      return {
        '^GET /o/oauth2/v2/auth$': (request, respond) => {
          const query = request.url.searchParams;
          const redirectUri = query.get('redirect_uri');
          if (query.get('client_id') !== fake.clientId || !redirectUri) {
            return respond(400, { error: 'invalid_request', error_description: 'Error 400' });
          }
          const state = query.get('state') ?? '';
          if (fake.consent === 'deny') {
            return respond(302, undefined, {
              location: backTo(redirectUri, { error: 'access_denied', state }),
            });
          }
          const scopes = (query.get('scope') ?? '').split(' ').filter(Boolean);
          const method = query.get('code_challenge_method');
          const code = fake.issue({
            redirectUri,
            scopes,
            codeChallenge:
              method === 'S256' ? (query.get('code_challenge') ?? undefined) : undefined,
          });
          respond(302, undefined, {
            location: backTo(redirectUri, { state, code, scope: scopes.join(' ') }),
          });
        },
        '^POST /token$': (request, respond) => {
          const form = formOf(request);
          if (form.client_id !== fake.clientId || form.client_secret !== fake.clientSecret) {
            return respond(401, {
              error: 'invalid_client',
              error_description: 'The OAuth client was not found.',
            });
          }
          if (form.grant_type === 'authorization_code') {
            const grant = book.redeemCode(
              form.code ?? '',
              form.redirect_uri,
              (challenge) =>
                !!form.code_verifier &&
                sha256(form.code_verifier).toString('base64url') === challenge,
            );
            if (grant === 'unknown') return respond(400, invalidGrant('Bad Request'));
            if (grant === 'redirect_uri') {
              return respond(400, {
                error: 'redirect_uri_mismatch',
                error_description: 'Bad Request',
              });
            }
            if (grant === 'verifier') return respond(400, invalidGrant('Invalid code verifier.'));
            const access = book.mint(grant, 'access', 'ya29.', fake.lifetimes.accessSeconds);
            const refresh = book.mint(grant, 'refresh', '1//', fake.lifetimes.refreshSeconds);
            return respond(200, {
              access_token: access.token,
              expires_in: access.expiresIn,
              refresh_token: refresh.token,
              scope: grant.scopes.join(' '),
              token_type: 'Bearer',
            });
          }
          if (form.grant_type === 'refresh_token') {
            const checked = book.check(form.refresh_token, 'refresh');
            if (!checked.ok)
              return respond(400, invalidGrant('Token has been expired or revoked.'));
            const grant = checked.entry.grant;
            const access = book.mint(grant, 'access', 'ya29.', fake.lifetimes.accessSeconds);
            return respond(200, {
              access_token: access.token,
              expires_in: access.expiresIn,
              scope: grant.scopes.join(' '),
              token_type: 'Bearer',
            });
          }
          respond(400, {
            error: 'unsupported_grant_type',
            error_description: 'Invalid grant_type: ',
          });
        },
        // https://developers.google.com/identity/protocols/oauth2/web-server#tokenrevoke
        '^POST /revoke$': (request, respond) => {
          const token = formOf(request).token ?? request.url.searchParams.get('token') ?? '';
          const checked = book.tokens.get(token);
          if (!checked || book.isRevoked(checked.grant)) {
            return respond(400, {
              error: 'invalid_token',
              error_description: 'Token expired or revoked',
            });
          }
          book.revoke(token);
          respond(200, {});
        },
        '^GET /youtube/v3/channels$': (request, respond) => {
          const checked = fake.checkBearer(request);
          if (!checked.ok) return respond(401, unauthenticated);
          const query = request.url.searchParams;
          if (query.get('mine') !== 'true') {
            return respond(400, {
              error: { code: 400, message: 'No filter selected.', status: 'INVALID_ARGUMENT' },
            });
          }
          const items = checked.account.noChannel
            ? []
            : [
                {
                  kind: 'youtube#channel',
                  etag: random(8),
                  id: checked.account.id,
                  snippet: {
                    title: checked.account.name,
                    description: '',
                    customUrl: `@${checked.account.name.replaceAll(' ', '').toLowerCase()}`,
                    publishedAt: '2024-03-01T10:00:00Z',
                  },
                },
              ];
          // A Google account without a channel answers no `items` at all.
          respond(200, {
            kind: 'youtube#channelListResponse',
            etag: random(8),
            pageInfo: { totalResults: items.length, resultsPerPage: 5 },
            ...(items.length > 0 ? { items } : {}),
          });
        },
      };
    },
  );
}

/**
 * TikTok's Login Kit v2 and user info: https://developers.tiktok.com/doc/login-kit-web,
 * https://developers.tiktok.com/doc/oauth-user-access-token-management,
 * https://developers.tiktok.com/doc/tiktok-api-v2-get-user-info. OAuth errors are
 * {error, error_description, log_id} and come with HTTP 200, as TikTok has been seen to send
 * them; PKCE challenges are the SHA-256 digest in hex (TikTok's desktop guide); refresh tokens
 * rotate, the old one refused from then on.
 */
export function startFakeTikTok(): Promise<FakePlatform> {
  const logId = () => `2026${randomBytes(14).toString('hex').toUpperCase()}`;
  return startFakePlatform(
    {
      authPath: '/v2/auth/authorize/',
      tokenPath: '/v2/oauth/token/',
      clientIdPrefix: 'aw',
      account: { id: `-000${random(18)}`, name: 'lighthouse.stories' },
      lifetimes: { accessSeconds: 86_400, refreshSeconds: 31_536_000 },
    },
    (fake, book) => {
      const oauthError = (error: string, description: string) => ({
        error,
        error_description: description,
        log_id: logId(),
      });
      const apiError = (code: string, message: string) => ({
        data: {},
        error: { code, message, log_id: logId() },
      });
      const tokens = (grant: Grant) => {
        const access = book.mint(grant, 'access', 'act.', fake.lifetimes.accessSeconds);
        const refresh = book.mint(grant, 'refresh', 'rft.', fake.lifetimes.refreshSeconds);
        return {
          access_token: access.token,
          expires_in: access.expiresIn,
          open_id: grant.account.id,
          refresh_expires_in: refresh.expiresIn,
          refresh_token: refresh.token,
          scope: grant.scopes.join(','),
          token_type: 'Bearer',
        };
      };
      return {
        '^GET /v2/auth/authorize/$': (request, respond) => {
          const query = request.url.searchParams;
          const redirectUri = query.get('redirect_uri');
          if (query.get('client_key') !== fake.clientId || !redirectUri) {
            return respond(400, oauthError('invalid_client', 'client_key'));
          }
          const state = query.get('state') ?? '';
          if (fake.consent === 'deny') {
            return respond(302, undefined, {
              location: backTo(redirectUri, {
                error: 'access_denied',
                error_description: 'The user denied the request',
                state,
              }),
            });
          }
          const scopes = (query.get('scope') ?? '').split(',').filter(Boolean);
          const method = query.get('code_challenge_method');
          const code = fake.issue({
            redirectUri,
            scopes,
            codeChallenge:
              method === 'S256' ? (query.get('code_challenge') ?? undefined) : undefined,
          });
          respond(302, undefined, {
            location: backTo(redirectUri, { code, scopes: scopes.join(','), state }),
          });
        },
        '^POST /v2/oauth/token/$': (request, respond) => {
          const form = formOf(request);
          if (form.client_key !== fake.clientId || form.client_secret !== fake.clientSecret) {
            return respond(200, oauthError('invalid_client', 'Client key or secret is incorrect.'));
          }
          if (form.grant_type === 'authorization_code') {
            const grant = book.redeemCode(
              form.code ?? '',
              form.redirect_uri,
              (challenge) =>
                !!form.code_verifier && sha256(form.code_verifier).toString('hex') === challenge,
            );
            if (grant === 'unknown') {
              return respond(200, oauthError('invalid_grant', 'Authorization code is expired.'));
            }
            if (grant === 'redirect_uri') {
              return respond(200, oauthError('invalid_request', 'Redirect URI is not matched.'));
            }
            if (grant === 'verifier') {
              return respond(
                200,
                oauthError('invalid_request', 'Code verifier or code challenge is invalid.'),
              );
            }
            return respond(200, tokens(grant));
          }
          if (form.grant_type === 'refresh_token') {
            const checked = book.check(form.refresh_token, 'refresh');
            if (!checked.ok) {
              return respond(
                200,
                oauthError('invalid_grant', 'Refresh token is invalid or expired.'),
              );
            }
            checked.entry.retired = true;
            return respond(200, tokens(checked.entry.grant));
          }
          respond(200, oauthError('unsupported_grant_type', 'Grant type is not supported.'));
        },
        // https://developers.tiktok.com/docs/en/oauth-revoke-a-user-access-token
        '^POST /v2/oauth/revoke/$': (request, respond) => {
          const form = formOf(request);
          if (form.client_key !== fake.clientId || form.client_secret !== fake.clientSecret) {
            return respond(200, oauthError('invalid_client', 'Client key or secret is incorrect.'));
          }
          const token = book.tokens.get(form.token ?? '');
          if (!token || book.isRevoked(token.grant)) {
            return respond(200, oauthError('invalid_grant', 'Access token is invalid or expired.'));
          }
          book.revoke(form.token ?? '');
          respond(200, {});
        },
        '^GET /v2/user/info/$': (request, respond) => {
          const checked = fake.checkBearer(request);
          if (!checked.ok) {
            return respond(
              401,
              apiError(
                'access_token_invalid',
                'The access token is invalid or not found in the request.',
              ),
            );
          }
          if (!checked.scopes.includes('user.info.basic')) {
            return respond(
              401,
              apiError(
                'scope_not_authorized',
                'The user did not authorize the scope required for completing this request.',
              ),
            );
          }
          const fields = (request.url.searchParams.get('fields') ?? '').split(',');
          const user: Record<string, string> = {};
          if (fields.includes('open_id')) user.open_id = checked.account.id;
          if (fields.includes('display_name')) user.display_name = checked.account.name;
          respond(200, { data: { user }, error: { code: 'ok', message: '', log_id: logId() } });
        },
      };
    },
  );
}

/**
 * Instagram API with Instagram Login:
 * https://developers.facebook.com/docs/instagram-platform/instagram-api-with-instagram-login/business-login.
 * The code buys a one-hour token ({data: [{access_token, user_id, permissions}]}, or flat when
 * `tokenShape` says so), which /access_token trades for a long-lived one (lifetimes.accessSeconds,
 * 60 days by default) that /refresh_access_token renews; no refresh token, no revoke endpoint.
 * Refused tokens answer Graph's OAuthException code 190 (subcode 463 expired, 458 app removed).
 * Meta's "at least 24 hours old" rule for refreshing is not enforced.
 */
export async function startFakeInstagram(): Promise<FakeInstagram> {
  const fbtrace = () => random(8);
  const started = await startFakePlatform(
    {
      authPath: '/oauth/authorize',
      tokenPath: '/oauth/access_token',
      clientIdPrefix: '9',
      account: { id: '17841400000000001', name: 'lighthouse.stories' },
      lifetimes: { accessSeconds: 5_183_944, refreshSeconds: null },
    },
    (fake, book) => {
      const graphError = (message: string, code: number, subcode?: number) => ({
        error: {
          message,
          type: 'OAuthException',
          code,
          ...(subcode === undefined ? {} : { error_subcode: subcode }),
          fbtrace_id: fbtrace(),
        },
      });
      const refused = (reason: 'unknown' | 'expired' | 'revoked') =>
        reason === 'expired'
          ? graphError('Error validating access token: Session has expired.', 190, 463)
          : reason === 'revoked'
            ? graphError(
                'Error validating access token: The user has not authorized application.',
                190,
                458,
              )
            : graphError('Invalid OAuth access token - Cannot parse access token', 190);
      // Short-lived tokens are access tokens with an hour to live; long-lived ones, the lifetime.
      const longLived = (grant: Grant) => {
        const minted = book.mint(grant, 'access', 'IGAA', fake.lifetimes.accessSeconds);
        return { access_token: minted.token, token_type: 'bearer', expires_in: minted.expiresIn };
      };
      return {
        '^GET /oauth/authorize$': (request, respond) => {
          const query = request.url.searchParams;
          const redirectUri = query.get('redirect_uri');
          if (query.get('client_id') !== fake.clientId || !redirectUri) {
            return respond(400, graphError('Invalid platform app', 100));
          }
          const state = query.get('state') ?? '';
          if (fake.consent === 'deny') {
            return respond(302, undefined, {
              location: backTo(redirectUri, {
                error: 'access_denied',
                error_reason: 'user_denied',
                error_description: 'The user denied your request',
                state,
              }),
            });
          }
          const scopes = (query.get('scope') ?? '').split(/[,\s]+/u).filter(Boolean);
          const code = fake.issue({ redirectUri, scopes });
          // Meta appends `#_` to the redirect; browsers keep fragments to themselves.
          respond(302, undefined, { location: backTo(redirectUri, { code, state }, '#_') });
        },
        '^POST /oauth/access_token$': (request, respond) => {
          const form = formOf(request);
          const legacy = (message: string) => ({
            error_type: 'OAuthException',
            code: 400,
            error_message: message,
          });
          if (form.client_id !== fake.clientId) {
            return respond(400, legacy('Invalid platform app'));
          }
          if (form.client_secret !== fake.clientSecret) {
            return respond(400, legacy('Error validating client secret.'));
          }
          if (form.grant_type !== 'authorization_code') {
            return respond(400, legacy('Invalid grant_type'));
          }
          const grant = book.redeemCode(form.code ?? '', form.redirect_uri, () => true);
          if (grant === 'unknown') {
            return respond(400, legacy('Matching code was not found or was already used'));
          }
          if (grant === 'redirect_uri' || grant === 'verifier') {
            return respond(
              400,
              legacy(
                'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
              ),
            );
          }
          const short = book.mint(grant, 'access', 'IGQ', 3600, { shortLived: true });
          const granted = {
            access_token: short.token,
            user_id: grant.account.id,
            permissions: grant.scopes.join(','),
          };
          respond(
            200,
            (fake as FakeInstagram).tokenShape === 'flat' ? granted : { data: [granted] },
          );
        },
        '^GET /access_token$': (request, respond) => {
          const query = request.url.searchParams;
          if (query.get('grant_type') !== 'ig_exchange_token') {
            return respond(400, graphError('Unsupported grant_type', 100));
          }
          if (query.get('client_secret') !== fake.clientSecret) {
            return respond(400, graphError('Error validating client secret.', 101));
          }
          const checked = book.check(query.get('access_token') ?? undefined, 'access');
          if (!checked.ok) return respond(400, refused(checked.reason));
          if (!checked.entry.shortLived) {
            return respond(400, graphError('The access token is already long-lived.', 100));
          }
          respond(200, longLived(checked.entry.grant));
        },
        '^GET /refresh_access_token$': (request, respond) => {
          const query = request.url.searchParams;
          if (query.get('grant_type') !== 'ig_refresh_token') {
            return respond(400, graphError('Unsupported grant_type', 100));
          }
          const checked = book.check(query.get('access_token') ?? undefined, 'access');
          if (!checked.ok) return respond(400, refused(checked.reason));
          if (checked.entry.shortLived) {
            return respond(400, graphError('Only long-lived tokens can be refreshed.', 100));
          }
          respond(200, longLived(checked.entry.grant));
        },
        '^GET (/v\\d+\\.\\d+)?/me$': (request, respond) => {
          const checked = fake.checkBearer(request);
          if (!checked.ok) return respond(400, refused(checked.reason));
          const fields = (request.url.searchParams.get('fields') ?? 'id').split(',');
          const me: Record<string, string> = { id: `app-scoped-${checked.account.id}` };
          if (fields.includes('user_id')) me.user_id = checked.account.id;
          if (fields.includes('username')) me.username = checked.account.name;
          respond(200, me);
        },
      };
    },
  );
  const fake = started as FakeInstagram;
  fake.tokenShape = 'wrapped';
  return fake;
}
