// A stand-in for Google's token server and the Vertex AI methods the Vertex Veo adapter uses.
// For the video contract and the adapter's own tests: a test service-account key signs the JWT
// grant (checked against its public key), the token it earns must be the Bearer on
// predictLongRunning, fetchPredictOperation and the cancel, and the done operation carries the
// video inline as base64, as Vertex answers without a storageUri
// (https://cloud.google.com/vertex-ai/generative-ai/docs/model-reference/veo-video-generation).
import { generateKeyPairSync, randomUUID, verify } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { VERTEX_DEFAULT_MODEL } from '../../server/generation/providers/vertex';
import {
  answeredBeforePoll,
  type Received,
  type Respond,
  type ScriptedFake,
  scriptedError,
  scriptedRecords,
  serve,
} from './serve';

export const VERTEX_PROJECT = 'reelforge-test';
export const VERTEX_LOCATION = 'us-central1';
export const VERTEX_CLIENT_EMAIL = `renderer@${VERTEX_PROJECT}.iam.gserviceaccount.com`;
/** A model the stand-in answers as Google does one it has shut down. */
export const VERTEX_RETIRED_MODEL = 'veo-3.0-fast-generate-001';

type Grant = {
  header: Record<string, unknown>;
  claims: Record<string, unknown>;
  valid: boolean;
};

/** The stand-in: scripted as test/fake-providers' fakes are, plus what the token server saw. */
export type VertexStandIn = ScriptedFake & {
  received: Received[];
  grants: Grant[];
  /** Every access token the token server has handed out. */
  tokens: Set<string>;
  /** A key file signed with the key the token server trusts. */
  keyFile: string;
  /** A key file for the same account signed with a key it does not know. */
  strangerKeyFile: string;
  /** The requests whose `METHOD path` matches. */
  sent(pattern: RegExp): Received[];
};

function rsaKeys() {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}

export async function startVertexStandIn(): Promise<VertexStandIn> {
  const keys = rsaKeys();
  const folder = await mkdtemp(path.join(os.tmpdir(), 'reelforge-vertex-'));
  const operations = new Map<string, number>();
  const standIn = {
    apiKey: VERTEX_CLIENT_EMAIL,
    ...scriptedRecords(),
    grants: [] as Grant[],
    tokens: new Set<string>(),
  };

  const answer = (request: Received, respond: Respond) => {
    if (request.method === 'POST' && request.path === '/token') {
      respond(...exchange(request));
      return;
    }
    const bearer = request.headers.authorization?.replace(/^Bearer /u, '') ?? '';
    if (!standIn.tokens.has(bearer)) {
      respond(401, {
        error: { code: 401, message: 'Request had invalid authentication credentials.' },
      });
      return;
    }
    const cancelled = /^\/v1\/(.+\/operations\/[^/:]+):cancel$/u.exec(request.path)?.[1];
    if (request.method === 'POST' && cancelled) {
      standIn.cancels.push(request);
      respond(200, {});
      return;
    }
    const modelRoute =
      /^\/v1\/projects\/([^/]+)\/locations\/([^/]+)\/publishers\/google\/models\/([^/:]+):(\w+)$/u.exec(
        request.path,
      );
    if (request.method === 'POST' && modelRoute) {
      const [, project, location, model, method] = modelRoute;
      const owner = `projects/${project}/locations/${location}/publishers/google/models/${model}`;
      if (model === VERTEX_RETIRED_MODEL) {
        respond(404, retired(`Publisher Model \`${owner}\``));
        return;
      }
      if (method === 'predictLongRunning') {
        if (scriptedError(standIn.script.submitErrors, request, respond)) return;
        const name = `${owner}/operations/${randomUUID()}`;
        standIn.submissions.push(request);
        operations.set(name, 0);
        respond(200, { name });
        return;
      }
      if (method === 'fetchPredictOperation') {
        poll(request, respond);
        return;
      }
    }
    const publisherModel = /^\/v1\/publishers\/google\/models\/([^/?]+)$/u.exec(request.path)?.[1];
    if (request.method === 'GET' && publisherModel) {
      if (publisherModel === VERTEX_DEFAULT_MODEL) {
        respond(200, { name: `publishers/google/models/${publisherModel}`, launchStage: 'GA' });
      } else if (publisherModel === VERTEX_RETIRED_MODEL) {
        respond(404, retired(`Publisher Model \`publishers/google/models/${publisherModel}\``));
      } else {
        respond(404, {
          error: {
            code: 404,
            message: `Publisher Model \`publishers/google/models/${publisherModel}\` not found.`,
            status: 'NOT_FOUND',
          },
        });
      }
      return;
    }
    respond(404, {
      error: { code: 404, message: `no route for ${request.method} ${request.path}` },
    });
  };

  /** fetchPredictOperation: scripted errors and 429s first, then running, then the outcome. */
  const poll = (request: Received, respond: Respond) => {
    if (answeredBeforePoll(standIn, request, respond)) return;
    const script = standIn.script;
    const { operationName } = request.body as { operationName: string };
    const polls = (operations.get(operationName) ?? 0) + 1;
    operations.set(operationName, polls);
    if (script.outcome === 'never' || polls <= script.pollsBeforeDone) {
      respond(200, { name: operationName, done: false });
      return;
    }
    if (script.outcome === 'fail') {
      respond(200, {
        name: operationName,
        done: true,
        error: { code: 13, message: 'Internal error while generating the video.' },
      });
      return;
    }
    const type = 'type.googleapis.com/cloud.ai.large_models.vision.GenerateVideoResponse';
    const response =
      script.outcome === 'refuse'
        ? {
            '@type': type,
            raiMediaFilteredCount: 1,
            raiMediaFilteredReasons: ['The prompt could not be submitted (17301594).'],
          }
        : {
            '@type': type,
            raiMediaFilteredCount: 0,
            videos: [
              { bytesBase64Encoded: script.output.toString('base64'), mimeType: 'video/mp4' },
            ],
          };
    respond(200, { name: operationName, done: true, response });
  };

  /** The JWT bearer grant (RFC 7523): a token for an assertion our public key verifies. */
  const exchange = (request: Received): [number, unknown] => {
    const form = new URLSearchParams(String(request.body));
    const [header = '', claims = '', signature = ''] = (form.get('assertion') ?? '').split('.');
    const decode = (part: string) =>
      JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
    const valid = verify(
      'RSA-SHA256',
      Buffer.from(`${header}.${claims}`),
      keys.publicKey,
      Buffer.from(signature, 'base64url'),
    );
    const grant = { header: decode(header), claims: decode(claims), valid };
    standIn.grants.push(grant);
    if (
      form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer' ||
      !valid ||
      grant.claims.iss !== VERTEX_CLIENT_EMAIL ||
      Number(grant.claims.exp) < Date.now() / 1000
    ) {
      return [400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' }];
    }
    const token = `ya29.test-${randomUUID()}`;
    standIn.tokens.add(token);
    return [200, { access_token: token, expires_in: 3599, token_type: 'Bearer' }];
  };

  const served = await serve(answer);
  /** A service-account key file, as the Cloud console downloads it. */
  const writeKeyFile = async (privateKey = keys.privateKey) => {
    const file = path.join(folder, `key-${randomUUID()}.json`);
    const key = {
      type: 'service_account',
      project_id: VERTEX_PROJECT,
      private_key_id: 'test-key-1',
      private_key: privateKey,
      client_email: VERTEX_CLIENT_EMAIL,
      client_id: '100000000000000000001',
      auth_uri: 'https://accounts.google.com/o/oauth2/auth',
      token_uri: `${served.baseUrl}/token`,
    };
    await writeFile(file, JSON.stringify(key));
    return file;
  };
  return Object.assign(standIn, {
    baseUrl: served.baseUrl,
    received: served.received,
    keyFile: await writeKeyFile(),
    strangerKeyFile: await writeKeyFile(rsaKeys().privateKey),
    sent: (pattern: RegExp) =>
      served.received.filter((request) => pattern.test(`${request.method} ${request.path}`)),
    close: async () => {
      await served.close();
      await rm(folder, { recursive: true, force: true });
    },
  });
}

/** Google's answer for a model it has shut down, naming the one to move to. */
function retired(what: string) {
  return {
    error: {
      code: 404,
      message: `${what} is no longer available. Please migrate to veo-3.1-fast-generate-001.`,
      status: 'NOT_FOUND',
    },
  };
}
