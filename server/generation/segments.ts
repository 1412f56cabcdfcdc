// Rendered scene segments, kept in storage under a hash of everything that shapes them (size,
// length, place in the video, words, pictures, captions' words, timing and style, marks), so a
// remix reuses an unchanged scene byte for byte instead of drawing it again. A segment's sound is
// never reused: the whole video's sound is mixed again and laid over the joined pictures.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { text } from 'node:stream/consumers';
import type { SpokenWord } from '../../shared/schemas/voices';
import type { Storage } from '../storage/storage';
import { segmentKeys, spokenKeys } from '../storage/storage-keys';
import type { ShownCue, SpeechCache } from './video-sound';

/** Bumped whenever the renderer draws the same description differently: old segments then miss. */
export const SEGMENT_RENDERER_VERSION = '1';

/** The hash naming a segment: of its description, as stable JSON. */
export function segmentHash(description: unknown): string {
  return createHash('sha256')
    .update(`${SEGMENT_RENDERER_VERSION}\n${stableJson(description)}`)
    .digest('hex')
    .slice(0, 40);
}

/** A file's bytes as a short hash (a member's own watermark, prepared per render). */
export async function fileHash(file: string): Promise<string> {
  return createHash('sha256')
    .update(await readFile(file))
    .digest('hex')
    .slice(0, 24);
}

/** Where a video's segments go: the folder of its first request (its remixes share it). */
export type SegmentStore = { storage: Storage; userId: string; root: number };

/**
 * The stored segment `hash` copied to `outputFile`, answering the captions it shows; null when
 * none is stored (or only half of it: then it is drawn again).
 */
export async function reuseSegment(
  store: SegmentStore,
  hash: string,
  outputFile: string,
): Promise<ShownCue[] | null> {
  const keys = segmentKeys(store.userId, store.root, hash);
  if (!(await store.storage.exists(keys.cues)) || !(await store.storage.exists(keys.clip))) {
    return null;
  }
  await store.storage.getFile(keys.clip, outputFile);
  return JSON.parse(await readText(store.storage, keys.cues)) as ShownCue[];
}

/** The narration said before for this video, kept in its segments folder by what was asked. */
export function speechCache(store: SegmentStore): SpeechCache {
  return {
    keyOf: (request) =>
      segmentHash({
        voiceId: request.voiceId,
        text: request.text,
        speed: request.speed,
        maxSeconds: request.maxSeconds,
      }),
    get: async (key, outputFile) => {
      const keys = spokenKeys(store.userId, store.root, key);
      if (!(await store.storage.exists(keys.words))) return null;
      await store.storage.getFile(keys.audio, outputFile);
      const words = JSON.parse(await readText(store.storage, keys.words)) as SpokenWord[];
      return { file: outputFile, words };
    },
    put: async (key, file, words) => {
      const keys = spokenKeys(store.userId, store.root, key);
      // The audio first: its words say it is whole.
      await store.storage.putFile(keys.audio, file);
      await store.storage.putBuffer(keys.words, Buffer.from(JSON.stringify(words), 'utf8'));
    },
  };
}

async function readText(storage: Storage, key: string): Promise<string> {
  return text(await storage.read(key));
}

/** Keeps a freshly drawn segment and its captions (the clip first: its cues say it is whole). */
export async function keepSegment(
  store: SegmentStore,
  hash: string,
  file: string,
  cues: readonly ShownCue[],
): Promise<string> {
  const keys = segmentKeys(store.userId, store.root, hash);
  await store.storage.putFile(keys.clip, file);
  await store.storage.putBuffer(keys.cues, Buffer.from(JSON.stringify(cues), 'utf8'));
  return keys.clip;
}

/** JSON with object keys sorted, so equal descriptions hash alike whatever their key order. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${stableJson(entry)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}
