// Renders the landing page's nine 15-second demo clips (and a JPEG poster each) into a folder,
// once: files that exist are kept, and each is written under a temporary name and then renamed,
// so a crash or a stop never leaves half a clip where the site would serve it.
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { renderScene, SCENE_SIZES, THUMBNAIL_SECONDS, takeThumbnail } from './renderer';

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
 * Which renderer made the clips in a folder. Raised when the renderer changes what members get,
 * so the landing page shows that, not clips from before: older clips are rendered again.
 */
export const DEMO_RENDERER_VERSION = '2';
const VERSION_FILE = '.renderer-version';
/** Leftovers of a render that crashed; younger ones may belong to another worker still busy. */
const STALE_PARTIAL_MS = 60 * 60 * 1000;
const PARTIAL_MARK = '.partial';

type DemoLog = { info(message: string): void; warn(message: string): void };

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

export async function ensureDemoClips({
  dir,
  log,
  signal,
  slot = (task) => task(),
}: {
  dir: string;
  log: DemoLog;
  /** Stops between clips, and kills a clip's ffmpeg mid-render. */
  signal?: AbortSignal;
  /** Waits for an ffmpeg slot: the worker's, behind every member's render. */
  slot?: (task: () => Promise<void>) => Promise<void>;
}): Promise<void> {
  await mkdir(dir, { recursive: true });
  await removeStalePartials(dir);
  await forgetOutdatedClips(dir);

  const missing: DemoClip[] = [];
  for (const clip of DEMO_CLIPS) {
    const [video, poster] = await Promise.all([
      exists(path.join(dir, `${clip.id}.mp4`)),
      exists(path.join(dir, `${clip.id}.jpg`)),
    ]);
    if (!video || !poster) missing.push(clip);
  }
  if (missing.length === 0) return;
  log.info(`rendering ${missing.length} demo clip(s) into ${dir}`);

  // One at a time, each waiting for a slot no member's render wants: members' videos come first.
  for (const clip of missing) {
    signal?.throwIfAborted();
    const started = Date.now();
    try {
      await slot(() => renderDemoClip(clip, dir, signal));
      log.info(`demo clip ${clip.id} rendered in ${Date.now() - started} ms`);
    } catch (error) {
      if (signal?.aborted) throw error;
      log.warn(`demo clip ${clip.id} failed: ${error instanceof Error ? error.message : error}`);
    }
  }
}

async function renderDemoClip(clip: DemoClip, dir: string, signal?: AbortSignal) {
  const video = path.join(dir, `${clip.id}.mp4`);
  const poster = path.join(dir, `${clip.id}.jpg`);
  const unique = `${process.pid}-${Date.now().toString(36)}`;
  const partialVideo = path.join(dir, `.${clip.id}-${unique}${PARTIAL_MARK}.mp4`);
  const partialPoster = path.join(dir, `.${clip.id}-${unique}${PARTIAL_MARK}.jpg`);
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'reelforge-demo-'));
  try {
    let source = video;
    if (!(await exists(video))) {
      await renderScene({
        outputFile: partialVideo,
        workDir,
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
      source = partialVideo;
    }
    await takeThumbnail(source, partialPoster, POSTER_AT_SECONDS);
    // The poster first: the site lists a clip only once both files exist.
    await rename(partialPoster, poster);
    if (source === partialVideo) await rename(partialVideo, video);
  } finally {
    await Promise.all([
      rm(workDir, { recursive: true, force: true }),
      rm(partialVideo, { force: true }),
      rm(partialPoster, { force: true }),
    ]);
  }
}

/** Clips an older renderer made are removed (once), so they are rendered again. */
async function forgetOutdatedClips(dir: string) {
  const versionFile = path.join(dir, VERSION_FILE);
  const version = await readFile(versionFile, 'utf8').catch(() => null);
  if (version?.trim() === DEMO_RENDERER_VERSION) return;
  for (const clip of DEMO_CLIPS) {
    await rm(path.join(dir, `${clip.id}.mp4`), { force: true });
    await rm(path.join(dir, `${clip.id}.jpg`), { force: true });
  }
  await writeFile(versionFile, `${DEMO_RENDERER_VERSION}\n`);
}

async function removeStalePartials(dir: string) {
  const now = Date.now();
  for (const name of await readdir(dir)) {
    if (!name.startsWith('.') || !name.includes(PARTIAL_MARK)) continue;
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (info && now - info.mtimeMs > STALE_PARTIAL_MS) await rm(file, { force: true });
  }
}
