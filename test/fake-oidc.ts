// Stand-ins for the sign-in providers, at the HTTP boundary. An OpenID Connect provider shaped like
// Google's (discovery, authorize, token, userinfo, and a JWKS whose RS256 key signs each id_token)
// and an OAuth app provider shaped like GitHub's (authorize, access_token, /user, /user/emails with
// each address's `verified`). Each consent page approves at once as the configured account (302
// back to redirect_uri with code and state) or, when told to, refuses (`access_denied`); the token
// endpoints check the client, the code (once, for its redirect_uri) and PKCE. Every request is
// recorded.
import {
  createHash,
  generateKeyPairSync,
  type JsonWebKey,
  randomBytes,
  sign as signWith,
} from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Received = {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, string> | null;
};

/** Who signs in at the OpenID provider. */
export type FakeOidcAccount = {
  sub: string;
  email: string;
  emailVerified: boolean;
  givenName?: string;
  familyName?: string;
};

/** Who signs in at the GitHub stand-in, and the addresses /user/emails lists. */
export type FakeGitHubAccount = {
  id: number;
  login: string;
  name: string | null;
  /** What /user says; GitHub sends null when the member keeps their address private. */
  publicEmail: string | null;
  emails: Array<{ email: string; primary: boolean; verified: boolean }>;
};

type Reply = { status: number; body?: unknown; headers?: Record<string, string> };
type FakeRequest = Received & { url: URL };
type Route = (request: FakeRequest) => Reply | Promise<Reply>;

/** A consent page's approval, as the member's browser follows it: the address it sends back to. */
export async function approve(authorizeUrl: string): Promise<URL> {
  const response = await fetch(authorizeUrl, { redirect: 'manual' });
  const location = response.headers.get('location');
  if (response.status !== 302 || !location) {
    throw new Error(`The consent page answered ${response.status}: ${await response.text()}`);
  }
  return new URL(location);
}

async function serve(routes: Record<string, Route>, received: Received[]) {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const type = req.headers['content-type']?.split(';')[0]?.trim() ?? '';
      const body =
        raw && type === 'application/x-www-form-urlencoded'
          ? Object.fromEntries(new URLSearchParams(raw))
          : raw && type === 'application/json'
            ? (JSON.parse(raw) as Record<string, string>)
            : null;
      const url = new URL(req.url ?? '/', 'http://fake.invalid');
      const request: FakeRequest = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers: req.headers,
        body,
        url,
      };
      received.push({
        method: request.method,
        path: request.path,
        headers: request.headers,
        body: request.body,
      });
      const route = routes[`${request.method} ${url.pathname}`];
      let reply: Reply;
      try {
        reply = route ? await route(request) : { status: 404, body: { error: 'not_found' } };
      } catch (error) {
        reply = { status: 500, body: { error: String(error) } };
      }
      const headers: Record<string, string> = { ...reply.headers };
      let payload = '';
      if (typeof reply.body === 'string') payload = reply.body;
      else if (reply.body !== undefined) {
        payload = JSON.stringify(reply.body);
        headers['content-type'] ??= 'application/json';
      }
      res.writeHead(reply.status, headers).end(payload);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

const base64url = (value: Buffer | string) => Buffer.from(value).toString('base64url');
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/** The client's credentials from the body (client_secret_post) or the Authorization header. */
function clientOf(request: FakeRequest): { id?: string; secret?: string } {
  const header = request.headers.authorization;
  if (header?.startsWith('Basic ')) {
    const [id, secret] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':');
    return { id: id && decodeURIComponent(id), secret: secret && decodeURIComponent(secret) };
  }
  return { id: request.body?.client_id, secret: request.body?.client_secret };
}

type Grant<Account> = {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  nonce?: string;
  scope: string;
  account: Account;
};

/**
 * The shared OAuth half: the consent page (approve as `account()`, or refuse) and the code exchange
 * (client, code once, redirect_uri, PKCE S256). The consent page needs a PKCE challenge: ours always
 * sends one.
 */
function authorizationServer<Account>(options: {
  clientId: string;
  clientSecret: string;
  account: () => Account;
  denied: () => boolean;
  issuer?: string;
}) {
  const grants = new Map<string, Grant<Account>>();
  const tokens = new Map<string, Grant<Account>>();
  const authorize: Route = ({ url }) => {
    const query = url.searchParams;
    const redirectUri = query.get('redirect_uri');
    if (query.get('client_id') !== options.clientId || !redirectUri) {
      return { status: 400, body: 'Unknown client or no redirect_uri' };
    }
    const back = new URL(redirectUri);
    const state = query.get('state');
    if (state) back.searchParams.set('state', state);
    if (options.issuer) back.searchParams.set('iss', options.issuer);
    const challenge = query.get('code_challenge');
    if (options.denied()) {
      back.searchParams.set('error', 'access_denied');
    } else if (query.get('response_type') !== 'code' || !challenge) {
      back.searchParams.set('error', 'invalid_request');
    } else if (query.get('code_challenge_method') !== 'S256') {
      back.searchParams.set('error', 'invalid_request');
    } else {
      const code = base64url(randomBytes(18));
      grants.set(code, {
        clientId: options.clientId,
        redirectUri,
        codeChallenge: challenge,
        nonce: query.get('nonce') ?? undefined,
        scope: query.get('scope') ?? '',
        account: structuredClone(options.account()),
      });
      back.searchParams.set('code', code);
    }
    return { status: 302, headers: { location: back.toString() } };
  };
  /** The grant a code stands for, or why not (an OAuth error code). */
  const exchange = (request: FakeRequest): Grant<Account> | string => {
    const body = request.body ?? {};
    const client = clientOf(request);
    if (client.id !== options.clientId || client.secret !== options.clientSecret) {
      return 'invalid_client';
    }
    if (body.grant_type !== 'authorization_code') return 'unsupported_grant_type';
    const grant = body.code ? grants.get(body.code) : undefined;
    if (!grant) return 'invalid_grant';
    grants.delete(body.code as string);
    if (body.redirect_uri !== grant.redirectUri) return 'invalid_grant';
    if (!body.code_verifier || s256(body.code_verifier) !== grant.codeChallenge) {
      return 'invalid_grant';
    }
    return grant;
  };
  const issueToken = (grant: Grant<Account>) => {
    const token = base64url(randomBytes(24));
    tokens.set(token, grant);
    return token;
  };
  const bearer = (request: FakeRequest): Grant<Account> | undefined => {
    const header = request.headers.authorization ?? '';
    const match = /^(?:Bearer|token) (.+)$/iu.exec(header);
    return match ? tokens.get(match[1] as string) : undefined;
  };
  return { authorize, exchange, issueToken, bearer };
}

export type FakeOidc = {
  issuer: string;
  discoveryUrl: string;
  clientId: string;
  clientSecret: string;
  /** Who approves at the consent page (read as each consent happens). */
  account: FakeOidcAccount;
  /** The consent page refuses, as when the member presses Cancel. */
  deny: boolean;
  /** id_tokens are signed with another key under the published key's id (a forgery). */
  forgeIdTokens: boolean;
  received: Received[];
  close(): Promise<void>;
};

/** A Google-like OpenID Connect provider (id_tokens signed RS256, key published at jwks_uri). */
export async function startFakeOidc(): Promise<FakeOidc> {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const forger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const kid = base64url(randomBytes(6));
  const jwk: JsonWebKey = { ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' };
  const received: Received[] = [];
  let issuer = '';
  const fake = {
    clientId: 'reelforge-google.apps.example',
    clientSecret: 'google-secret',
    account: { sub: '1', email: 'someone@example.com', emailVerified: true },
    deny: false,
    forgeIdTokens: false,
    received,
  } as Partial<FakeOidc> as FakeOidc;
  const oauth = authorizationServer<FakeOidcAccount>({
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    account: () => fake.account,
    denied: () => fake.deny,
    get issuer() {
      return issuer;
    },
  });
  const claimsOf = (account: FakeOidcAccount) => ({
    sub: account.sub,
    email: account.email,
    email_verified: account.emailVerified,
    ...(account.givenName && { given_name: account.givenName }),
    ...(account.familyName && { family_name: account.familyName }),
    name: [account.givenName, account.familyName].filter(Boolean).join(' ') || undefined,
  });
  const idToken = (grant: Grant<FakeOidcAccount>) => {
    const now = Math.floor(Date.now() / 1000);
    const header = base64url(JSON.stringify({ alg: 'RS256', kid, typ: 'JWT' }));
    const payload = base64url(
      JSON.stringify({
        iss: issuer,
        aud: grant.clientId,
        iat: now,
        exp: now + 3600,
        ...(grant.nonce && { nonce: grant.nonce }),
        ...claimsOf(grant.account),
      }),
    );
    const key = fake.forgeIdTokens ? forger : privateKey;
    const signature = signWith('sha256', Buffer.from(`${header}.${payload}`), key);
    return `${header}.${payload}.${base64url(signature)}`;
  };
  const server = await serve(
    {
      'GET /.well-known/openid-configuration': () => ({
        status: 200,
        body: {
          issuer,
          authorization_endpoint: `${issuer}/o/oauth2/v2/auth`,
          token_endpoint: `${issuer}/token`,
          userinfo_endpoint: `${issuer}/v1/userinfo`,
          jwks_uri: `${issuer}/oauth2/v3/certs`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          scopes_supported: ['openid', 'email', 'profile'],
          token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
          code_challenge_methods_supported: ['plain', 'S256'],
          claims_supported: ['sub', 'email', 'email_verified', 'name', 'given_name', 'family_name'],
        },
      }),
      'GET /oauth2/v3/certs': () => ({ status: 200, body: { keys: [jwk] } }),
      'GET /o/oauth2/v2/auth': oauth.authorize,
      'POST /token': (request) => {
        const grant = oauth.exchange(request);
        if (typeof grant === 'string') return { status: 400, body: { error: grant } };
        return {
          status: 200,
          body: {
            access_token: oauth.issueToken(grant),
            token_type: 'Bearer',
            expires_in: 3599,
            scope: grant.scope,
            id_token: idToken(grant),
          },
        };
      },
      'GET /v1/userinfo': (request) => {
        const grant = oauth.bearer(request);
        if (!grant) return { status: 401, body: { error: 'invalid_token' } };
        return { status: 200, body: claimsOf(grant.account) };
      },
    },
    received,
  );
  issuer = server.baseUrl;
  fake.issuer = issuer;
  fake.discoveryUrl = `${issuer}/.well-known/openid-configuration`;
  fake.close = server.close;
  return fake;
}

export type FakeGitHub = {
  authUrl: string;
  tokenUrl: string;
  apiBaseUrl: string;
  clientId: string;
  clientSecret: string;
  account: FakeGitHubAccount;
  deny: boolean;
  received: Received[];
  close(): Promise<void>;
};

/** A GitHub-like OAuth app provider (its token endpoint answers errors with 200, as GitHub does). */
export async function startFakeGitHub(): Promise<FakeGitHub> {
  const received: Received[] = [];
  const fake = {
    clientId: 'Iv1.reelforge',
    clientSecret: 'github-secret',
    account: { id: 1, login: 'someone', name: null, publicEmail: null, emails: [] },
    deny: false,
    received,
  } as Partial<FakeGitHub> as FakeGitHub;
  const oauth = authorizationServer<FakeGitHubAccount>({
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    account: () => fake.account,
    denied: () => fake.deny,
  });
  const api = (answer: (account: FakeGitHubAccount) => unknown): Route => {
    return (request) => {
      const grant = oauth.bearer(request);
      if (!grant) return { status: 401, body: { message: 'Bad credentials' } };
      if (!request.headers['user-agent']) return { status: 403, body: { message: 'No UA' } };
      return { status: 200, body: answer(grant.account) };
    };
  };
  const server = await serve(
    {
      'GET /login/oauth/authorize': oauth.authorize,
      'POST /login/oauth/access_token': (request) => {
        const grant = oauth.exchange(request);
        const body: Record<string, string> =
          typeof grant === 'string'
            ? { error: grant === 'invalid_grant' ? 'bad_verification_code' : grant }
            : { access_token: oauth.issueToken(grant), token_type: 'bearer', scope: grant.scope };
        // GitHub answers form-encoded unless asked for JSON.
        if (request.headers.accept?.includes('application/json')) return { status: 200, body };
        return {
          status: 200,
          body: new URLSearchParams(body).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        };
      },
      'GET /api/user': api((account) => ({
        id: account.id,
        login: account.login,
        name: account.name,
        email: account.publicEmail,
        avatar_url: `https://avatars.example/${account.id}`,
      })),
      'GET /api/user/emails': api((account) =>
        account.emails.map((entry) => ({ ...entry, visibility: entry.primary ? 'private' : null })),
      ),
    },
    received,
  );
  fake.authUrl = `${server.baseUrl}/login/oauth/authorize`;
  fake.tokenUrl = `${server.baseUrl}/login/oauth/access_token`;
  fake.apiBaseUrl = `${server.baseUrl}/api`;
  fake.close = server.close;
  return fake;
}
