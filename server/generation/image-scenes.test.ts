// AI images per scene, against a stand-in fal (its documented queue API and FLUX's image answer),
// on the real server with a real database and ffmpeg: a 4-scene video makes exactly four image
// submissions, each from its own scene's words, and its four scenes show four different stills;
// the cost per image is recorded; what a source would cost is checked against the plan first.
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Storyboard } from '../../shared/schemas/videos';
import { startFakeFal, startFakeGemini } from '../../test/fake-providers';
import { signUp, TestClient } from '../../test/http-client';
import { regionMean, videoFrameFile } from '../../test/media';
import { adminOn } from '../../test/members';
import { setUpTestServer } from '../../test/server';
import { download, isSettled, videoInput, waitForVideo } from '../../test/videos';

const fal = await startFakeFal();
const gemini = await startFakeGemini();
const test = setUpTestServer({
  env: {
    IMAGE_PROVIDER: 'fal',
    IMAGE_MODEL: 'fal-ai/flux/schnell',
    FAL_KEY: fal.apiKey,
    FAL_BASE_URL: fal.baseUrl,
    VIDEO_POLL_SECONDS: '0.1',
    ADMIN_EMAILS: 'operator@reelforge.example',
  },
});
/** Four stills of clearly different colours, one per submission in turn. */
const COLOURS = ['#d62828', '#2a9d8f', '#f4d35e', '#3a0ca3'];
let member: TestClient;
let userId: string;

beforeAll(async () => {
  fal.script = {
    pollsBeforeDone: 2,
    outcome: 'succeed',
    rateLimitedPolls: 0,
    output: Buffer.from(''),
    outputs: await Promise.all(
      COLOURS.map((background) =>
        sharp({ create: { width: 1024, height: 576, channels: 3, background } })
          .png()
          .toBuffer(),
      ),
    ),
  };
});
afterAll(() => fal.close());
beforeEach(async () => {
  member = new TestClient(test.server.url);
  userId = (await signUp(member)).user.id;
});

async function setPlan(level: 'Free' | 'Pro' | 'Elite') {
  await test.sql.query('update users set member_level = $1 where id = $2', [level, userId]);
}

/** The frame's average colour in its middle (clear of the captions and the corner marks). */
async function middleColour(bytes: Uint8Array, seconds: number): Promise<number[]> {
  const frame = await videoFrameFile(bytes, seconds);
  return regionMean(frame, { left: 440, top: 160, width: 400, height: 260 });
}

describe('AI images per scene', () => {
  it('submits one image per scene and shows each still in its own scene', async () => {
    await setPlan('Elite');
    const before = fal.submissions.length;
    const created = await member.post<{ requestId: number; sceneSource: string }>(
      '/api/video-creation-requests',
      {
        ...videoInput,
        title: 'Four seasons',
        description:
          'Scene 1: Spring blossoms open in the orchard. Scene 2: Summer sun warms the beach. ' +
          'Scene 3: Autumn leaves fall in the park. Scene 4: Winter snow covers the village.',
        scenes: 4,
        sceneSource: 'ai-image',
        voiceId: null,
      },
    );
    expect(created.status).toBe(201);
    expect(created.body.sceneSource).toBe('ai-image');
    const video = await waitForVideo(member, created.body.requestId, isSettled, 120_000);
    expect(video.errorMessage).toBeNull();
    expect(video.status).toBe('completed');

    const submissions = fal.submissions.slice(before);
    expect(submissions).toHaveLength(4);
    for (const submission of submissions) {
      expect(submission.path).toBe('/fal-ai/flux/schnell');
      expect(submission.body).toMatchObject({ image_size: 'landscape_16_9', num_images: 1 });
    }
    // Each scene's own words, in order.
    const prompts = submissions.map((submission) => (submission.body as { prompt: string }).prompt);
    ['Spring', 'Summer', 'Autumn', 'Winter'].forEach((season, index) => {
      expect(prompts[index]).toContain(season);
    });

    const bytes = new Uint8Array(
      await (await download(member, video.videoUrl as string)).arrayBuffer(),
    );
    const colours = await Promise.all(
      [0, 1, 2, 3].map((scene) => middleColour(bytes, scene * 8 + 4.5)),
    );
    for (let a = 0; a < colours.length; a++) {
      for (let b = a + 1; b < colours.length; b++) {
        const distance = Math.hypot(
          ...(colours[a] as number[]).map(
            (value, channel) => value - ((colours[b] as number[])[channel] ?? 0),
          ),
        );
        expect(distance, `scenes ${a + 1} and ${b + 1}`).toBeGreaterThan(40);
      }
    }

    const { rows } = await test.sql.query(
      `select r.provider, r.provider_model, r.provider_cost_usd, r.generated_prompt,
              (select count(*) from video_provider_jobs j where j.request_id = r.id and j.kind = 'image') as images
         from video_creation_requests r where r.id = $1`,
      [created.body.requestId],
    );
    expect(rows[0]).toMatchObject({
      provider: 'fal',
      provider_model: 'fal-ai/flux/schnell',
      images: '4',
    });
    // fal bills FLUX schnell by the started megapixel: $0.003 for each 1024 × 576 still.
    expect(Number(rows[0].provider_cost_usd)).toBeCloseTo(0.012, 4);
    const plan = JSON.parse(rows[0].generated_prompt) as Storyboard;
    expect(plan.scenes).toHaveLength(4);

    // The operator's export shows what the video and all of the member's videos cost.
    const { client: admin } = await adminOn(test, 'operator@reelforge.example');
    const csv = await (
      await fetch(new URL('/api/admin/export/video-requests', test.server.url), {
        headers: { cookie: admin.cookieHeader },
      })
    ).text();
    const [header, ...lines] = csv.trim().split('\r\n');
    const columns = (header ?? '').split(',');
    const row = lines
      .map((line) => line.split(','))
      .find((cells) => cells[0] === `req-${created.body.requestId}`);
    const cell = (name: string) => row?.[columns.indexOf(name)];
    expect(cell('sceneSource')).toBe('ai-image');
    expect(Number(cell('costUsd'))).toBeCloseTo(0.012, 4);
    expect(Number(cell('memberCostUsd'))).toBeCloseTo(0.012, 4);
  });

  it('offers AI images by default and keeps a member-chosen source', async () => {
    const config = await member.get<{ sceneSources: string[]; defaultSceneSource: string }>(
      '/api/client-config',
    );
    expect(config.body.sceneSources).toEqual(['offline', 'upload', 'ai-image']);
    expect(config.body.defaultSceneSource).toBe('ai-image');

    const offline = await member.post<{ sceneSource: string; notice: string | null }>(
      '/api/video-creation-requests',
      { ...videoInput, sceneSource: 'offline', voiceId: null },
    );
    expect(offline.status).toBe(201);
    expect(offline.body).toMatchObject({ sceneSource: 'offline', notice: null });
  });

  it('refuses a source the server does not offer, in words', async () => {
    const answer = await member.post<{ message: string }>('/api/video-creation-requests', {
      ...videoInput,
      sceneSource: 'ai-video',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(
      'AI video is not offered on this server. Please pick another scene source.',
    );
    const upload = await member.post<{ message: string }>('/api/video-creation-requests', {
      ...videoInput,
      sceneSource: 'upload',
    });
    expect(upload.status).toBe(400);
    expect(upload.body.message).toBe(
      'Please choose an image for your scenes, or pick another scene source.',
    );
  });
});

describe('AI images from a model that answers at once (Gemini)', () => {
  const server = setUpTestServer({
    env: {
      IMAGE_PROVIDER: 'gemini',
      GEMINI_API_KEY: gemini.apiKey,
      GEMINI_BASE_URL: gemini.baseUrl,
      VIDEO_POLL_SECONDS: '0.1',
    },
  });
  afterAll(() => gemini.close());

  it('stores each picture with its submission and finishes without a poll', async () => {
    const fake = gemini;
    fake.script = { ...fal.script };
    const client = new TestClient(server.server.url);
    const { user } = await signUp(client);
    await server.sql.query("update users set member_level = 'Pro' where id = $1", [user.id]);
    const created = await client.post<{ requestId: number }>('/api/video-creation-requests', {
      ...videoInput,
      scenes: 2,
      sceneSource: 'ai-image',
      voiceId: null,
    });
    expect(created.status).toBe(201);
    const video = await waitForVideo(client, created.body.requestId, isSettled, 120_000);
    expect(video.errorMessage).toBeNull();
    expect(video.status).toBe('completed');
    expect(fake.submissions.map((request) => request.path)).toEqual([
      '/models/gemini-3.1-flash-image:generateContent',
      '/models/gemini-3.1-flash-image:generateContent',
    ]);
    expect(fake.polls).toBe(0);
    const bytes = new Uint8Array(
      await (await download(client, video.videoUrl as string)).arrayBuffer(),
    );
    const [first, second] = await Promise.all([
      middleColour(bytes, 4.5),
      middleColour(bytes, 12.5),
    ]);
    expect(
      Math.hypot(
        ...(first as number[]).map((value, index) => value - ((second as number[])[index] ?? 0)),
      ),
    ).toBeGreaterThan(40);
    const { rows } = await server.sql.query(
      'select provider, provider_model, provider_cost_usd from video_creation_requests where id = $1',
      [created.body.requestId],
    );
    // Gemini 3.1 Flash Image's list price: $0.067 a picture.
    expect(rows[0]).toMatchObject({ provider: 'gemini', provider_model: 'gemini-3.1-flash-image' });
    expect(Number(rows[0].provider_cost_usd)).toBeCloseTo(0.134, 4);
  });
});
