// What only the Vertex AI Veo adapter does, against a stand-in for Google's token server and Vertex
// AI: a test service-account key signs the JWT grant (checked against its public key), the token
// it earns is the Bearer on every call and is reused until it runs out, a key Google does not know
// is refused for good, and a missing key file is final. The cases every video adapter shares
// (request shapes, polls, the inline video, refusals, errors, cancel, retirements, the model check)
// are in video-model.contract.test.ts.
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  startVertexStandIn,
  VERTEX_CLIENT_EMAIL,
  VERTEX_LOCATION,
  VERTEX_PROJECT,
  type VertexStandIn,
} from '../../../test/provider-stand-ins/vertex';
import { ProviderError, type SceneJob, type VideoProvider } from './provider';
import { createVertexProvider, GOOGLE_TOKEN_URL } from './vertex';

const CLIP = Buffer.from('pretend these are the bytes of an 8 s Veo mp4');
const JOB: SceneJob = {
  prompt: 'A lighthouse at dusk',
  image: null,
  aspectRatio: 'landscape',
  durationSeconds: 8,
};

let standIn: VertexStandIn;
let vertex: VideoProvider;

beforeAll(async () => {
  standIn = await startVertexStandIn();
});
afterAll(() => standIn.close());
beforeEach(() => {
  standIn.script = { pollsBeforeDone: 2, outcome: 'succeed', rateLimitedPolls: 0, output: CLIP };
  vertex = withKey(standIn.keyFile);
});

function withKey(credentialsFile: string): VideoProvider {
  return createVertexProvider({
    credentialsFile,
    project: VERTEX_PROJECT,
    location: VERTEX_LOCATION,
    baseUrl: standIn.baseUrl,
  });
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
    await vertex.submit(JOB);
    const [grant] = standIn.grants.slice(grants);
    expect(grant?.valid).toBe(true);
    expect(grant?.header.alg).toBe('RS256');
    expect(grant?.claims).toMatchObject({
      iss: VERTEX_CLIENT_EMAIL,
      scope: 'https://www.googleapis.com/auth/cloud-platform',
      aud: GOOGLE_TOKEN_URL,
    });
    const predict = standIn.sent(/:predictLongRunning$/u).at(-1);
    const bearer = predict?.headers.authorization?.replace(/^Bearer /u, '') ?? '';
    expect(standIn.tokens.has(bearer)).toBe(true);
  });

  it('polls with POST :fetchPredictOperation naming the operation, each with the Bearer', async () => {
    const handle = await vertex.submit(JOB);
    for (let poll = 0; poll < 3; poll += 1) await vertex.poll(handle);
    const fetches = standIn.sent(/:fetchPredictOperation$/u).slice(-3);
    expect(fetches.map((request) => request.body)).toEqual([
      { operationName: handle.externalId },
      { operationName: handle.externalId },
      { operationName: handle.externalId },
    ]);
    expect(fetches.every((request) => request.headers.authorization?.startsWith('Bearer '))).toBe(
      true,
    );
  });

  it('reuses its token until it expires: one grant for many calls', async () => {
    const grants = standIn.grants.length;
    const handle = await vertex.submit(JOB);
    await vertex.poll(handle);
    await vertex.poll(handle);
    expect(standIn.grants.length - grants).toBe(1);
  });

  it('reads a key Google does not know as rejected credentials, not worth retrying', async () => {
    const grants = standIn.grants.length;
    const error = await caught(withKey(standIn.strangerKeyFile).submit(JOB));
    expect(standIn.grants.slice(grants).map((grant) => grant.valid)).toEqual([false]);
    expect(error.details).toMatchObject({ status: 400, transient: false });
    expect(error.message).toBe('The video provider rejected our Google Cloud credentials.');
  });

  it('reads a missing key file as final, naming no secret', async () => {
    const missing = path.join(path.dirname(standIn.keyFile), 'missing.json');
    const error = await caught(withKey(missing).submit(JOB));
    expect(error.details).toMatchObject({ status: null, transient: false });
    expect(error.message).toBe('The Google Cloud credentials could not be read.');
  });
});
