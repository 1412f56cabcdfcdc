// Renders the landing page's nine 15-second demo clips (and a JPEG poster each) and keeps them in
// the one media store (local disk or a bucket), so every API node serves the clips any worker made.
// A clip is rendered in a temporary folder and stored whole, so a crash or a stop never leaves half
// a clip where the site would serve it.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runPreparation } from '../cpu/cpu-pool';
import type { Storage } from '../storage/storage';
import { DEMO_CLIPS_PREFIX, demoClipFolder, demoClipKey } from '../storage/storage-keys';
import { renderPicture } from './pictures/render-picture';
import { renderScene, SCENE_SIZES, THUMBNAIL_SECONDS, takeThumbnail } from './renderer';
import { pictureSize } from './scene-plan';

type DemoClip = { id: string; title: string; caption: string; mood: string };

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
  },
  {
    id: 'espresso',
    title: 'Morning Espresso',
    caption: 'A slow-motion pour and a cafe waking up: a product ad in three shots.',
    mood: 'warm cozy',
  },
  {
    id: 'alpine-sunrise',
    title: 'Alpine Sunrise',
    caption: 'First light over snowy peaks, drifting clouds and a quiet lake.',
    mood: 'epic cinematic',
  },
  {
    id: 'coral-reef',
    title: 'Life on the Reef',
    caption: 'A documentary glide through coral gardens with turtles and clownfish.',
    mood: 'calm ocean',
  },
  {
    id: 'sneaker-drop',
    title: 'Sneaker Drop Teaser',
    caption: 'Bold type, hard cuts and a countdown for a limited release.',
    mood: 'bold energetic',
  },
  {
    id: 'bakery',
    title: 'Corner Bakery Reel',
    caption: 'Warm loaves, flour in the air and a friendly call to visit today.',
    mood: 'romantic tender',
  },
  {
    id: 'orbit',
    title: 'Life in Orbit',
    caption: 'An explainer on the space station: sunrise every 90 minutes.',
    mood: 'mysterious night',
  },
  {
    id: 'fitness',
    title: 'Five-Minute Power Start',
    caption: 'Energetic vertical workout cues built for Shorts and Reels.',
    mood: 'fresh healthy',
  },
  {
    id: 'storybook',
    title: 'The Paper Fox',
    caption: 'A bedtime story in a folded-paper world, told in four scenes.',
    mood: 'dreamy whimsical',
  },
];

export const DEMO_CLIP_IDS: readonly string[] = DEMO_CLIPS.map((clip) => clip.id);
/** For tests: what each clip shows. */
export const DEMO_CLIP_CONTENT: readonly DemoClip[] = DEMO_CLIPS;

const DEMO_SECONDS = 15;
/** The poster is a telling frame, past the title card, like every video's thumbnail. */
const POSTER_AT_SECONDS = THUMBNAIL_SECONDS;
/**
 * Which renderer made the clips, and the folder of keys they are stored under. Raised when the
 * renderer changes what members get, so the landing page shows that, not clips from before: the new
 * version's keys are empty, so its clips are rendered again, and older folders go once it is whole.
 */
export const DEMO_RENDERER_VERSION = '3';

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
      // The clip's subject as a picture, as an offline video of the same words would show it
      // (chosen with the others', so each card pictures something of its own).
      const pictures = await runPreparation(
        'scenePictures',
        DEMO_CLIPS.map((demo) => demo.caption),
        { step: 'pictures', signal },
      );
      const pick = pictures[DEMO_CLIPS.findIndex((demo) => demo.id === clip.id)];
      const size = pictureSize(SCENE_SIZES.portrait.width, SCENE_SIZES.portrait.height);
      const picture = pick ? path.join(workDir, 'picture.png') : null;
      if (pick && picture) await renderPicture(pick.svg, size, picture);
      await renderScene({
        outputFile: video,
        workDir,
        picture: picture ? { file: picture, size } : null,
        // The carousel's cards are upright, like the Shorts and Reels the demos stand for.
        ...SCENE_SIZES.portrait,
        durationSeconds: DEMO_SECONDS,
        sceneNumber: 1,
        sceneCount: 1,
        title: clip.title,
        caption: clip.caption,
        mood: clip.mood,
        seed: `demo:${clip.id}`,
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
