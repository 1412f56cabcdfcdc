// A narrated video on the real server, database, voice and ffmpeg: speech sits where its WebVTT
// cues say, the cues hold every narrated word in order inside the video, the whole plays at
// −14 LUFS, and the same video made with no voice has captions paced without one.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Storyboard, Video } from '../../shared/schemas/videos';
import { UNKNOWN_VOICE_MESSAGE } from '../../shared/schemas/voices';
import { levelDb, loudnessOf, SPEECH_BAND, samplesOf } from '../../test/audio';
import { signUp, TestClient } from '../../test/http-client';
import { setUpTestServer } from '../../test/server';
import { download, isSettled, waitForVideo } from '../../test/videos';
import { parseWebVtt } from '../media/word-captions';

const test = setUpTestServer();

const input = {
  title: 'Café at dawn',
  description:
    'A cosy café opens its doors at dawn. The barista pours latte art for the first guests. Regulars laugh by the window as the city wakes up. Slow dolly-in, soft morning light, cozy acoustic music.',
  aspectRatio: 'landscape',
  scenes: 2,
};

let member: TestClient;
let folder: string;
beforeAll(async () => {
  member = new TestClient(test.server.url);
  const { user } = await signUp(member);
  await test.sql.query(`update users set member_level = 'Pro' where id = $1`, [user.id]);
  folder = await mkdtemp(path.join(os.tmpdir(), 'reelforge-narration-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function make(body: Record<string, unknown>): Promise<{ video: Video; file: string }> {
  const created = await member.post<{ requestId: number }>('/api/video-creation-requests', body);
  expect(created.status).toBe(201);
  const video = await waitForVideo(member, created.body.requestId, isSettled);
  expect(video.status, video.errorMessage ?? '').toBe('completed');
  const file = path.join(folder, `video-${video.id}.mp4`);
  const response = await download(member, video.videoUrl as string);
  await writeFile(file, new Uint8Array(await response.arrayBuffer()));
  return { video, file };
}

async function captionsOf(video: Video) {
  expect(video.captionsUrl).toMatch(/captions\.vtt$/);
  const response = await download(member, video.captionsUrl as string);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/vtt');
  return parseWebVtt(await response.text());
}

const wordsOf = (text: string) =>
  text
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '').toLowerCase())
    .filter(Boolean);

describe('a narrated video', () => {
  it('speaks where its captions are, holds every narrated word, and plays at −14 LUFS', async () => {
    const narrated = await make({ ...input });
    const silent = await make({ ...input, voiceId: null });
    expect(narrated.video).toMatchObject({ narrated: true, voiceId: 'offline-en-us' });
    expect(silent.video).toMatchObject({ narrated: false, voiceId: null });

    const cues = await captionsOf(narrated.video);
    expect(cues.length).toBeGreaterThan(1);
    const duration = narrated.video.duration as number;
    let previousEnd = 0;
    for (const cue of cues) {
      expect(cue.start).toBeGreaterThanOrEqual(previousEnd);
      expect(cue.end).toBeGreaterThan(cue.start);
      expect(cue.end).toBeLessThanOrEqual(duration + 0.01);
      previousEnd = cue.end;
    }
    // Every word the plan narrates is in the cues, in order; no direction is.
    const plan = JSON.parse(narrated.video.generatedPrompt as string) as Storyboard;
    const narration = wordsOf(plan.scenes.map((scene) => scene.narration).join(' '));
    expect(narration.length).toBeGreaterThan(5);
    expect(wordsOf(cues.map((cue) => cue.lines.join(' ')).join(' '))).toEqual(narration);
    expect(cues.map((cue) => cue.lines.join(' ')).join(' ')).not.toMatch(/dolly|acoustic music/i);

    // Speech is where the cues are: the speech band is far louder there than in the same video
    // with no voice.
    const [withVoice, withoutVoice] = await Promise.all([
      samplesOf(narrated.file, SPEECH_BAND),
      samplesOf(silent.file, SPEECH_BAND),
    ]);
    const inCues = levelDb(withVoice, cues);
    const sameTimesWithoutVoice = levelDb(withoutVoice, cues);
    expect(inCues - sameTimesWithoutVoice).toBeGreaterThanOrEqual(6);

    const loudness = await loudnessOf(narrated.file);
    expect(Math.abs(loudness.integrated + 14)).toBeLessThanOrEqual(1);
    expect(loudness.truePeak).toBeLessThanOrEqual(-0.5);
    const silentLoudness = await loudnessOf(silent.file);
    expect(Math.abs(silentLoudness.integrated + 14)).toBeLessThanOrEqual(1);

    // With no voice the captions are still there, paced on their own.
    const paced = await captionsOf(silent.video);
    expect(paced.length).toBeGreaterThan(0);
  });

  it('refuses a voice the server does not offer, and charges nothing', async () => {
    const before = (await member.get<{ remainingCredits: number }>('/api/credits')).body;
    const refused = await member.post<{ message: string }>('/api/video-creation-requests', {
      ...input,
      voiceId: 'robot-9000',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(UNKNOWN_VOICE_MESSAGE);
    const after = (await member.get<{ remainingCredits: number }>('/api/credits')).body;
    expect(after.remainingCredits).toBe(before.remainingCredits);
  });

  it('uses the member’s default voice, speed and caption style from Profile', async () => {
    const settings = await member.get<{ voiceId: string | null }>('/api/voice-settings');
    expect(settings.body).toEqual({
      voiceId: 'offline-en-us',
      voiceSpeed: 1,
      captionStyle: 'karaoke',
    });
    const changed = await member.patch('/api/voice-settings', {
      voiceId: null,
      captionStyle: 'pop',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ voiceId: null, voiceSpeed: 1, captionStyle: 'pop' });
    const refused = await member.patch<{ message: string }>('/api/voice-settings', {
      voiceId: 'nobody',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(UNKNOWN_VOICE_MESSAGE);

    const created = await member.post<{ requestId: number }>('/api/video-creation-requests', {
      ...input,
      scenes: 1,
    });
    const { rows } = await test.sql.query(
      'select voice_id, caption_style from video_creation_requests where id = $1',
      [created.body.requestId],
    );
    expect(rows).toEqual([{ voice_id: null, caption_style: 'pop' }]);
    await member.patch('/api/voice-settings', {
      voiceId: 'offline-en-us',
      captionStyle: 'karaoke',
    });
  });
});
