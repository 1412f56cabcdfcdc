// Stand-ins for the platforms members publish to, at the HTTP boundary, speaking each one's
// documented OAuth: Google's (with the YouTube Data API's channels.list), TikTok's Login Kit v2
// (with user info) and Instagram Login (short-lived code exchange, long-lived tokens, /me). Each
// consent page approves at once (302 back to redirect_uri with code and state), the token endpoint
// checks the client, the code (once), redirect_uri and PKCE, tokens expire and refresh until
// revoked, and every request is recorded. Routes are a table; the publishing endpoints join it:
// YouTube's resumable upload and videos.list, TikTok's Direct Post (creator info, init, chunked
// upload, status) and Instagram's Reels containers, each storing the bytes it was sent. Any
// upload can be cut halfway or have its answer held, as a dropped connection or a killed worker.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FakeError, Received } from './fake-providers';

/** Who signs in on the consent page. `noChannel`: a Google account without a YouTube channel. */
export type FakeAccount = { id: string; name: string; noChannel?: boolean };

/**
 * What a route gets: the recorded request, its parsed URL and its raw bytes (uploads). `cut`: the
 * connection dropped halfway (`cutNextUpload`): `raw` is the half that came, and any answer is lost.
 */
export type FakeRequest = Received & { url: URL; raw: Buffer; cut?: boolean };

/** An upload whose answer is held: `arrived` once its bytes are in, answered on `release()`. */
export type FakeHold = { arrived: Promise<void>; release(): void };
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

/**
 * Instagram's stand-in; `tokenShape` picks the code exchange's documented or flat answer. Reels
 * containers and published media are kept in `containers` and `media`.
 */
export type FakeInstagram = FakePlatform & {
  tokenShape: 'wrapped' | 'flat';
  containers: FakeInstagramContainer[];
  media: FakeInstagramMedia[];
  /** Status polls of a downloaded container answered IN_PROGRESS before FINISHED. */
  pollsBeforeFinished: number;
};

/** A Reels container: what POST /{ig-user-id}/media was given, and the video it fetched. */
export type FakeInstagramContainer = {
  id: string;
  accountId: string;
  caption: string;
  videoUrl: string;
  shareToFeed: boolean;
  /** ms since 1970; a container older than 24 hours is EXPIRED (a test may age it). */
  createdAt: number;
  download: 'pending' | 'done' | 'failed';
  bytes: Buffer | null;
  polls: number;
  /** Set by a test (or a failed download): the container ends in ERROR with this `status`. */
  error: string | null;
  mediaId: string | null;
};

/** A published Reel. */
export type FakeInstagramMedia = {
  id: string;
  accountId: string;
  containerId: string;
  caption: string;
  bytes: Buffer;
  permalink: string;
  timestamp: string;
};

/** A video YouTube made from a completed resumable upload. */
export type FakeYouTubeVideo = {
  id: string;
  channelId: string;
  title: string;
  description: string;
  tags: string[];
  categoryId: string;
  privacyStatus: 'public' | 'unlisted' | 'private';
  selfDeclaredMadeForKids: boolean | null;
  bytes: Buffer;
  /** videos.list calls that read it so far. */
  polls: number;
  /** Set by a test: processing ends in this instead of `processed`. */
  outcome?:
    | { uploadStatus: 'rejected'; rejectionReason: string }
    | { uploadStatus: 'failed'; failureReason: string };
};

/** A resumable upload session: the metadata it was opened with and the bytes kept so far. */
export type FakeYouTubeSession = {
  id: string;
  channelId: string;
  total: number;
  contentType: string;
  metadata: { snippet: Record<string, unknown>; status: Record<string, unknown> };
  bytes: Buffer;
  video: FakeYouTubeVideo | null;
  /** Set by a test: the session answers 404, as one past its week does. */
  expired: boolean;
};

export type FakeYouTube = FakePlatform & {
  videos: FakeYouTubeVideo[];
  uploadSessions: FakeYouTubeSession[];
  /** videos.list polls of a new video answered `uploaded` before `processed`. */
  pollsBeforeProcessed: number;
  /** As for an unaudited API project (created after July 2020): every upload is kept private. */
  forcePrivate: boolean;
};

/** What creator_info/query answers for the connected creator. */
export type FakeTikTokCreator = {
  username: string;
  nickname: string;
  avatarUrl: string;
  privacyLevelOptions: string[];
  commentDisabled: boolean;
  duetDisabled: boolean;
  stitchDisabled: boolean;
  maxVideoPostDurationSec: number;
};

export type FakeTikTokStatus =
  | 'PROCESSING_UPLOAD'
  | 'PROCESSING_DOWNLOAD'
  | 'SEND_TO_USER_INBOX'
  | 'PUBLISH_COMPLETE'
  | 'FAILED';

/** A Direct Post: its init, the bytes uploaded so far and where it stands. */
export type FakeTikTokPost = {
  publishId: string;
  openId: string;
  caption: string;
  privacyLevel: string;
  disableComment: boolean;
  disableDuet: boolean;
  disableStitch: boolean;
  videoCoverTimestampMs: number | null;
  videoSize: number;
  chunkSize: number;
  totalChunkCount: number;
  uploadUrl: string;
  /** ms since 1970; TikTok's upload URLs last an hour (a test may age one). */
  uploadExpiresAt: number;
  bytes: Buffer;
  status: FakeTikTokStatus;
  /** Status polls since the upload completed. */
  polls: number;
  /** The public post's id (a 19-digit int64), once published publicly. */
  postId: string | null;
  /** Set by a test: the post ends FAILED with this fail_reason once uploaded. */
  failReason: string | null;
};

/** TikTok's stand-in with the Content Posting API's Direct Post. */
export type FakeTikTok = FakePlatform & {
  creator: FakeTikTokCreator;
  posts: FakeTikTokPost[];
  /** Status polls of an uploaded post answered PROCESSING_UPLOAD before PUBLISH_COMPLETE. */
  pollsBeforeComplete: number;
  uploadUrlLifetimeMs: number;
};

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
  /**
   * A working access token for a new grant, as if the account had connected (the platform's
   * publishing scopes unless `scopes` says otherwise).
   */
  accessToken(options?: { account?: FakeAccount; scopes?: string[] }): string;
  /**
   * The next PUT with a body is cut halfway: the route keeps what a platform keeps of the first
   * half, then the socket is destroyed without an answer, as a dropped connection.
   */
  cutNextUpload: boolean;
  /** The next PUT with a body is taken in full, but its answer waits for `release()`. */
  holdNextUpload(): FakeHold;
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

  /** A grant made without the consent page (a test's ready connection). */
  grant(account: FakeAccount, scopes: string[]): Grant {
    const grant = { id: this.nextGrantId++, account, scopes, revoked: false };
    this.grants.push(grant);
    return grant;
  }

  expireAccessTokens(): void {
    for (const entry of this.tokens.values()) {
      if (entry.kind === 'access') entry.expiresAt = 0;
    }
  }
}

/** Where a stand-in listens and the app credentials it expects (all random when left out). */
export type FakeListen = { port?: number; clientId?: string; clientSecret?: string };

type PlatformShape = {
  listen?: FakeListen;
  authPath: string;
  tokenPath: string;
  clientIdPrefix: string;
  account: FakeAccount;
  lifetimes: FakePlatform['lifetimes'];
  /** How the platform's access tokens start, and the scopes `accessToken()` grants. */
  accessTokenPrefix: string;
  publishingScopes: string[];
};

type PendingHold = { arrive(): void; released: Promise<void> };

function createHold(): { hold: FakeHold; pending: PendingHold } {
  let arrive = () => {};
  let release = () => {};
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { hold: { arrived, release }, pending: { arrive, released } };
}

/** The shared server: records, parses, answers scripted errors, then the first matching route. */
async function startFakePlatform(
  shape: PlatformShape,
  routes: (fake: FakePlatform, book: GrantBook) => Record<string, FakeRoute>,
): Promise<FakePlatform> {
  const revokedTokens = new Set<string>();
  const book = new GrantBook(revokedTokens);
  const holds: PendingHold[] = [];
  const fake: FakePlatform = {
    baseUrl: '',
    clientId: shape.listen?.clientId ?? `${shape.clientIdPrefix}${random(9)}`,
    clientSecret: shape.listen?.clientSecret ?? `test-secret-${random(18)}`,
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
    accessToken: (options = {}) => {
      const grant = book.grant(
        options.account ?? fake.account,
        options.scopes ?? shape.publishingScopes,
      );
      return book.mint(grant, 'access', shape.accessTokenPrefix, fake.lifetimes.accessSeconds)
        .token;
    },
    cutNextUpload: false,
    holdNextUpload: () => {
      const { hold, pending } = createHold();
      holds.push(pending);
      return hold;
    },
    close: async () => {},
  };
  fake.routes = routes(fake, book);

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    const upload = req.method === 'PUT' && declared > 0;
    const cut = upload && declared > 1 && fake.cutNextUpload;
    if (cut) fake.cutNextUpload = false;
    const hold = upload && !cut ? holds.shift() : undefined;
    const chunks: Buffer[] = [];
    let receivedBytes = 0;
    let handled = false;

    const handle = (raw: Buffer) => {
      handled = true;
      const url = new URL(req.url ?? '/', fake.baseUrl);
      const request: FakeRequest = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers: req.headers,
        body: parseBody(raw, req.headers['content-type']),
        url,
        raw,
        ...(cut ? { cut: true } : {}),
      };
      fake.received.push({
        method: request.method,
        path: request.path,
        headers: request.headers,
        body: request.body,
      });
      const answer: FakeResponder = (status, body, headers = {}) => {
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
      // A cut upload's answer never leaves; a held one leaves once the test releases it.
      const respond: FakeResponder = cut
        ? () => {}
        : hold
          ? (status, body, headers) => {
              hold.arrive();
              void hold.released.then(() => {
                if (!res.destroyed) answer(status, body, headers);
              });
            }
          : answer;
      const target = `${request.method} ${url.pathname}`;
      const scripted = cut ? -1 : fake.errors.findIndex((error) => error.match.test(target));
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
      Promise.resolve(route[1](request, respond))
        .catch((error: unknown) => {
          if (!res.headersSent) respond(500, { error: String(error) });
        })
        .finally(() => {
          if (cut) req.socket.destroy();
        });
    };

    req.on('data', (chunk: Buffer) => {
      if (handled) return;
      chunks.push(chunk);
      receivedBytes += chunk.length;
      if (cut && receivedBytes >= Math.floor(declared / 2)) {
        handle(Buffer.concat(chunks).subarray(0, Math.floor(declared / 2)));
      }
    });
    req.on('end', () => {
      if (!handled) handle(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(shape.listen?.port ?? 0, '127.0.0.1', resolve);
  });
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
export async function startFakeYouTube(listen?: FakeListen): Promise<FakeYouTube> {
  const started = await startFakePlatform(
    {
      listen,
      authPath: '/o/oauth2/v2/auth',
      tokenPath: '/token',
      clientIdPrefix: 'fake-client-',
      account: { id: `UC${random(16).slice(0, 22)}`, name: 'Lighthouse Stories' },
      lifetimes: { accessSeconds: 3599, refreshSeconds: null },
      accessTokenPrefix: 'ya29.',
      publishingScopes: [
        'https://www.googleapis.com/auth/youtube.upload',
        'https://www.googleapis.com/auth/youtube.readonly',
      ],
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
        ...youtubeUploadRoutes(fake as FakeYouTube, unauthenticated),
      };
    },
  );
  return Object.assign(started, {
    videos: [],
    uploadSessions: [],
    pollsBeforeProcessed: 1,
    forcePrivate: false,
  } satisfies Omit<FakeYouTube, keyof FakePlatform>);
}

/**
 * TikTok's Login Kit v2 and user info: https://developers.tiktok.com/doc/login-kit-web,
 * https://developers.tiktok.com/doc/oauth-user-access-token-management,
 * https://developers.tiktok.com/doc/tiktok-api-v2-get-user-info. OAuth errors are
 * {error, error_description, log_id} and come with HTTP 200, as TikTok has been seen to send
 * them; PKCE challenges are the SHA-256 digest in hex (TikTok's desktop guide); refresh tokens
 * rotate, the old one refused from then on.
 */
export async function startFakeTikTok(listen?: FakeListen): Promise<FakeTikTok> {
  const logId = () => `2026${randomBytes(14).toString('hex').toUpperCase()}`;
  const started = await startFakePlatform(
    {
      listen,
      authPath: '/v2/auth/authorize/',
      tokenPath: '/v2/oauth/token/',
      clientIdPrefix: 'aw',
      account: { id: `-000${random(18)}`, name: 'lighthouse.stories' },
      lifetimes: { accessSeconds: 86_400, refreshSeconds: 31_536_000 },
      accessTokenPrefix: 'act.',
      publishingScopes: ['user.info.basic', 'video.publish', 'video.upload'],
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
        ...tiktokPostingRoutes(fake as FakeTikTok, apiError),
      };
    },
  );
  return Object.assign(started, {
    creator: {
      username: started.account.name,
      nickname: 'Lighthouse Stories',
      avatarUrl: 'https://p16-sign.tiktokcdn-us.com/avatar/lighthouse.jpeg',
      privacyLevelOptions: ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'],
      commentDisabled: false,
      duetDisabled: false,
      stitchDisabled: true,
      maxVideoPostDurationSec: 600,
    },
    posts: [],
    pollsBeforeComplete: 1,
    uploadUrlLifetimeMs: 60 * 60_000,
  } satisfies Omit<FakeTikTok, keyof FakePlatform>);
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
export async function startFakeInstagram(listen?: FakeListen): Promise<FakeInstagram> {
  const fbtrace = () => random(8);
  const started = await startFakePlatform(
    {
      listen,
      authPath: '/oauth/authorize',
      tokenPath: '/oauth/access_token',
      clientIdPrefix: '9',
      account: { id: '17841400000000001', name: 'lighthouse.stories' },
      lifetimes: { accessSeconds: 5_183_944, refreshSeconds: null },
      accessTokenPrefix: 'IGAA',
      publishingScopes: ['instagram_business_basic', 'instagram_business_content_publish'],
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
        ...instagramPublishingRoutes(fake as FakeInstagram, graphError, refused),
      };
    },
  );
  const fake = started as FakeInstagram;
  fake.tokenShape = 'wrapped';
  fake.containers = [];
  fake.media = [];
  fake.pollsBeforeFinished = 1;
  return fake;
}

// ---------------------------------------------------------------------------------------------
// Publishing endpoints, one table per platform, joined to the OAuth routes above.

const KIB_256 = 256 * 1024;
const MIB = 1024 * 1024;

/** Content-Range `bytes first-last/total`, or a status query's (an asterisk for the range). */
function contentRange(
  header: string | string[] | undefined,
): { start: number; end: number; total: number } | { status: true; total: number } | null {
  const match = /^bytes (?:(\d+)-(\d+)|\*)\/(\d+)$/u.exec(String(header ?? ''));
  if (!match) return null;
  const total = Number(match[3]);
  if (match[1] === undefined || match[2] === undefined) return { status: true, total };
  return { start: Number(match[1]), end: Number(match[2]), total };
}

function recordOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    !Buffer.isBuffer(value)
    ? (value as Record<string, unknown>)
    : {};
}

function digits(count: number): string {
  let text = String(1 + ((randomBytes(1)[0] ?? 0) % 9));
  while (text.length < count) text += String((randomBytes(1)[0] ?? 0) % 10);
  return text;
}

/**
 * The YouTube Data API's resumable upload (videos.insert) and videos.list:
 * https://developers.google.com/youtube/v3/guides/using_resumable_upload_protocol. The session
 * POST takes the metadata and X-Upload-Content-Length/-Type and answers its URL in Location; PUTs
 * carry `Content-Range: bytes start-end/total` (chunks a multiple of 256 KiB but the last) and
 * are answered 308 with `Range: bytes=0-N` until the last, then 201 with the video; an empty PUT
 * whose Content-Range has an asterisk for the range asks how far it got. Errors are
 * {error: {code, message, errors: [{reason}]}}.
 */
function youtubeUploadRoutes(
  fake: FakeYouTube,
  unauthenticated: unknown,
): Record<string, FakeRoute> {
  const uploadScope = 'https://www.googleapis.com/auth/youtube.upload';
  const readScopes = [
    'https://www.googleapis.com/auth/youtube.readonly',
    'https://www.googleapis.com/auth/youtube',
  ];
  const apiError = (code: number, reason: string, message: string) => ({
    error: { code, message, errors: [{ message, domain: 'youtube.video', reason }] },
  });
  const resource = (video: FakeYouTubeVideo) => ({
    kind: 'youtube#video',
    etag: random(8),
    id: video.id,
    snippet: {
      publishedAt: new Date().toISOString(),
      channelId: video.channelId,
      title: video.title,
      description: video.description,
      tags: video.tags,
      categoryId: video.categoryId,
    },
    status: {
      uploadStatus: 'uploaded',
      privacyStatus: video.privacyStatus,
      license: 'youtube',
      embeddable: true,
      publicStatsViewable: true,
      ...(video.selfDeclaredMadeForKids === null
        ? {}
        : { selfDeclaredMadeForKids: video.selfDeclaredMadeForKids }),
    },
  });
  /** Where the session stands: 308 with the kept range, or the video once complete. */
  const answerSession = (session: FakeYouTubeSession, respond: FakeResponder, created: boolean) => {
    if (session.video) return respond(created ? 201 : 200, resource(session.video));
    respond(
      308,
      undefined,
      session.bytes.length > 0 ? { range: `bytes=0-${session.bytes.length - 1}` } : {},
    );
  };

  return {
    '^POST /upload/youtube/v3/videos$': (request, respond) => {
      const checked = fake.checkBearer(request);
      if (!checked.ok) return respond(401, unauthenticated);
      if (!checked.scopes.includes(uploadScope)) {
        return respond(
          403,
          apiError(
            403,
            'insufficientPermissions',
            'Request had insufficient authentication scopes.',
          ),
        );
      }
      const query = request.url.searchParams;
      if (query.get('uploadType') !== 'resumable') {
        return respond(400, apiError(400, 'badRequest', 'Only resumable uploads are supported.'));
      }
      const parts = (query.get('part') ?? '').split(',');
      if (!parts.includes('snippet') || !parts.includes('status')) {
        return respond(400, apiError(400, 'unexpectedPart', "The 'part' parameter is missing."));
      }
      const total = Number(request.headers['x-upload-content-length']);
      const contentType = String(request.headers['x-upload-content-type'] ?? '');
      if (!Number.isSafeInteger(total) || total <= 0) {
        return respond(400, apiError(400, 'badContent', 'X-Upload-Content-Length is required.'));
      }
      if (!contentType.startsWith('video/')) {
        return respond(400, apiError(400, 'badContent', 'X-Upload-Content-Type must be video/*.'));
      }
      if (!String(request.headers['content-type'] ?? '').startsWith('application/json')) {
        return respond(400, apiError(400, 'parseError', 'The metadata must be JSON.'));
      }
      const snippet = recordOf(recordOf(request.body).snippet);
      const status = recordOf(recordOf(request.body).status);
      const title = snippet.title;
      if (typeof title !== 'string' || title.trim() === '' || [...title].length > 100) {
        return respond(
          400,
          apiError(400, 'invalidTitle', 'The request metadata specifies an invalid video title.'),
        );
      }
      const description = snippet.description ?? '';
      if (
        /[<>]/u.test(title) ||
        typeof description !== 'string' ||
        /[<>]/u.test(description) ||
        Buffer.byteLength(description) > 5000
      ) {
        return respond(
          400,
          apiError(
            400,
            /[<>]/u.test(title) ? 'invalidTitle' : 'invalidDescription',
            'The request metadata specifies an invalid video title or description.',
          ),
        );
      }
      if (!['public', 'unlisted', 'private'].includes(String(status.privacyStatus))) {
        return respond(
          400,
          apiError(400, 'invalidVideoMetadata', 'The privacy status is invalid.'),
        );
      }
      const session: FakeYouTubeSession = {
        id: random(32),
        channelId: checked.account.id,
        total,
        contentType,
        metadata: { snippet, status },
        bytes: Buffer.alloc(0),
        video: null,
        expired: false,
      };
      fake.uploadSessions.push(session);
      respond(200, undefined, {
        location: `${fake.baseUrl}/upload/youtube/v3/videos?uploadType=resumable&upload_id=${session.id}`,
        'x-guploader-uploadid': session.id,
      });
    },

    '^PUT /upload/youtube/v3/videos$': (request, respond) => {
      const checked = fake.checkBearer(request);
      if (!checked.ok) return respond(401, unauthenticated);
      const id = request.url.searchParams.get('upload_id');
      const session = fake.uploadSessions.find((candidate) => candidate.id === id);
      if (!session || session.expired) {
        return respond(404, apiError(404, 'notFound', 'The upload session was not found.'));
      }
      if (session.channelId !== checked.account.id) {
        return respond(
          403,
          apiError(403, 'forbidden', 'The upload session belongs to another channel.'),
        );
      }
      const range = contentRange(request.headers['content-range']);
      if (!range || range.total !== session.total) {
        return respond(400, apiError(400, 'badRequest', 'Invalid Content-Range.'));
      }
      if ('status' in range) {
        if (request.raw.length > 0) {
          return respond(400, apiError(400, 'badRequest', 'A status query has no body.'));
        }
        return answerSession(session, respond, false);
      }
      const { start, end } = range;
      if (session.video) return answerSession(session, respond, false);
      if (start > session.bytes.length || end < start || end >= session.total) {
        return respond(400, apiError(400, 'badRequest', `Invalid Content-Range: ${start}-${end}.`));
      }
      if (request.cut) {
        // Google keeps what arrived of a dropped request and says so on the next status query.
        session.bytes = Buffer.concat([session.bytes.subarray(0, start), request.raw]);
        return;
      }
      const length = end - start + 1;
      if (request.raw.length !== length || Number(request.headers['content-length']) !== length) {
        return respond(400, apiError(400, 'badRequest', 'The body does not match Content-Range.'));
      }
      if (end !== session.total - 1 && length % KIB_256 !== 0) {
        return respond(
          400,
          apiError(400, 'badRequest', 'Chunks must be a multiple of 256 KiB, but the last.'),
        );
      }
      session.bytes = Buffer.concat([session.bytes.subarray(0, start), request.raw]);
      if (session.bytes.length === session.total) {
        const { snippet, status } = session.metadata;
        const requested = String(status.privacyStatus) as FakeYouTubeVideo['privacyStatus'];
        const video: FakeYouTubeVideo = {
          id: randomBytes(8).toString('base64url'),
          channelId: session.channelId,
          title: String(snippet.title),
          description: typeof snippet.description === 'string' ? snippet.description : '',
          tags: Array.isArray(snippet.tags) ? snippet.tags.map(String) : [],
          categoryId: typeof snippet.categoryId === 'string' ? snippet.categoryId : '22',
          privacyStatus: fake.forcePrivate ? 'private' : requested,
          selfDeclaredMadeForKids:
            typeof status.selfDeclaredMadeForKids === 'boolean'
              ? status.selfDeclaredMadeForKids
              : null,
          bytes: session.bytes,
          polls: 0,
        };
        session.video = video;
        fake.videos.push(video);
        return answerSession(session, respond, true);
      }
      answerSession(session, respond, false);
    },

    // https://developers.google.com/youtube/v3/docs/videos/list
    '^GET /youtube/v3/videos$': (request, respond) => {
      const checked = fake.checkBearer(request);
      if (!checked.ok) return respond(401, unauthenticated);
      if (!checked.scopes.some((scope) => readScopes.includes(scope))) {
        return respond(
          403,
          apiError(
            403,
            'insufficientPermissions',
            'Request had insufficient authentication scopes.',
          ),
        );
      }
      const query = request.url.searchParams;
      const parts = (query.get('part') ?? '').split(',').filter(Boolean);
      const ids = (query.get('id') ?? '').split(',').filter(Boolean);
      if (parts.length === 0 || ids.length === 0) {
        return respond(400, apiError(400, 'missingRequiredParameter', 'part and id are required.'));
      }
      const items = fake.videos
        .filter((video) => ids.includes(video.id) && video.channelId === checked.account.id)
        .map((video) => {
          video.polls += 1;
          const processing = video.polls <= fake.pollsBeforeProcessed;
          const outcome = processing ? undefined : video.outcome;
          const uploadStatus = processing ? 'uploaded' : (outcome?.uploadStatus ?? 'processed');
          const item: Record<string, unknown> = {
            kind: 'youtube#video',
            etag: random(8),
            id: video.id,
          };
          if (parts.includes('snippet')) item.snippet = resource(video).snippet;
          if (parts.includes('status')) {
            item.status = {
              ...resource(video).status,
              uploadStatus,
              ...(outcome?.uploadStatus === 'rejected'
                ? { rejectionReason: outcome.rejectionReason }
                : {}),
              ...(outcome?.uploadStatus === 'failed'
                ? { failureReason: outcome.failureReason }
                : {}),
            };
          }
          if (parts.includes('processingDetails')) {
            item.processingDetails = {
              processingStatus: processing ? 'processing' : outcome ? 'failed' : 'succeeded',
            };
          }
          return item;
        });
      respond(200, {
        kind: 'youtube#videoListResponse',
        etag: random(8),
        items,
        pageInfo: { totalResults: items.length, resultsPerPage: items.length },
      });
    },
  };
}

/**
 * TikTok's Content Posting API, Direct Post with FILE_UPLOAD:
 * https://developers.tiktok.com/doc/content-posting-api-reference-direct-post,
 * https://developers.tiktok.com/doc/content-posting-api-reference-query-creator-info,
 * https://developers.tiktok.com/doc/content-posting-api-media-transfer-guide (chunks of 5 to 64 MB,
 * MB read as MiB, total_chunk_count = floor(video_size / chunk_size), the last chunk taking the
 * rest up to 128 MB, a video under 5 MB whole; uploaded in order, 206 then 201) and
 * https://developers.tiktok.com/doc/content-posting-api-reference-get-video-status. The upload URL
 * is the credential (no Authorization there, as documented); a cut chunk is not kept. Errors are
 * {data: {}, error: {code, message, log_id}}: 401 for the token, 403 for TikTok's refusals.
 */
function tiktokPostingRoutes(
  fake: FakeTikTok,
  apiError: (code: string, message: string) => unknown,
): Record<string, FakeRoute> {
  const ok = (data: unknown) => ({
    data,
    error: {
      code: 'ok',
      message: '',
      log_id: `2026${randomBytes(14).toString('hex').toUpperCase()}`,
    },
  });
  /** The creator behind a request's token with video.publish, or null once answered. */
  const creatorOf = (request: FakeRequest, respond: FakeResponder): FakeAccount | null => {
    const checked = fake.checkBearer(request);
    if (!checked.ok) {
      respond(
        401,
        apiError(
          'access_token_invalid',
          'The access token is invalid or not found in the request.',
        ),
      );
      return null;
    }
    if (!checked.scopes.includes('video.publish')) {
      respond(
        401,
        apiError(
          'scope_not_authorized',
          'The user did not authorize the scope required for completing this request.',
        ),
      );
      return null;
    }
    return checked.account;
  };
  const chunkProblem = (size: number, chunk: number, count: number): string | null => {
    if (![size, chunk, count].every(Number.isSafeInteger)) return 'Sizes must be integers.';
    if (size <= 0 || size > 4 * 1024 * MIB) return 'video_size is out of range.';
    if (count < 1 || count > 1000) return 'total_chunk_count must be between 1 and 1000.';
    if (size < 5 * MIB) {
      return chunk === size && count === 1
        ? null
        : 'A video under 5 MB must be uploaded whole: chunk_size = video_size, one chunk.';
    }
    if (chunk < 5 * MIB || chunk > 64 * MIB) return 'chunk_size must be between 5 MB and 64 MB.';
    if (count !== Math.floor(size / chunk)) {
      return 'total_chunk_count must be video_size / chunk_size, rounded down.';
    }
    if (size - chunk * (count - 1) > 128 * MIB) return 'The final chunk may be at most 128 MB.';
    return null;
  };

  return {
    '^POST /v2/post/publish/creator_info/query/$': (request, respond) => {
      if (!creatorOf(request, respond)) return;
      const creator = fake.creator;
      respond(
        200,
        ok({
          creator_avatar_url: creator.avatarUrl,
          creator_username: creator.username,
          creator_nickname: creator.nickname,
          privacy_level_options: creator.privacyLevelOptions,
          comment_disabled: creator.commentDisabled,
          duet_disabled: creator.duetDisabled,
          stitch_disabled: creator.stitchDisabled,
          max_video_post_duration_sec: creator.maxVideoPostDurationSec,
        }),
      );
    },

    '^POST /v2/post/publish/video/init/$': (request, respond) => {
      const account = creatorOf(request, respond);
      if (!account) return;
      const invalid = (message: string) => respond(400, apiError('invalid_param', message));
      if (!String(request.headers['content-type'] ?? '').startsWith('application/json')) {
        return invalid('The request body must be JSON.');
      }
      const postInfo = recordOf(recordOf(request.body).post_info);
      const sourceInfo = recordOf(recordOf(request.body).source_info);
      const title = postInfo.title ?? '';
      if (typeof title !== 'string' || title.length > 2200) {
        return invalid('post_info.title must be at most 2200 UTF-16 characters.');
      }
      const privacyLevel = String(postInfo.privacy_level ?? '');
      if (!fake.creator.privacyLevelOptions.includes(privacyLevel)) {
        return respond(
          403,
          apiError(
            'privacy_level_option_mismatch',
            'privacy_level is not among the privacy_level_options of creator_info.',
          ),
        );
      }
      if (sourceInfo.source === 'PULL_FROM_URL') {
        return respond(
          403,
          apiError('url_ownership_unverified', 'The URL prefix is not verified.'),
        );
      }
      if (sourceInfo.source !== 'FILE_UPLOAD') return invalid('source_info.source is invalid.');
      const size = Number(sourceInfo.video_size);
      const chunk = Number(sourceInfo.chunk_size);
      const count = Number(sourceInfo.total_chunk_count);
      const problem = chunkProblem(size, chunk, count);
      if (problem) return invalid(problem);
      const uploadId = digits(19);
      const uploadToken = random(24);
      const post: FakeTikTokPost = {
        publishId: `v_pub_file~v2-1.${digits(19)}`,
        openId: account.id,
        caption: title,
        privacyLevel,
        disableComment: postInfo.disable_comment === true,
        disableDuet: postInfo.disable_duet === true,
        disableStitch: postInfo.disable_stitch === true,
        videoCoverTimestampMs:
          typeof postInfo.video_cover_timestamp_ms === 'number'
            ? postInfo.video_cover_timestamp_ms
            : null,
        videoSize: size,
        chunkSize: chunk,
        totalChunkCount: count,
        uploadUrl: `${fake.baseUrl}/video/?upload_id=${uploadId}&upload_token=${uploadToken}`,
        uploadExpiresAt: Date.now() + fake.uploadUrlLifetimeMs,
        bytes: Buffer.alloc(0),
        status: 'PROCESSING_UPLOAD',
        polls: 0,
        postId: null,
        failReason: null,
      };
      fake.posts.push(post);
      respond(200, ok({ publish_id: post.publishId, upload_url: post.uploadUrl }));
    },

    // The upload_url (open-upload.tiktokapis.com/video/?upload_id=…&upload_token=… at TikTok).
    '^PUT /video/$': (request, respond) => {
      const url = `${fake.baseUrl}${request.path}`;
      const post = fake.posts.find((candidate) => candidate.uploadUrl === url);
      if (!post) return respond(404, apiError('invalid_params', 'The upload URL is not valid.'));
      if (Date.now() > post.uploadExpiresAt) {
        return respond(403, apiError('invalid_params', 'The upload URL has expired.'));
      }
      if (request.cut) return;
      const invalid = (message: string) => respond(400, apiError('invalid_file_upload', message));
      const type = String(request.headers['content-type'] ?? '');
      if (!['video/mp4', 'video/quicktime', 'video/webm'].includes(type)) {
        return invalid('Content-Type must be video/mp4, video/quicktime or video/webm.');
      }
      const range = contentRange(request.headers['content-range']);
      if (!range || 'status' in range || range.total !== post.videoSize) {
        return invalid('Content-Range must be bytes {first}-{last}/{video_size}.');
      }
      const index = range.start / post.chunkSize;
      const last = post.totalChunkCount - 1;
      const expectedEnd = index === last ? post.videoSize - 1 : range.start + post.chunkSize - 1;
      if (!Number.isInteger(index) || index > last || range.end !== expectedEnd) {
        return invalid(
          `Content-Range ${range.start}-${range.end} is not one of the declared chunks.`,
        );
      }
      if (range.start > post.bytes.length) return invalid('Chunks must be uploaded in order.');
      const length = range.end - range.start + 1;
      if (request.raw.length !== length || Number(request.headers['content-length']) !== length) {
        return invalid('Content-Length does not match Content-Range.');
      }
      post.bytes = Buffer.concat([post.bytes.subarray(0, range.start), request.raw]);
      respond(post.bytes.length === post.videoSize ? 201 : 206);
    },

    '^POST /v2/post/publish/status/fetch/$': (request, respond) => {
      const account = creatorOf(request, respond);
      if (!account) return;
      const publishId = recordOf(request.body).publish_id;
      const post = fake.posts.find(
        (candidate) => candidate.publishId === publishId && candidate.openId === account.id,
      );
      if (!post) return respond(400, apiError('invalid_params', 'publish_id is invalid.'));
      if (post.bytes.length === post.videoSize && post.status === 'PROCESSING_UPLOAD') {
        post.polls += 1;
        if (post.polls > fake.pollsBeforeComplete) {
          post.status = post.failReason ? 'FAILED' : 'PUBLISH_COMPLETE';
          if (post.status === 'PUBLISH_COMPLETE' && post.privacyLevel === 'PUBLIC_TO_EVERYONE') {
            post.postId = digits(19);
          }
        }
      }
      const data = {
        status: post.status,
        uploaded_bytes: post.bytes.length,
        ...(post.status === 'FAILED' ? { fail_reason: post.failReason } : {}),
        publicaly_available_post_id: '__POST_IDS__',
      };
      // The post id is an int64 literal, as TikTok sends it: more digits than a double holds.
      const text = JSON.stringify(ok(data)).replace(
        '"__POST_IDS__"',
        `[${post.postId ? post.postId : ''}]`,
      );
      respond(200, Buffer.from(text), { 'content-type': 'application/json; charset=utf-8' });
    },
  };
}

/**
 * The Instagram API with Instagram Login's Reels publishing:
 * https://developers.facebook.com/docs/instagram-platform/content-publishing,
 * .../instagram-graph-api/reference/ig-user/media, .../ig-container and
 * .../ig-user/media_publish, under any Graph version (/v23.0/…). POST media fetches video_url
 * itself (as Meta does, in the background) and the container stays IN_PROGRESS until the video is
 * in and `pollsBeforeFinished` polls passed; media_publish makes the Reel once, a second try
 * answering "Media ID is not available" (9007/2207027), as for a container not ready.
 */
function instagramPublishingRoutes(
  fake: FakeInstagram,
  graphError: (message: string, code: number, subcode?: number) => unknown,
  refused: (reason: 'unknown' | 'expired' | 'revoked') => unknown,
): Record<string, FakeRoute> {
  const DAY_MS = 24 * 60 * 60_000;
  const publishScope = 'instagram_business_content_publish';
  const paramsOf = (request: FakeRequest): Record<string, string> => ({
    ...Object.fromEntries(request.url.searchParams),
    ...formOf(request),
  });
  const idsOf = (request: FakeRequest) => request.url.pathname.split('/').filter(Boolean);
  const unsupported = (id: string) =>
    graphError(
      `Unsupported request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
      100,
      33,
    );
  const notAvailable = {
    error: {
      message: 'Media ID is not available',
      type: 'OAuthException',
      code: 9007,
      error_subcode: 2207027,
      is_transient: false,
      error_user_title: 'Media ID is not available',
      error_user_msg: 'The media is not ready for publishing, please wait for a moment',
      fbtrace_id: random(8),
    },
  };
  /** The account a request's token is for, with the publishing permission, or null once answered. */
  const accountOf = (request: FakeRequest, respond: FakeResponder, publishing: boolean) => {
    const checked = fake.checkBearer(request);
    if (!checked.ok) {
      respond(400, refused(checked.reason));
      return null;
    }
    if (publishing && !checked.scopes.includes(publishScope)) {
      respond(403, graphError('Application does not have permission for this action', 10));
      return null;
    }
    return checked.account;
  };
  const statusOf = (container: FakeInstagramContainer, poll: boolean) => {
    if (container.mediaId) return { status_code: 'PUBLISHED', status: 'Published' };
    if (Date.now() - container.createdAt > DAY_MS) {
      return {
        status_code: 'EXPIRED',
        status: 'Expired: the container was not published within 24 hours.',
      };
    }
    if (container.error) return { status_code: 'ERROR', status: container.error };
    if (container.download === 'pending') {
      return { status_code: 'IN_PROGRESS', status: 'In Progress: Media is still being processed.' };
    }
    if (poll) container.polls += 1;
    return container.polls <= fake.pollsBeforeFinished
      ? { status_code: 'IN_PROGRESS', status: 'In Progress: Media is still being processed.' }
      : {
          status_code: 'FINISHED',
          status: 'Finished: Media has been uploaded and it is ready to be published.',
        };
  };
  const mediaFields = (media: FakeInstagramMedia, fields: string[]) => {
    const all: Record<string, string> = {
      id: media.id,
      caption: media.caption,
      permalink: media.permalink,
      timestamp: media.timestamp,
      media_type: 'VIDEO',
      media_product_type: 'REELS',
      shortcode: media.permalink.split('/').at(-2) ?? '',
    };
    return Object.fromEntries(
      Object.entries(all).filter(([key]) => key === 'id' || fields.includes(key)),
    );
  };

  return {
    '^POST /v\\d+\\.\\d+/\\d+/media$': (request, respond) => {
      const account = accountOf(request, respond, true);
      if (!account) return;
      const [, userId = ''] = idsOf(request);
      if (userId !== account.id) return respond(400, unsupported(userId));
      const params = paramsOf(request);
      if (params.media_type !== 'REELS') {
        return respond(400, graphError('The media_type must be REELS for a video.', 100));
      }
      const videoUrl = params.video_url;
      if (!videoUrl || !/^https?:\/\//u.test(videoUrl)) {
        return respond(400, graphError('The parameter video_url is required.', 100));
      }
      const caption = params.caption ?? '';
      if ([...caption].length > 2200 || (caption.match(/#[\p{L}\p{N}_]+/gu) ?? []).length > 30) {
        return respond(
          400,
          graphError('The caption is too long or has more than 30 hashtags.', 100),
        );
      }
      const container: FakeInstagramContainer = {
        id: digits(17),
        accountId: account.id,
        caption,
        videoUrl,
        shareToFeed: params.share_to_feed !== 'false',
        createdAt: Date.now(),
        download: 'pending',
        bytes: null,
        polls: 0,
        error: null,
        mediaId: null,
      };
      fake.containers.push(container);
      void fetch(videoUrl)
        .then(async (response) => {
          if (!response.ok) throw new Error(`HTTP ${response.status}`);
          container.bytes = Buffer.from(await response.arrayBuffer());
          container.download = 'done';
        })
        .catch(() => {
          container.download = 'failed';
          container.error =
            "Error: Media download has failed. The media URI doesn't meet our requirements. (2207052)";
        });
      respond(200, { id: container.id });
    },

    '^POST /v\\d+\\.\\d+/\\d+/media_publish$': (request, respond) => {
      const account = accountOf(request, respond, true);
      if (!account) return;
      const [, userId = ''] = idsOf(request);
      if (userId !== account.id) return respond(400, unsupported(userId));
      const creationId = paramsOf(request).creation_id ?? '';
      const container = fake.containers.find(
        (candidate) => candidate.id === creationId && candidate.accountId === account.id,
      );
      if (!container) return respond(400, unsupported(creationId));
      const { status_code: status } = statusOf(container, false);
      if (status === 'EXPIRED') {
        return respond(
          400,
          graphError(
            'The media you are trying to access has expired. Please try to upload again.',
            -2,
            2207020,
          ),
        );
      }
      if (status !== 'FINISHED' || !container.bytes) return respond(400, notAvailable);
      const shortcode = randomBytes(8).toString('base64url');
      const media: FakeInstagramMedia = {
        id: digits(17),
        accountId: account.id,
        containerId: container.id,
        caption: container.caption,
        bytes: container.bytes,
        permalink: `https://www.instagram.com/reel/${shortcode}/`,
        timestamp: new Date().toISOString().replace(/\.\d+Z$/u, '+0000'),
      };
      container.mediaId = media.id;
      fake.media.push(media);
      respond(200, { id: media.id });
    },

    '^GET /v\\d+\\.\\d+/\\d+/media$': (request, respond) => {
      const account = accountOf(request, respond, false);
      if (!account) return;
      const [, userId = ''] = idsOf(request);
      if (userId !== account.id) return respond(400, unsupported(userId));
      const fields = (request.url.searchParams.get('fields') ?? 'id').split(',');
      const data = fake.media
        .filter((media) => media.accountId === account.id)
        .reverse()
        .map((media) => mediaFields(media, fields));
      respond(200, { data, paging: {} });
    },

    '^GET /v\\d+\\.\\d+/\\d+$': (request, respond) => {
      const account = accountOf(request, respond, false);
      if (!account) return;
      const [, id = ''] = idsOf(request);
      const fields = (request.url.searchParams.get('fields') ?? 'id').split(',');
      const container = fake.containers.find(
        (candidate) => candidate.id === id && candidate.accountId === account.id,
      );
      if (container) {
        const status = statusOf(container, true);
        const answer: Record<string, string> = { id: container.id };
        if (fields.includes('status_code')) answer.status_code = status.status_code;
        if (fields.includes('status')) answer.status = status.status;
        return respond(200, answer);
      }
      const media = fake.media.find(
        (candidate) => candidate.id === id && candidate.accountId === account.id,
      );
      if (media) return respond(200, mediaFields(media, fields));
      respond(400, unsupported(id));
    },
  };
}
