// The Vertex AI Veo client against a stand-in for Google's token server and Vertex AI: a test
// service-account key signs the JWT grant (checked against its public key), the token it earns is
// the Bearer on predictLongRunning and fetchPredictOperation, and the done operation's inline
// base64 video comes back as bytes. A key Google does not know is refused, for good.
import { generateKeyPairSync, randomUUID, verify } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ProviderError, type SceneJob, type VideoProvider } from './provider';
import { createVertexProvider, GOOGLE_TOKEN_URL, VERTEX_DEFAULT_MODEL } from './vertex';

const CLIP = Buffer.from('pretend these are the bytes of an 8 s Veo mp4');
const IMAGE = { data: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2]), mimeType: 'image/jpeg' };
const PROJECT = 'reelforge-test';
const LOCATION = 'us-central1';
const CLIENT_EMAIL = `renderer@${PROJECT}.iam.gserviceaccount.com`;
const RETIRED_MODEL = 'veo-3.0-fast-generate-001';

type Received = { method: string; path: string; headers: IncomingMessage['headers']; body: string };
type Grant = { header: Record<string, unknown>; claims: Record<string, unknown>; valid: boolean };

function rsaKeys() {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}

/** Google's token server and the few Vertex AI methods Veo uses. */
class StandIn {
  readonly keys = rsaKeys();
  baseUrl = '';
  pollsBeforeDone = 2;
  filtered = false;
  readonly received: Received[] = [];
  readonly grants: Grant[] = [];
  readonly tokens = new Set<string>();
  private readonly polls = new Map<string, number>();
  private server: Server | null = null;

  async start() {
    this.server = createServer((req, res) => this.answer(req, res));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close() {
    return new Promise<void>((resolve) => {
      this.server?.closeAllConnections();
      this.server?.close(() => resolve());
    });
  }

  /** A service-account key file, as the Cloud console downloads it, signing with `privateKey`. */
  async keyFile(folder: string, privateKey = this.keys.privateKey): Promise<string> {
    const file = path.join(folder, `key-${randomUUID()}.json`);
    const key = {
      type: 'service_account',
      project_id: PROJECT,
      private_key_id: 'test-key-1',
      private_key: privateKey,
      client_email: CLIENT_EMAIL,
      client_id: '100000000000000000001',
      auth_uri: 'https://accounts.google.com/o/oauth2/auth',
      token_uri: `${this.baseUrl}/token`,
    };
    await writeFile(file, JSON.stringify(key));
    return file;
  }

  sent(pattern: RegExp): Received[] {
    return this.received.filter((request) => pattern.test(`${request.method} ${request.path}`));
  }

  private answer(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request: Received = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      this.received.push(request);
      const json = (status: number, body: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

      if (request.method === 'POST' && request.path === '/token') {
        json(...this.exchange(request));
        return;
      }
      const bearer = request.headers.authorization?.replace(/^Bearer /u, '') ?? '';
      if (!this.tokens.has(bearer)) {
        json(401, {
          error: { code: 401, message: 'Request had invalid authentication credentials.' },
        });
        return;
      }
      const modelRoute =
        /^\/v1\/projects\/([^/]+)\/locations\/([^/]+)\/publishers\/google\/models\/([^/:]+):(\w+)$/u.exec(
          request.path,
        );
      if (request.method === 'POST' && modelRoute) {
        const [, project, location, model, method] = modelRoute;
        const owner = `projects/${project}/locations/${location}/publishers/google/models/${model}`;
        if (model === RETIRED_MODEL) {
          json(404, {
            error: {
              code: 404,
              message: `Publisher Model \`${owner}\` is no longer available. Please migrate to veo-3.1-fast-generate-001.`,
              status: 'NOT_FOUND',
            },
          });
          return;
        }
        if (method === 'predictLongRunning') {
          const name = `${owner}/operations/${randomUUID()}`;
          this.polls.set(name, 0);
          json(200, { name });
          return;
        }
        if (method === 'fetchPredictOperation') {
          const { operationName } = JSON.parse(request.body) as { operationName: string };
          const polls = (this.polls.get(operationName) ?? 0) + 1;
          this.polls.set(operationName, polls);
          if (polls <= this.pollsBeforeDone) {
            json(200, { name: operationName, done: false });
            return;
          }
          const response = this.filtered
            ? {
                '@type': 'type.googleapis.com/cloud.ai.large_models.vision.GenerateVideoResponse',
                raiMediaFilteredCount: 1,
                raiMediaFilteredReasons: ['The prompt could not be submitted (17301594).'],
              }
            : {
                '@type': 'type.googleapis.com/cloud.ai.large_models.vision.GenerateVideoResponse',
                raiMediaFilteredCount: 0,
                videos: [{ bytesBase64Encoded: CLIP.toString('base64'), mimeType: 'video/mp4' }],
              };
          json(200, { name: operationName, done: true, response });
          return;
        }
      }
      const publisherModel = /^\/v1\/publishers\/google\/models\/([^/?]+)$/u.exec(
        request.path,
      )?.[1];
      if (request.method === 'GET' && publisherModel) {
        if (publisherModel === VERTEX_DEFAULT_MODEL) {
          json(200, { name: `publishers/google/models/${publisherModel}`, launchStage: 'GA' });
        } else {
          json(404, {
            error: {
              code: 404,
              message: `Publisher Model \`publishers/google/models/${publisherModel}\` not found.`,
              status: 'NOT_FOUND',
            },
          });
        }
        return;
      }
      json(404, {
        error: { code: 404, message: `no route for ${request.method} ${request.path}` },
      });
    });
  }

  /** The JWT bearer grant (RFC 7523): a token for an assertion our public key verifies. */
  private exchange(request: Received): [number, unknown] {
    const form = new URLSearchParams(request.body);
    const [header = '', claims = '', signature = ''] = (form.get('assertion') ?? '').split('.');
    const decode = (part: string) =>
      JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
    const valid = verify(
      'RSA-SHA256',
      Buffer.from(`${header}.${claims}`),
      this.keys.publicKey,
      Buffer.from(signature, 'base64url'),
    );
    const grant = { header: decode(header), claims: decode(claims), valid };
    this.grants.push(grant);
    const now = Date.now() / 1000;
    if (
      form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer' ||
      !valid ||
      grant.claims.iss !== CLIENT_EMAIL ||
      Number(grant.claims.exp) < now
    ) {
      return [400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' }];
    }
    const token = `ya29.test-${randomUUID()}`;
    this.tokens.add(token);
    return [200, { access_token: token, expires_in: 3599, token_type: 'Bearer' }];
  }
}

let standIn: StandIn;
let folder: string;
let keyFile: string;
let vertex: VideoProvider;

beforeAll(async () => {
  standIn = new StandIn();
  await standIn.start();
  folder = await mkdtemp(path.join(os.tmpdir(), 'reelforge-vertex-'));
  keyFile = await standIn.keyFile(folder);
});
afterAll(async () => {
  await standIn.close();
  await rm(folder, { recursive: true, force: true });
});
beforeEach(() => {
  standIn.pollsBeforeDone = 2;
  standIn.filtered = false;
  vertex = createVertexProvider({
    credentialsFile: keyFile,
    project: PROJECT,
    location: LOCATION,
    baseUrl: standIn.baseUrl,
  });
});

function job(overrides: Partial<SceneJob> = {}): SceneJob {
  return {
    prompt: 'A lighthouse at dusk',
    image: null,
    aspectRatio: 'landscape',
    durationSeconds: 8,
    ...overrides,
  };
}

async function caught(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ProviderError);
  // Neither the private key nor a signed grant may reach a log through the error.
  const text = `${JSON.stringify(error)} ${String((error as Error).cause)}`;
  expect(text).not.toContain('PRIVATE KEY');
  expect(text).not.toMatch(/eyJ[\w-]+\.eyJ/u);
  return error as ProviderError;
}

describe('the Vertex AI Veo provider', () => {
  it("earns a token with the key's signed JWT grant and sends it as the Bearer", async () => {
    const grants = standIn.grants.length;
    await vertex.submit(job());
    const [grant] = standIn.grants.slice(grants);
    expect(grant?.valid).toBe(true);
    expect(grant?.header.alg).toBe('RS256');
    expect(grant?.claims).toMatchObject({
      iss: CLIENT_EMAIL,
      scope: 'https://www.googleapis.com/auth/cloud-platform',
      aud: GOOGLE_TOKEN_URL,
    });
    const predict = standIn.sent(/:predictLongRunning$/u).at(-1);
    const bearer = predict?.headers.authorization?.replace(/^Bearer /u, '') ?? '';
    expect(standIn.tokens.has(bearer)).toBe(true);
  });

  it('submits the documented predictLongRunning request', async () => {
    const handle = await vertex.submit(job());
    const predict = standIn.sent(/:predictLongRunning$/u).at(-1);
    expect(predict?.path).toBe(
      `/v1/projects/${PROJECT}/locations/${LOCATION}/publishers/google/models/veo-3.1-fast-generate-001:predictLongRunning`,
    );
    expect(JSON.parse(predict?.body ?? '{}')).toEqual({
      instances: [{ prompt: 'A lighthouse at dusk' }],
      parameters: {
        aspectRatio: '16:9',
        durationSeconds: 8,
        sampleCount: 1,
        generateAudio: true,
        resolution: '720p',
      },
    });
    expect(handle.externalId).toMatch(
      /^projects\/reelforge-test\/locations\/us-central1\/publishers\/google\/models\/veo-3\.1-fast-generate-001\/operations\/.+/u,
    );
    expect(handle.statusUrl).toBe(
      `${standIn.baseUrl}/v1/projects/${PROJECT}/locations/${LOCATION}/publishers/google/models/veo-3.1-fast-generate-001:fetchPredictOperation`,
    );
  });

  it("sends the member's image as bytesBase64Encoded, 9:16 for a portrait video", async () => {
    await vertex.submit(job({ image: IMAGE, aspectRatio: 'portrait' }));
    const body = JSON.parse(standIn.sent(/:predictLongRunning$/u).at(-1)?.body ?? '{}') as {
      instances: { image?: { bytesBase64Encoded: string; mimeType: string } }[];
      parameters: { aspectRatio: string };
    };
    expect(body.instances[0]?.image?.mimeType).toBe('image/jpeg');
    expect(Buffer.from(body.instances[0]?.image?.bytesBase64Encoded ?? '', 'base64')).toEqual(
      IMAGE.data,
    );
    expect(body.parameters.aspectRatio).toBe('9:16');
  });

  it('polls fetchPredictOperation until done, then answers the inline video as bytes', async () => {
    const handle = await vertex.submit(job());
    expect(await vertex.poll(handle)).toEqual({ state: 'running' });
    expect(await vertex.poll(handle)).toEqual({ state: 'running' });
    const result = await vertex.poll(handle);
    expect(result.state).toBe('succeeded');
    const fetches = standIn.sent(/:fetchPredictOperation$/u).slice(-3);
    expect(fetches.map((request) => JSON.parse(request.body))).toEqual([
      { operationName: handle.externalId },
      { operationName: handle.externalId },
      { operationName: handle.externalId },
    ]);
    expect(fetches.every((request) => request.headers.authorization?.startsWith('Bearer '))).toBe(
      true,
    );

    const response = await vertex.fetchOutput((result as { outputUrl: string }).outputUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(CLIP);
  });

  it('reuses its token until it expires: one grant for many calls', async () => {
    const grants = standIn.grants.length;
    const handle = await vertex.submit(job());
    await vertex.poll(handle);
    await vertex.poll(handle);
    expect(standIn.grants.length - grants).toBe(1);
  });

  it("reads Veo's responsible-AI filter as a refusal", async () => {
    standIn.filtered = true;
    standIn.pollsBeforeDone = 0;
    const result = await vertex.poll(await vertex.submit(job()));
    expect(result).toMatchObject({ state: 'failed', refused: true });
    expect((result as { detail?: string }).detail).toContain('17301594');
  });

  it('reads a key Google does not know as rejected credentials, not worth retrying', async () => {
    const stranger = await standIn.keyFile(folder, rsaKeys().privateKey);
    const provider = createVertexProvider({
      credentialsFile: stranger,
      project: PROJECT,
      location: LOCATION,
      baseUrl: standIn.baseUrl,
    });
    const grants = standIn.grants.length;
    const error = await caught(provider.submit(job()));
    expect(standIn.grants.slice(grants).map((grant) => grant.valid)).toEqual([false]);
    expect(error.details).toMatchObject({ status: 400, transient: false });
    expect(error.message).toBe('The video provider rejected our Google Cloud credentials.');
  });

  it('reads a missing key file as final, naming no secret', async () => {
    const provider = createVertexProvider({
      credentialsFile: path.join(folder, 'missing.json'),
      project: PROJECT,
      location: LOCATION,
      baseUrl: standIn.baseUrl,
    });
    const error = await caught(provider.submit(job()));
    expect(error.details).toMatchObject({ status: null, transient: false });
    expect(error.message).toBe('The Google Cloud credentials could not be read.');
  });

  it('fails a submission to a retired model as retired, with its replacement', async () => {
    const retired = createVertexProvider({
      credentialsFile: keyFile,
      project: PROJECT,
      location: LOCATION,
      baseUrl: standIn.baseUrl,
      model: RETIRED_MODEL,
    });
    const error = await caught(retired.submit(job()));
    expect(error.details).toMatchObject({ status: 404, transient: false, retired: true });
    expect(error.message).toBe(
      'The video model veo-3.0-fast-generate-001 is no longer available from Google. Google names veo-3.1-fast-generate-001 as its replacement.',
    );
  });

  it("checks the model in the Model Garden: available, or unknown when it isn't there", async () => {
    expect(await vertex.checkModel?.()).toEqual({ state: 'available' });
    const get = standIn.sent(/^GET \/v1\/publishers\//u).at(-1);
    expect(get?.path).toBe('/v1/publishers/google/models/veo-3.1-fast-generate-001');
    expect(get?.headers.authorization).toMatch(/^Bearer ya29\.test-/u);

    const typo = createVertexProvider({
      credentialsFile: keyFile,
      project: PROJECT,
      location: LOCATION,
      baseUrl: standIn.baseUrl,
      model: 'veo-9-generate-001',
    });
    expect(await typo.checkModel?.()).toMatchObject({ state: 'unknown' });
  });

  it('makes 8 s clips, named vertex, with the fast GA model by default', () => {
    expect(vertex.clipSeconds(5)).toBe(8);
    expect(vertex.name).toBe('vertex');
    expect(vertex.model).toBe('veo-3.1-fast-generate-001');
  });
});
