// What only the Gemini Omni adapter does, against a stand-in Interactions API: the length it asks
// for is whole seconds up to 10, and a video given as a file link (not inline) is downloaded with
// the key through its redirect. The cases every video adapter shares (request shapes, polls, the
// inline video, refusals, errors, RetryInfo, cancel, retirements, the model check) are in
// video-model.contract.test.ts.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type OmniStandIn, startOmniStandIn } from '../../../test/provider-stand-ins/gemini-omni';
import { createGeminiOmniProvider } from './gemini-omni';
import type { SceneJob, VideoProvider } from './provider';

const CLIP = Buffer.from('pretend these are the bytes of an 8 s mp4 with sound');
const JOB: SceneJob = {
  prompt: 'A lighthouse at dusk',
  image: null,
  aspectRatio: 'landscape',
  durationSeconds: 8,
};

let standIn: OmniStandIn;
let omni: VideoProvider;

beforeAll(async () => {
  standIn = await startOmniStandIn();
});
afterAll(() => standIn.close());
beforeEach(() => {
  standIn.script = { pollsBeforeDone: 2, outcome: 'succeed', rateLimitedPolls: 0, output: CLIP };
  standIn.videoAs = 'inline';
  omni = createGeminiOmniProvider({ apiKey: standIn.apiKey, baseUrl: standIn.baseUrl });
});

describe('the Gemini Omni provider', () => {
  it('asks for whole seconds up to 10', async () => {
    await omni.submit({ ...JOB, durationSeconds: 15 });
    const body = standIn.submissions.at(-1)?.body as { response_format: { duration: string } };
    expect(body.response_format.duration).toBe('10s');
  });

  it('downloads a video given as a file link with the key, through its redirect', async () => {
    standIn.videoAs = 'uri';
    standIn.script.pollsBeforeDone = 0;
    const result = await omni.poll(await omni.submit(JOB));
    expect(result.state).toBe('succeeded');
    const outputUrl = (result as { outputUrl: string }).outputUrl;
    expect(outputUrl).toMatch(/\/files\/[^/]+:download\?alt=media$/u);

    const before = standIn.received.length;
    const response = await omni.fetchOutput(outputUrl);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(CLIP);
    const [link, bytes] = standIn.received.slice(before);
    expect(link?.headers['x-goog-api-key']).toBe(standIn.apiKey);
    expect(bytes?.path).toMatch(/^\/v1beta\/files\/public\//u);
  });
});
