// Durable generation against a stand-in fal (its documented queue API), on the real server with
// a real database and ffmpeg: several polls then a finished video with the provider's sound, a
// 429 on the way, a safety refusal, a timeout, a file that is not a video, image-to-video, and a
// worker killed mid-poll whose successor neither submits again nor charges twice; a voice over the
// model's own sound (ducked, captioned, −14 LUFS), and with no voice, its sound as it came; a
// remix given the model's kept clips for free, and one paying for the one scene it asks anew.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StoryboardView } from '../../shared/schemas/storyboards';
import type { Video } from '../../shared/schemas/videos';
import { loudnessOf } from '../../test/audio';
import { makeProviderClip, startFakeFal } from '../../test/fake-providers';
import { signUp, TestClient } from '../../test/http-client';
import { makeImage, probeBytes } from '../../test/media';
import { memberOn } from '../../test/members';
import { setUpTestServer } from '../../test/server';
import { download, isSettled, listVideos, videoInput, waitForVideo } from '../../test/videos';
import { probeMedia } from '../media/ffmpeg';
import { parseWebVtt } from '../media/webvtt';
import { PROVIDER_MESSAGES } from './provider-renders';

const fal = await startFakeFal();
const providerEnv = {
  VIDEO_PROVIDER: 'fal',
  FAL_KEY: fal.apiKey,
  FAL_BASE_URL: fal.baseUrl,
  VIDEO_MODEL: 'fal-ai/veo3/fast',
  VIDEO_POLL_SECONDS: '0.1',
  VIDEO_TIMEOUT_SECONDS: '8',
};
const test = setUpTestServer({ env: { ...providerEnv, ROLES: 'api,scheduler,worker' } });
let clip: Buffer;
let folder: string;
let silentClip: Buffer;
let client: TestClient;

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'reelforge-provider-voice-'));
  [clip, silentClip] = await Promise.all([
    makeProviderClip({ seconds: 8 }),
    makeProviderClip({ seconds: 8, audio: false, size: '720x1280' }),
  ]);
});
afterAll(async () => {
  fal.close();
  await rm(folder, { recursive: true, force: true });
});
beforeEach(async () => {
  fal.script = { pollsBeforeDone: 3, outcome: 'succeed', rateLimitedPolls: 0, output: clip };
  client = new TestClient(test.server.url);
  await signUp(client);
});

async function create(input: Record<string, unknown> = {}) {
  const created = await client.post<{ requestId: number }>('/api/video-creation-requests', {
    ...videoInput,
    ...input,
  });
  expect(created.status).toBe(201);
  return created.body.requestId;
}

async function credits(): Promise<number | null> {
  return (await client.get<{ remainingCredits: number | null }>('/api/credits')).body
    .remainingCredits;
}

async function requestRow(requestId: number) {
  const { rows } = await test.sql.query(
    `select status, provider, provider_model, seconds_generated, provider_cost_usd, error_message
       from video_creation_requests where id = $1`,
    [requestId],
  );
  return rows[0];
}

/** Waits for the video `videoId` to show a new file (its remix completed); fails on a failed remix. */
async function waitForVersion(
  member: TestClient,
  videoId: Video['id'],
  previousUrl: string | null,
): Promise<Video> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const library = await listVideos(member);
    const failed = library.find((video) => video.status === 'failed');
    if (failed) throw new Error(`the remix failed: ${failed.errorMessage}`);
    const video = library.find((entry) => String(entry.id) === String(videoId));
    if (video && video.videoUrl !== previousUrl) return video;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`video ${videoId} got no new version in time`);
}

describe('a video made by a paid model (fal)', () => {
  it('completes after several polls, keeping the provider sound, and records the generation', async () => {
    const before = fal.submissions.length;
    const pollsBefore = fal.polls;
    const requestId = await create();
    const video = await waitForVideo(client, requestId, isSettled, 60_000);
    expect(video.status).toBe('completed');
    expect(fal.submissions.length - before).toBe(1);
    expect(fal.polls - pollsBefore).toBeGreaterThanOrEqual(4);
    const submitted = fal.submissions.at(-1);
    expect(submitted?.path).toBe('/fal-ai/veo3/fast');
    expect(submitted?.body).toMatchObject({ aspect_ratio: '16:9', duration: '8s' });

    const file = await download(client, video.videoUrl ?? '');
    expect(file.status).toBe(200);
    const info = await probeBytes(Buffer.from(await file.arrayBuffer()));
    expect(info.width).toBe(1280);
    expect(info.height).toBe(720);
    expect(info.audioCodec).toBe('aac');
    expect(info.durationSeconds).toBeCloseTo(8, 0);

    const row = await requestRow(requestId);
    expect(row).toMatchObject({
      status: 'completed',
      provider: 'fal',
      provider_model: 'fal-ai/veo3/fast',
    });
    expect(row.seconds_generated).toBeCloseTo(8, 0);
    const { rows: jobs } = await test.sql.query(
      'select state, external_id, polls from video_provider_jobs where request_id = $1',
      [requestId],
    );
    expect(jobs).toHaveLength(1);
    expect(jobs[0].state).toBe('stored');
    expect(jobs[0].external_id).toBeTruthy();
  }, 90_000);

  it('waits out a 429 (Retry-After) and still completes', async () => {
    fal.script.rateLimitedPolls = 2;
    const requestId = await create();
    const video = await waitForVideo(client, requestId, isSettled, 60_000);
    expect(video.status).toBe('completed');
    const { rows } = await test.sql.query(
      'select attempts from video_provider_jobs where request_id = $1',
      [requestId],
    );
    expect(rows[0].attempts).toBe(2);
  }, 90_000);

  it('fails a refused scene with a readable message and gives the credit back', async () => {
    const start = await credits();
    fal.script.outcome = 'refuse';
    const requestId = await create();
    const video = await waitForVideo(client, requestId, isSettled, 60_000);
    expect(video.status).toBe('failed');
    expect(video.errorMessage).toMatch(/safety filter declined this scene.*refunded/);
    expect(await credits()).toBe(start);
  }, 90_000);

  it("remixes from the model's kept clips for free, pays once for a new AI visual, and deletes the clips with the video", async () => {
    const member = await memberOn(test, 'Pro');
    const balance = async () =>
      (await member.client.get<{ remainingCredits: number }>('/api/credits')).body.remainingCredits;
    const footage = async (requestId: number) =>
      (
        await test.sql.query(
          `select scene_number, state, footage_key, output_key, seconds_generated, cost_usd::float
             from video_provider_jobs where request_id = $1 order by attempt, scene_number`,
          [requestId],
        )
      ).rows;
    const generatedFolders = async () => {
      const videos = path.join(test.server.config.dataDir, 'media', 'users', member.id, 'videos');
      return (await readdir(videos).catch(() => [])).filter((name) => name.endsWith('-generated'));
    };
    /** Opens a remix of the video, changes its scenes with `edit`, and renders it. */
    const remix = async (
      videoId: Video['id'],
      edit: (scene: StoryboardView['scenes'][number]) => Record<string, unknown>,
    ) => {
      const opened = await member.client.post<StoryboardView>(`/api/videos/${videoId}/remix`);
      expect(opened.status).toBe(201);
      const edited = await member.client.patch<StoryboardView>(
        `/api/storyboards/${opened.body.id}`,
        {
          updatedAt: opened.body.updatedAt,
          scenes: opened.body.scenes.map((scene) => ({
            number: scene.number,
            narration: scene.narration,
            shots: scene.shots.map((shot) => ({ id: shot.id })),
            ...edit(scene),
          })),
        },
      );
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      const rendered = await member.client.post<{ requestId: number }>(
        `/api/storyboards/${opened.body.id}/render`,
      );
      expect(rendered.status).toBe(201);
      return rendered.body.requestId;
    };

    const created = await member.client.post<{ requestId: number }>(
      '/api/video-creation-requests',
      { ...videoInput, scenes: 2 },
    );
    const first = await waitForVideo(member.client, created.body.requestId, isSettled, 60_000);
    expect(first.status).toBe('completed');
    const made = await footage(created.body.requestId);
    expect(made.map((row) => row.footage_key)).toEqual([
      expect.stringMatching(/^[0-9a-f]{40}$/),
      expect.stringMatching(/^[0-9a-f]{40}$/),
    ]);

    // New words for scene 1 ask the model for nothing: both clips are copied, and it is free.
    const before = await balance();
    const submissions = fal.submissions.length;
    const reworded = await remix(first.id, (scene) =>
      scene.number === 1 ? { narration: 'The harbour lights come on one by one.', shots: [] } : {},
    );
    expect(await balance()).toBe(before);
    const second = await waitForVersion(member.client, first.id, first.videoUrl);
    expect(fal.submissions.length).toBe(submissions);
    const copied = await footage(reworded);
    expect(copied).toEqual(
      made.map((row) =>
        expect.objectContaining({
          scene_number: row.scene_number,
          state: 'stored',
          footage_key: row.footage_key,
          output_key: expect.stringContaining(`/${reworded}-1-generated/`),
          seconds_generated: 0,
          cost_usd: 0,
        }),
      ),
    );
    const { rows: ledger } = await test.sql.query(
      'select count(*)::int as n from credit_ledger where video_request_id = $1',
      [reworded],
    );
    expect(ledger[0].n).toBe(0);

    // A new AI visual for scene 2 asks the model for that scene alone: paid once, and refunded
    // when the model fails; the video keeps its second version.
    fal.script.outcome = 'fail';
    const revisualised = await remix(first.id, (scene) =>
      scene.number === 2
        ? {
            shots: scene.shots.map((shot, position) =>
              position === 0
                ? {
                    id: shot.id,
                    visual: { source: 'ai', prompt: 'A lighthouse beam sweeps the fog.' },
                  }
                : { id: shot.id },
            ),
          }
        : {},
    );
    expect(await balance()).toBe(before - 1);
    const failed = await waitForVideo(member.client, revisualised, isSettled, 60_000);
    expect(failed.status).toBe('failed');
    expect(fal.submissions.length - submissions).toBe(1);
    expect(fal.submissions.at(-1)?.body).toMatchObject({
      prompt: expect.stringContaining('A lighthouse beam sweeps the fog.'),
    });
    expect(await balance()).toBe(before);
    const versions = await member.client.get<{ version: number; videoUrl: string }[]>(
      `/api/videos/${first.id}/versions`,
    );
    expect(versions.body.map((version) => version.videoUrl)).toEqual([
      second.videoUrl,
      first.videoUrl,
    ]);

    // The finished versions' clips are kept (the failed remix's are not), until the video goes.
    expect((await generatedFolders()).sort()).toEqual(
      [`${created.body.requestId}-1-generated`, `${reworded}-1-generated`].sort(),
    );
    expect(
      (await member.client.request('DELETE', `/api/video-generated-content/${first.id}`)).status,
    ).toBe(200);
    expect(await generatedFolders()).toEqual([]);
  }, 120_000);

  it('fails a scene that takes too long, cancels it at the provider and refunds', async () => {
    const start = await credits();
    const cancels = fal.cancels.length;
    fal.script.outcome = 'never';
    const requestId = await create();
    const video = await waitForVideo(client, requestId, isSettled, 60_000);
    expect(video.status).toBe('failed');
    expect(video.errorMessage).toBe(PROVIDER_MESSAGES.timeout);
    expect(fal.cancels.length).toBe(cancels + 1);
    expect(await credits()).toBe(start);
  }, 90_000);

  it('fails a video whose output is not a video, refunded', async () => {
    const start = await credits();
    fal.script.output = Buffer.from('<html>Access denied</html>');
    const requestId = await create();
    const video = await waitForVideo(client, requestId, isSettled, 60_000);
    expect(video.status).toBe('failed');
    expect(video.errorMessage).toBe(PROVIDER_MESSAGES.notVideo);
    expect(await credits()).toBe(start);
  }, 90_000);

  it('sends the member image to the image-to-video endpoint, and lays silence under a silent clip', async () => {
    fal.script.output = silentClip;
    const image = await makeImage('png');
    const uploaded = await client.upload<{ url: string }>('/api/upload-image', {
      field: 'image',
      name: 'product.png',
      type: 'image/png',
      bytes: image,
    });
    expect(uploaded.status).toBe(201);
    const requestId = await create({ sourceImageUrl: uploaded.body.url, aspectRatio: 'portrait' });
    const video = await waitForVideo(client, requestId, isSettled, 60_000);
    expect(video.status).toBe('completed');
    const submitted = fal.submissions.at(-1);
    expect(submitted?.path).toBe('/fal-ai/veo3/fast/image-to-video');
    const body = submitted?.body as { image_url: string; aspect_ratio: string };
    expect(body.aspect_ratio).toBe('9:16');
    expect(body.image_url).toBe(`data:image/png;base64,${image.toString('base64')}`);
    const info = await probeBytes(
      Buffer.from(await (await download(client, video.videoUrl ?? '')).arrayBuffer()),
    );
    expect([info.width, info.height]).toEqual([720, 1280]);
    expect(info.audioCodec).toBe('aac');
  }, 90_000);

  it("narrates over the model's sound with word-timed captions, and leaves it as it came with no voice", async () => {
    const [narratedId, plainId] = [await create(), await create({ voiceId: null })];
    const narrated = await waitForVideo(client, narratedId, isSettled, 60_000);
    const plain = await waitForVideo(client, plainId, isSettled, 60_000);
    // A new member's default voice narrates; voiceId null is no voice at all.
    expect(narrated).toMatchObject({
      status: 'completed',
      narrated: true,
      voiceId: 'offline-en-us',
    });
    expect(plain).toMatchObject({ status: 'completed', narrated: false, voiceId: null });
    expect(plain.captionsUrl).toBeNull();

    const vtt = await download(client, narrated.captionsUrl ?? '');
    const cues = parseWebVtt(await vtt.text());
    const shown = cues.map((cue) => cue.lines.join(' ')).join(' ');
    expect(shown).toMatch(/Fishing boats slip out of a quiet harbour/);
    expect(cues.every((cue) => cue.start >= 0 && cue.end <= 8)).toBe(true);

    const files = await Promise.all(
      [narrated, plain].map(async (video, index) => {
        const bytes = Buffer.from(
          await (await download(client, video.videoUrl ?? '')).arrayBuffer(),
        );
        const name = path.join(folder, `provider-${index}.mp4`);
        await writeFile(name, bytes);
        return name;
      }),
    );
    const [narratedFile = '', plainFile = ''] = files;
    expect((await probeMedia(narratedFile)).hasSubtitles).toBe(true);
    expect((await probeMedia(plainFile)).hasSubtitles).toBe(false);
    const mixed = await loudnessOf(narratedFile);
    expect(mixed.integrated).toBeGreaterThanOrEqual(-15);
    expect(mixed.integrated).toBeLessThanOrEqual(-13);
    expect(mixed.truePeak).toBeLessThanOrEqual(-1);
    // No voice: the clip's own sound at its own level, not brought to -14 LUFS.
    const source = path.join(folder, 'source.mp4');
    await writeFile(source, clip);
    expect((await loudnessOf(plainFile)).integrated).toBeCloseTo(
      (await loudnessOf(source)).integrated,
      0,
    );
  }, 120_000);
});

describe('a worker killed while a scene is being generated', () => {
  const children: ChildProcess[] = [];
  afterEach(async () => {
    for (const child of children.splice(0)) {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
    }
  });

  function startWorker(): Promise<ChildProcess> {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'test/fixtures/worker-child.ts',
        test.database.url,
        test.server.config.dataDir,
      ],
      {
        env: {
          ...process.env,
          ...providerEnv,
          VIDEO_TIMEOUT_SECONDS: '600',
          RENDER_LEASE_SECONDS: '2',
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    children.push(child);
    return new Promise((resolve, reject) => {
      child.stdout?.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('ready')) resolve(child);
      });
      child.once('exit', (code) => reject(new Error(`worker exited early (${code})`)));
    });
  }

  it('is resumed by the next worker: no second submission, completed once, charged once', async () => {
    // This server's own worker stops; two worker processes take turns instead.
    await test.server.stop();
    test.server = await (await import('../../test/server')).startTestServer({
      databaseUrl: test.database.url,
      dataDir: test.server.config.dataDir,
      env: { ...providerEnv, ROLES: 'api,scheduler' },
    });
    client = new TestClient(test.server.url);
    await signUp(client);
    fal.script.outcome = 'never';
    const first = await startWorker();
    const before = fal.submissions.length;
    const requestId = await create();
    // Polled at least twice: the scene is in the provider's hands.
    const pollsAtStart = fal.polls;
    const deadline = Date.now() + 30_000;
    while (fal.polls < pollsAtStart + 2 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(fal.submissions.length - before).toBe(1);
    const died = new Promise((resolve) => first.once('exit', resolve));
    first.kill('SIGKILL');
    await died;

    fal.script.outcome = 'succeed';
    fal.script.pollsBeforeDone = 0;
    await startWorker();
    const video = await waitForVideo(client, requestId, isSettled, 60_000);
    expect(video.status).toBe('completed');
    expect(fal.submissions.length - before).toBe(1);
    const { rows: contents } = await test.sql.query(
      'select count(*)::int as n from video_generated_content where request_id = $1',
      [requestId],
    );
    expect(contents[0].n).toBe(1);
    const { rows: ledger } = await test.sql.query(
      'select transaction_type from credit_ledger where video_request_id = $1',
      [requestId],
    );
    expect(ledger.map((row) => row.transaction_type)).toEqual(['spend']);
  }, 120_000);
});
