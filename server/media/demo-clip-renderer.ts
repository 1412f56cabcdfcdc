// Renders the landing page's nine 15-second demo clips (and a JPEG poster each) and keeps them in
// the one media store (local disk or a bucket), so every API node serves the clips any worker made.
// A clip is rendered in a temporary folder and stored whole, so a crash or a stop never leaves half
// a clip where the site would serve it.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runPreparation } from '../render-threads/preparation-pool';
import type { Storage } from '../storage/storage';
import { DEMO_CLIPS_PREFIX, demoClipFolder, demoClipKey } from '../storage/storage-keys';
import { renderPicture } from './pictures/render-picture';
import { renderScene, SCENE_SIZES, takeThumbnail, thumbnailKeyframeOf } from './renderer';
import { pictureSize, type SceneShot } from './scene-layout';

/**
 * A demo clip: its card's id, title and description (`caption`), the mood that picks its palette,
 * and its four shots' phrases (the title first, as a video's hook), each pictured for itself.
 */
type DemoClip = { id: string; title: string; caption: string; mood: string; shots: string[] };

/**
 * The same ids, titles and descriptions as the landing page's DEMO_ITEMS (a test keeps them in
 * step); the mood words pick a palette close to each card's fallback gradient.
 */
const DEMO_CLIPS: readonly DemoClip[] = [
  {
    id: 'neon-city',
    title: 'Neon City Nights',
    caption: 'Rain-soaked streets, glowing signs and a lone rider in a cyberpunk skyline.',
    mood: 'neon cyberpunk',
    shots: [
      'Neon city nights',
      'Rain on the streets',
      'Glowing neon signs',
      'A lone rider on a motorbike',
    ],
  },
  {
    id: 'espresso',
    title: 'Morning Espresso',
    caption: 'A slow-motion pour and a cafe waking up: a product ad in three shots.',
    mood: 'warm cozy',
    shots: [
      'Morning espresso',
      'A slow pour of coffee',
      'Fresh croissants on the counter',
      'Sunrise over the cafe',
    ],
  },
  {
    id: 'alpine-sunrise',
    title: 'Alpine Sunrise',
    caption: 'First light over snowy peaks, drifting clouds and a quiet lake.',
    mood: 'epic cinematic',
    shots: [
      'Alpine sunrise',
      'First light over snowy peaks',
      'Clouds drift past',
      'A quiet mountain lake',
    ],
  },
  {
    id: 'coral-reef',
    title: 'Life on the Reef',
    caption: 'A documentary glide through coral gardens with turtles and clownfish.',
    mood: 'calm ocean',
    shots: [
      'Life on the reef',
      'Tropical fish everywhere',
      'A sea turtle swims past',
      'A shark in the deep blue',
    ],
  },
  {
    id: 'sneaker-drop',
    title: 'Sneaker Drop Teaser',
    caption: 'Bold type, hard cuts and a countdown for a limited release.',
    mood: 'bold energetic',
    shots: ['Sneaker drop', 'Fresh running shoes', 'Limited release', 'Three, two, one'],
  },
  {
    id: 'bakery',
    title: 'Corner Bakery Reel',
    caption: 'Warm loaves, flour in the air and a friendly call to visit today.',
    mood: 'romantic tender',
    shots: [
      'Corner bakery',
      'Warm loaves of bread',
      'Fresh baguettes from the oven',
      'Come visit today',
    ],
  },
  {
    id: 'orbit',
    title: 'Life in Orbit',
    caption: 'An explainer on the space station: sunrise every 90 minutes.',
    mood: 'mysterious night',
    shots: ['Life in orbit', 'Astronauts at work', 'Earth far below', 'Sunrise every 90 minutes'],
  },
  {
    id: 'fitness',
    title: 'Five-Minute Power Start',
    caption: 'Energetic vertical workout cues built for Shorts and Reels.',
    mood: 'fresh healthy',
    shots: ['Five-minute power start', 'Stretch and breathe', 'Lift some weights', 'Jog in place'],
  },
  {
    id: 'storybook',
    title: 'The Paper Fox',
    caption: 'A bedtime story in a folded-paper world, told in four scenes.',
    mood: 'dreamy whimsical',
    shots: [
      'The paper fox',
      'A folded paper forest',
      'The fox meets a rabbit',
      'Good night, little fox',
    ],
  },
];

export const DEMO_CLIP_IDS: readonly string[] = DEMO_CLIPS.map((clip) => clip.id);
/** For tests: what each clip shows. */
export const DEMO_CLIP_CONTENT: readonly DemoClip[] = DEMO_CLIPS;

/** 15 s, as the spec says: one scene without a voice, so its captions keep their own pace. */
const DEMO_SECONDS = 15;
/** The poster is a telling frame, on the first shot with its words, like every thumbnail. */
const POSTER_AT_SECONDS = 2.5;
/**
 * Which renderer made the clips, and the folder of keys they are stored under. Raised when the
 * renderer changes what members get, so the landing page shows that, not clips from before: the new
 * version's keys are empty, so its clips are rendered again, and older folders go once it is whole.
 */
export const DEMO_RENDERER_VERSION = '4';

type DemoLog = { info(message: string): void; warn(message: string): void };

/** Where today's renderer keeps a clip's video or poster. */
export function demoClipStorageKey(clipId: string, file: 'video' | 'poster'): string {
  return demoClipKey(DEMO_RENDERER_VERSION, clipId, file);
}

/**
 * The clips today's renderer has stored whole (video and poster), in the landing page's order:
 * one listing of their folder, which every node sharing the store sees alike.
 */
export async function storedDemoClips(storage: Storage): Promise<string[]> {
  const stored = new Set(
    (await storage.list(demoClipFolder(DEMO_RENDERER_VERSION))).map((object) => object.key),
  );
  return DEMO_CLIP_IDS.filter(
    (id) =>
      stored.has(demoClipStorageKey(id, 'video')) && stored.has(demoClipStorageKey(id, 'poster')),
  );
}

/**
 * Stores a rendered clip from local files. The poster goes last: a stored poster means the video is
 * there too, and a video without its poster is one a stop interrupted (its poster is made from it).
 * `video` is null when the stored video is kept.
 */
export async function storeDemoClip(
  storage: Storage,
  clipId: string,
  files: { video: string | null; poster: string },
): Promise<void> {
  if (files.video) await storage.putFile(demoClipStorageKey(clipId, 'video'), files.video);
  await storage.putFile(demoClipStorageKey(clipId, 'poster'), files.poster);
}

export async function ensureDemoClips({
  storage,
  log,
  signal,
  slot = (task) => task(),
}: {
  storage: Storage;
  log: DemoLog;
  /** Stops between clips, and kills a clip's ffmpeg mid-render. */
  signal?: AbortSignal;
  /** Waits for an ffmpeg slot: the worker's, behind every member's render. */
  slot?: (task: () => Promise<void>) => Promise<void>;
}): Promise<void> {
  const stored = new Set(await storedDemoClips(storage));
  const missing = DEMO_CLIPS.filter((clip) => !stored.has(clip.id));
  if (missing.length > 0) {
    log.info(`rendering ${missing.length} demo clip(s) into ${storage.kind} storage`);
    // Workers that start together begin at different clips, so they mostly share the work rather
    // than render the same clip side by side.
    const first = Math.floor(Math.random() * missing.length);
    const order = [...missing.slice(first), ...missing.slice(0, first)];
    // One at a time, each waiting for a slot no member's render wants: members' videos come first.
    for (const clip of order) {
      signal?.throwIfAborted();
      const started = Date.now();
      let rendered = false;
      try {
        await slot(async () => {
          // Another worker sharing the store may have stored it while this one waited.
          if (await storage.exists(demoClipStorageKey(clip.id, 'poster'))) return;
          await renderDemoClip(clip, storage, signal);
          rendered = true;
        });
        if (rendered) log.info(`demo clip ${clip.id} rendered in ${Date.now() - started} ms`);
      } catch (error) {
        if (signal?.aborted) throw error;
        log.warn(`demo clip ${clip.id} failed: ${error instanceof Error ? error.message : error}`);
      }
    }
  }
  await removeOutdatedClips(storage);
}

async function renderDemoClip(clip: DemoClip, storage: Storage, signal?: AbortSignal) {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'reelforge-demo-'));
  try {
    const video = path.join(workDir, `${clip.id}.mp4`);
    const poster = path.join(workDir, `${clip.id}.jpg`);
    const videoKey = demoClipStorageKey(clip.id, 'video');
    const keepStored = await storage.exists(videoKey);
    if (keepStored) {
      await storage.getFile(videoKey, video);
    } else {
      // Four shots, each pictured from its own phrase as an offline video's shots are.
      const picks = await runPreparation(
        'shotPictures',
        { shots: clip.shots, title: clip.title, language: 'en' },
        { step: 'pictures', signal },
      );
      const size = pictureSize(SCENE_SIZES.portrait.width, SCENE_SIZES.portrait.height);
      const seconds = DEMO_SECONDS / clip.shots.length;
      const shots: SceneShot[] = await Promise.all(
        clip.shots.map(async (_, index) => {
          const pick = picks[index];
          const start = index * seconds;
          const end = index === clip.shots.length - 1 ? DEMO_SECONDS : start + seconds;
          if (!pick) return { start, end, visual: null };
          if (pick.kind === 'typographic') {
            return { start, end, visual: { kind: 'typographic' as const, words: pick.words } };
          }
          const file = path.join(workDir, `picture-${index + 1}.png`);
          await renderPicture(pick.svg, size, file);
          return { start, end, visual: { kind: 'picture' as const, file, size } };
        }),
      );
      await renderScene({
        outputFile: video,
        workDir,
        shots,
        // The carousel's cards are upright, like the Shorts and Reels the demos stand for.
        ...SCENE_SIZES.portrait,
        durationSeconds: DEMO_SECONDS,
        sceneNumber: 1,
        sceneCount: 1,
        caption: `${clip.title}. ${clip.caption}`,
        mood: clip.mood,
        seed: `demo:${clip.id}`,
        keyframeSeconds: thumbnailKeyframeOf(POSTER_AT_SECONDS),
        sourceImageFile: null,
        watermark: true,
        signal,
      });
    }
    await takeThumbnail(video, poster, POSTER_AT_SECONDS);
    signal?.throwIfAborted();
    await storeDemoClip(storage, clip.id, { video: keepStored ? null : video, poster });
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

/**
 * Once today's set is whole, the clips of older renderers go. Only lower versions: during a rolling
 * deploy an older worker must not remove what a newer one has rendered.
 */
async function removeOutdatedClips(storage: Storage) {
  if ((await storedDemoClips(storage)).length < DEMO_CLIPS.length) return;
  const current = Number(DEMO_RENDERER_VERSION);
  for (const version of await storage.listFolders(DEMO_CLIPS_PREFIX)) {
    if (/^\d+$/.test(version) && Number(version) < current) {
      await storage.deletePrefix(demoClipFolder(version));
    }
  }
}
