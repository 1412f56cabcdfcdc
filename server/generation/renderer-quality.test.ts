// What a member gets from the offline renderer, measured on real videos made through the API: a
// description marked 'Scene 1: … Scene 4: …' becomes four scenes captioned with their own words,
// each in its own scene however long its speech (read back from the plan and from the video's
// subtitle track), and the music, alone and under the voice, sits at a sensible loudness and moves
// (rhythm and melody), unlike one sustained tone.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Storyboard, Video } from '../../shared/schemas/videos';
import { memberOn } from '../../test/members';
import { setUpTestServer } from '../../test/server';
import { download, isSettled, waitForVideo } from '../../test/videos';
import { ffmpegPath } from '../media/ffmpeg';
import { parseWebVtt } from '../media/webvtt';

const run = promisify(execFile);
const test = setUpTestServer();

const MARKED = [
  'Scene 1: Green coffee beans tumble into a copper roaster.',
  'Scene 2: Smoke curls as the beans crackle and turn dark brown.',
  'Scene 3: A barista pours a glossy espresso into a white mug.',
  'Scene 4: The Summit Roast bag sits on a sunlit counter.',
].join(' ');
/**
 * Each scene's captions: its marked text, whole (a closing full stop is left out, as subtitles
 * write it), with the title said first as the hook of scene 1.
 */
const SCENE_TEXTS = [
  'Summit Roast. Green coffee beans tumble into a copper roaster',
  'Smoke curls as the beans crackle and turn dark brown',
  'A barista pours a glossy espresso into a white mug',
  'The Summit Roast bag sits on a sunlit counter',
];

let folder: string;
let videoFile: string;
let plan: Storyboard;
/** The narrated video's captions.vtt, as the players and the download get it. */
let webVtt: string;
let videoId: Video['id'];
/** The same video without a voice: its sound is the music alone. */
let musicFile: string;
let musicPlan: Storyboard;

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'reelforge-quality-'));
  const { client } = await memberOn(test, 'Elite');
  const make = async (name: string, voice: { voiceId?: null }) => {
    const created = await client.post<{ requestId: number }>('/api/video-creation-requests', {
      title: 'Summit Roast',
      description: MARKED,
      aspectRatio: 'portrait',
      watermark: false,
      scenes: 4,
      ...voice,
    });
    expect(created.status).toBe(201);
    const made = await waitForVideo(client, created.body.requestId, isSettled, 120_000);
    expect(made.status).toBe('completed');
    const file = path.join(folder, name);
    const response = await download(client, made.videoUrl as string);
    await writeFile(file, new Uint8Array(await response.arrayBuffer()));
    const captions = made.captionsUrl
      ? await (await download(client, made.captionsUrl)).text()
      : '';
    return {
      made,
      file,
      captions,
      plan: JSON.parse(made.generatedPrompt as string) as Storyboard,
    };
  };
  // The member's default voice narrates the first; the second has none.
  const [narrated, unvoiced] = await Promise.all([
    make('video.mp4', {}),
    make('music.mp4', { voiceId: null }),
  ]);
  ({ file: videoFile, plan, captions: webVtt } = narrated);
  videoId = narrated.made.id;
  ({ file: musicFile, plan: musicPlan } = unvoiced);
}, 180_000);

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

type Cue = { start: number; end: number; text: string };

function parseSrt(srt: string): Cue[] {
  const seconds = (stamp: string) => {
    const [h, m, rest] = stamp.split(':');
    return Number(h) * 3600 + Number(m) * 60 + Number((rest ?? '0').replace(',', '.'));
  };
  return srt
    .trim()
    .split(/\r?\n\r?\n/)
    .map((block) => {
      const lines = block.split(/\r?\n/);
      const [from, to] = (lines[1] ?? '').split(' --> ');
      // ffmpeg writes mov_text back with font tags around the text.
      const text = lines
        .slice(2)
        .join(' ')
        .replace(/<[^>]+>/g, '');
      return { start: seconds(from ?? ''), end: seconds(to ?? ''), text };
    });
}

/** The video's subtitle track (mov_text), read back as SubRip. */
async function subtitleTrack(file: string): Promise<Cue[]> {
  const { stdout } = await run(ffmpegPath(), [
    ...['-v', 'error', '-i', file, '-map', '0:s:0', '-f', 'srt', '-'],
  ]);
  return parseSrt(stdout);
}

/** The whole mix as mono 8 kHz samples. */
async function audioSamples(file: string): Promise<Float32Array> {
  const { stdout } = await run(
    ffmpegPath(),
    ['-v', 'error', '-i', file, '-map', '0:a:0', '-ac', '1', '-ar', '8000', '-f', 'f32le', '-'],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  );
  return new Float32Array(stdout.buffer, stdout.byteOffset, stdout.byteLength / 4);
}

describe('a 4-scene Elite video written as Scene 1: … Scene 4: …', () => {
  it('plans four scenes captioned with their own markers', () => {
    expect(plan.scenes.map((scene) => scene.caption)).toEqual(SCENE_TEXTS);
  });

  it('shows each scene’s words in that scene, in full, as its subtitle track says', async () => {
    const cues = await subtitleTrack(videoFile);
    // Each scene lasts as long as its speech: its bounds are the plan's (the video's chapters).
    const perScene = plan.scenes.map((scene) => {
      const start = scene.startSeconds ?? Number.NaN;
      const end = start + scene.durationSeconds;
      return cues
        .filter((cue) => cue.start >= start - 0.05 && cue.end <= end + 0.05)
        .map((cue) => cue.text)
        .join(' ');
    });
    expect(perScene).toEqual(SCENE_TEXTS);
  });

  it('offers the same captions as WebVTT, each scene’s at its start in the video', async () => {
    // Each stored scene clip carries its own words as a subtitle track, in scene seconds.
    const { rows } = await test.sql.query(
      'select storage_key from video_scene_clips where content_id = $1 order by scene_number',
      [videoId],
    );
    const clips = await Promise.all(
      rows.map((row) =>
        subtitleTrack(path.join(test.server.config.dataDir, 'media', row.storage_key)),
      ),
    );
    expect(clips).toHaveLength(plan.scenes.length);
    // captions.vtt holds them on the video's timeline: each scene's shifted by where the scene
    // starts (its chapter), which is the clips' real lengths added up, not the planned ones.
    const expected = clips.flatMap((cues, index) =>
      cues.map((cue) => ({
        text: cue.text,
        start: cue.start + (plan.scenes[index]?.startSeconds ?? Number.NaN),
      })),
    );
    const offered = parseWebVtt(webVtt);
    expect(offered.map((cue) => cue.lines.join(' '))).toEqual(expected.map((cue) => cue.text));
    offered.forEach((cue, index) => {
      expect(Math.abs(cue.start - (expected[index]?.start ?? Number.NaN))).toBeLessThanOrEqual(
        0.002,
      );
    });
  });

  it('has music at a sensible loudness that moves, not one sustained tone', async () => {
    // Alone (no voice: 8 s scenes) and under the voice, which must not stop it at the cuts.
    await expectMovingMusic(musicFile, musicPlan);
    await expectMovingMusic(videoFile, plan);
  });
});

async function expectMovingMusic(file: string, made: Storyboard): Promise<void> {
  const { stderr } = await run(ffmpegPath(), [
    '-hide_banner',
    '-i',
    file,
    '-map',
    '0:a:0',
    '-af',
    'ebur128',
    '-f',
    'null',
    '-',
  ]);
  const integrated = Number(
    /I:\s+(-?[\d.]+) LUFS/.exec(stderr.split('Summary:').at(-1) ?? '')?.[1],
  );
  expect(integrated).toBeGreaterThan(-30);
  expect(integrated).toBeLessThan(-10);

  const samples = await audioSamples(file);
  const planned = made.scenes.reduce((total, scene) => total + scene.durationSeconds, 0);
  expect(samples.length / 8000).toBeCloseTo(planned, 0);
  // 100 ms windows, away from the fades: loudness rises and falls with the beat and the notes.
  const windows: Array<{ rms: number; crossings: number }> = [];
  for (let start = 2 * 8000; start + 800 <= samples.length - 3 * 8000; start += 800) {
    let energy = 0;
    let crossings = 0;
    for (let index = start; index < start + 800; index++) {
      const value = samples[index] ?? 0;
      energy += value * value;
      if (index > start && Math.sign(value) !== Math.sign(samples[index - 1] ?? 0)) crossings++;
    }
    windows.push({ rms: Math.sqrt(energy / 800), crossings });
  }
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const spread = (values: number[]) => {
    const average = mean(values);
    return Math.sqrt(mean(values.map((value) => (value - average) ** 2))) / average;
  };
  // A sustained tone varies by well under 5 % from window to window.
  expect(spread(windows.map((window) => window.rms))).toBeGreaterThan(0.15);
  // Pitch and timbre change too: the zero-crossing rate (a rough brightness) moves.
  expect(spread(windows.map((window) => window.crossings))).toBeGreaterThan(0.1);
  // And no silence in the middle of the video (no gap at the cuts between scenes).
  expect(Math.min(...windows.map((window) => window.rms))).toBeGreaterThan(0.003);
}
