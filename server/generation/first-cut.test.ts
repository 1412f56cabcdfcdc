// The first cut, made the way a member makes it (real server, planner, offline voice and ffmpeg):
// a 4-scene narrated video of a 3-item list. Measured from what was made, not from our own plan:
// the speech fills the video (silencedetect on a render with the music off), it starts within
// half a second and never pauses long, the music stays well under the voice between lines, the
// end card is short, every scene longer than 4 s changes its picture at least once (read from the
// frames), nothing draws a scene counter, and the scenes are chapters in the MP4 and in the plan.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Storyboard } from '../../shared/schemas/videos';
import { levelDb, samplesOf } from '../../test/audio';
import { signUp, TestClient } from '../../test/http-client';
import { videoFrame } from '../../test/media';
import { setUpTestServer } from '../../test/server';
import { download, isSettled, waitForVideo } from '../../test/videos';
import { ffmpegPath, ffprobePath } from '../media/ffmpeg';
import { parseWebVtt } from '../media/word-captions';

const run = promisify(execFile);

const HIKING = {
  title: 'Top 3 hiking tips',
  description:
    '1. Wear broken-in boots, because new boots rub blisters into your heels on the first long climb. ' +
    '2. Pack more water than you think you need, about half a litre for every hour on the trail. ' +
    '3. Check the weather before you leave, and turn back early when clouds build over the ridge.',
  aspectRatio: 'landscape',
  scenes: 4,
  watermark: false,
};

const withMusic = setUpTestServer();
const withoutMusic = setUpTestServer({ env: { RENDER_MUSIC: 'false' } });

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'reelforge-first-cut-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** An Elite member of `server` makes the video; answers it and its file. */
async function make(server: typeof withMusic, name: string) {
  const member = new TestClient(server.server.url);
  const { user } = await signUp(member);
  await server.sql.query(`update users set member_level = 'Elite' where id = $1`, [user.id]);
  const created = await member.post<{ requestId: number }>('/api/video-creation-requests', HIKING);
  expect(created.status).toBe(201);
  const video = await waitForVideo(member, created.body.requestId, isSettled, 120_000);
  expect(video.status, video.errorMessage ?? '').toBe('completed');
  const file = path.join(folder, `${name}.mp4`);
  const response = await download(member, video.videoUrl as string);
  await writeFile(file, new Uint8Array(await response.arrayBuffer()));
  const captions = parseWebVtt(await (await download(member, video.captionsUrl as string)).text());
  const chapters = parseWebVtt(await (await download(member, video.chaptersUrl as string)).text());
  return {
    video,
    file,
    captions,
    chapters,
    plan: JSON.parse(video.generatedPrompt ?? '') as Storyboard,
  };
}

/** Stretches of silence ffmpeg's silencedetect finds (quieter than −45 dBFS for 0.25 s or more). */
async function silences(file: string): Promise<Array<{ start: number; end: number }>> {
  const { stderr } = await run(ffmpegPath(), [
    ...['-hide_banner', '-nostats', '-i', file, '-vn'],
    ...['-af', 'silencedetect=noise=-45dB:d=0.25', '-f', 'null', '-'],
  ]);
  const found: Array<{ start: number; end: number }> = [];
  for (const line of stderr.split('\n')) {
    const start = /silence_start: (-?[\d.]+)/.exec(line)?.[1];
    const end = /silence_end: ([\d.]+)/.exec(line)?.[1];
    if (start !== undefined) found.push({ start: Math.max(0, Number(start)), end: Number.NaN });
    if (end !== undefined && found.length > 0) {
      const last = found[found.length - 1];
      if (last) last.end = Number(end);
    }
  }
  return found;
}

async function durationOf(file: string): Promise<number> {
  const { stdout } = await run(ffprobePath(), [
    ...['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file],
  ]);
  return Number(stdout.trim());
}

describe('a first cut worth posting', () => {
  let quiet: Awaited<ReturnType<typeof make>>;
  let scored: Awaited<ReturnType<typeof make>>;
  beforeAll(async () => {
    [quiet, scored] = await Promise.all([make(withoutMusic, 'quiet'), make(withMusic, 'scored')]);
  }, 240_000);

  it('fills the video with speech: 85 % or more, from 0.5 s, no pause over 1.2 s, a short end card', async () => {
    const duration = await durationOf(quiet.file);
    expect(Math.abs(duration - (quiet.video.duration ?? 0))).toBeLessThan(0.15);
    const quietStretches = await silences(quiet.file);
    const end = (stretch: { end: number }) => (Number.isNaN(stretch.end) ? duration : stretch.end);
    const silent = quietStretches.reduce((sum, stretch) => sum + end(stretch) - stretch.start, 0);
    expect(1 - silent / duration).toBeGreaterThanOrEqual(0.85);
    // The first word by 0.5 s: any silence at the start ends by then.
    const opening = quietStretches.find((stretch) => stretch.start < 0.05);
    expect(opening ? end(opening) : 0).toBeLessThanOrEqual(0.5);
    // Between lines: no silence over 1.2 s; at the end, at most 1.5 s after the last word.
    const tail = quietStretches.find(
      (stretch) => Number.isNaN(stretch.end) || stretch.end >= duration - 0.05,
    );
    for (const stretch of quietStretches) {
      if (stretch === opening || stretch === tail) continue;
      expect(end(stretch) - stretch.start).toBeLessThanOrEqual(1.2);
    }
    expect(tail ? duration - tail.start : 0).toBeLessThanOrEqual(1.5);
  });

  it('keeps the music at least 10 dB under the voice, between lines too', async () => {
    const samples = await samplesOf(scored.file);
    const words = scored.captions.flatMap((cue) => cue.words);
    expect(words.length).toBeGreaterThan(30);
    const spoken = words.map((word) => ({ start: word.start, end: word.end }));
    // Between lines: every pause of 0.3 s or more between two words, a little inside it.
    const pauses = words.slice(1).flatMap((word, index) => {
      const before = words[index];
      if (!before || word.start - before.end < 0.3) return [];
      return [{ start: before.end + 0.08, end: word.start - 0.08 }];
    });
    expect(pauses.length).toBeGreaterThan(0);
    expect(levelDb(samples, spoken) - levelDb(samples, pauses)).toBeGreaterThanOrEqual(10);
  });

  it('changes the picture at least once in every scene longer than 4 s, read from the frames', async () => {
    const { width, height } = { width: 1280, height: 720 };
    // The middle of the frame, where a shot's picture sits, above the captions.
    const middle = (frame: Buffer) => {
      const rows: number[] = [];
      for (let y = Math.round(height * 0.2); y < Math.round(height * 0.62); y += 4) {
        for (let x = Math.round(width * 0.3); x < Math.round(width * 0.7); x += 4) {
          rows.push(frame[y * width + x] ?? 0);
        }
      }
      return rows;
    };
    const difference = (a: number[], b: number[]) =>
      a.reduce((sum, value, index) => sum + Math.abs(value - (b[index] ?? 0)), 0) / a.length;
    let at = 0;
    for (const scene of quiet.plan.scenes) {
      const start = at;
      at += scene.durationSeconds;
      if (scene.durationSeconds <= 4) continue;
      // Samples every 0.25 s, clear of the wipes at the scene's ends.
      const times: number[] = [];
      for (let time = start + 0.5; time < at - 0.5; time += 0.25) times.push(time);
      const frames = await Promise.all(
        times.map(async (time) => middle(await videoFrame(quiet.file, time, 'gray'))),
      );
      let changes = 0;
      let previousChanged = false;
      for (let index = 1; index < frames.length; index++) {
        const changed = difference(frames[index - 1] ?? [], frames[index] ?? []) > 6;
        if (changed && !previousChanged) changes++;
        previousChanged = changed;
      }
      expect(changes, `scene ${scene.number}`).toBeGreaterThanOrEqual(1);
      expect(scene.shots?.length, `scene ${scene.number}`).toBeGreaterThanOrEqual(2);
    }
  });

  it('keeps the scenes as chapters, in the MP4 and in the plan, and speaks every tip', async () => {
    const { stdout } = await run(ffprobePath(), [
      ...['-v', 'error', '-show_chapters', '-of', 'json', quiet.file],
    ]);
    const chapters = (
      JSON.parse(stdout) as { chapters: Array<{ start_time: string; end_time: string }> }
    ).chapters;
    expect(chapters).toHaveLength(4);
    quiet.plan.scenes.forEach((scene, index) => {
      expect(Number(chapters[index]?.start_time)).toBeCloseTo(scene.startSeconds ?? -1, 1);
      expect(quiet.chapters[index]?.start).toBeCloseTo(scene.startSeconds ?? -1, 1);
    });
    // Every word the member wrote in each tip is spoken.
    const narration = quiet.plan.scenes.map((scene) => scene.narration).join(' ');
    for (const tip of ['broken-in boots', 'more water', 'Check the weather']) {
      expect(narration).toContain(tip);
    }
  });
});

describe("a Creator Engine run's call to action", () => {
  it('is spoken as words, and shown as written over the last shot', async () => {
    const member = new TestClient(withMusic.server.url);
    const { user } = await signUp(member);
    await withMusic.sql.query(`update users set member_level = 'Elite' where id = $1`, [user.id]);
    const job = await member.post<{ id: number }>('/api/video-jobs', {
      jobName: 'Bean spotlight',
      frequency: 'daily',
      scenes: 2,
      aspectRatio: 'landscape',
      isActive: false,
      advancedMode: false,
      watermark: false,
      brandName: 'Ember & Oak',
      brandDescription: 'A small-batch roaster in the hills.',
      focusFeatures: 'Single-origin beans, roasted every Monday.',
      callToAction: 'Order a fresh bag at emberandoak.example',
      filmStyle: 'Warm morning light.',
      dynamicSet: 'A new brewing method.',
    });
    expect(job.status).toBe(201);
    // Run Now: the server builds the video from the job's brief.
    const created = await member.post<{ requestId: number }>('/api/video-creation-requests', {
      title: 'Bean spotlight #1',
      description: 'From the job',
      aspectRatio: 'landscape',
      scenes: 2,
      videoPrompt: 'built by the client',
      jobId: job.body.id,
    });
    expect(created.status).toBe(201);
    const video = await waitForVideo(member, created.body.requestId, isSettled, 120_000);
    expect(video.status, video.errorMessage ?? '').toBe('completed');
    const plan = JSON.parse(video.generatedPrompt ?? '') as Storyboard;
    const last = plan.scenes.at(-1);
    // Said as words, at the end; written as it is, on screen.
    expect(last?.narration).toMatch(/ember and oak dot example\.?$/iu);
    expect(last?.overlay).toBe('emberandoak.example');
    const words = parseWebVtt(await (await download(member, video.captionsUrl as string)).text())
      .flatMap((cue) => cue.words)
      .map((word) => word.text.toLowerCase().replace(/[^\p{L}]/gu, ''));
    expect(words.slice(-4)).toEqual(['ember', 'and', 'oak', 'dot', 'example'].slice(-4));
    // On screen: the pill with the address sits at the top of the frame over the last shot, and
    // nowhere before it: white letters on a dark pill in that band.
    const file = path.join(folder, 'cta.mp4');
    await writeFile(
      file,
      new Uint8Array(await (await download(member, video.videoUrl as string)).arrayBuffer()),
    );
    const band = (frame: Buffer) => {
      let bright = 0;
      for (let y = Math.round(720 * 0.07); y < Math.round(720 * 0.18); y++) {
        for (let x = 320; x < 960; x++) if ((frame[y * 1280 + x] ?? 0) > 200) bright++;
      }
      return bright;
    };
    const lastStart = (last?.startSeconds ?? 0) + (last?.shots?.at(-1)?.start ?? 0);
    const during = band(await videoFrame(file, lastStart + 0.8, 'gray'));
    const before = band(await videoFrame(file, 1, 'gray'));
    expect(during).toBeGreaterThan(400);
    expect(during).toBeGreaterThan(before * 3);
  });
});
