// The demo clips kept in media storage: what exists is kept, a video without its poster gets one,
// older renderers' clips go once today's set is whole, and a stopped render stores nothing.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ITEMS } from '../../client/features/landing/demo-items';
import { LocalDiskStorage, type Storage } from '../storage/storage';
import { demoClipFolder, demoClipKey } from '../storage/storage-keys';
import {
  DEMO_CLIP_CONTENT,
  DEMO_CLIP_IDS,
  DEMO_RENDERER_VERSION,
  demoClipStorageKey,
  ensureDemoClips,
  storedDemoClips,
} from './demo-clip-renderer';
import { renderScene, SCENE_SIZES } from './renderer';

let dir: string;
let storage: Storage;
const messages: string[] = [];
const log = {
  info: (message: string) => messages.push(`info: ${message}`),
  warn: (message: string) => messages.push(`warn: ${message}`),
};

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'reelforge-demo-test-'));
  storage = new LocalDiskStorage(path.join(dir, 'media'));
  messages.length = 0;
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Stand-in clips and posters for every clip but `except`, as renderer `version` stored them. */
async function storePlaceholders(except: string[] = [], version = DEMO_RENDERER_VERSION) {
  for (const id of DEMO_CLIP_IDS) {
    if (except.includes(id)) continue;
    await storage.putBuffer(demoClipKey(version, id, 'video'), Buffer.from('existing clip'));
    await storage.putBuffer(demoClipKey(version, id, 'poster'), Buffer.from('existing poster'));
  }
}

const text = async (key: string) => (await readFile(path.join(dir, 'media', key))).toString();

describe('demo clips', () => {
  it('are the landing page’s nine demos, with their titles and descriptions', () => {
    expect(DEMO_CLIP_IDS).toEqual(DEMO_ITEMS.map((item) => item.id));
    expect(DEMO_CLIP_CONTENT.map(({ id, title, caption }) => ({ id, title, caption }))).toEqual(
      DEMO_ITEMS.map(({ id, title, description }) => ({ id, title, caption: description })),
    );
  });

  it('are stored one folder per renderer version', () => {
    expect(demoClipStorageKey('orbit', 'video')).toBe(
      `demo-clips/${DEMO_RENDERER_VERSION}/orbit.mp4`,
    );
    expect(demoClipStorageKey('orbit', 'poster')).toBe(
      `demo-clips/${DEMO_RENDERER_VERSION}/orbit.jpg`,
    );
  });

  it('keeps clips that are already stored', async () => {
    await storePlaceholders();
    await ensureDemoClips({ storage, log });
    expect(messages).toEqual([]);
    expect(await text(demoClipStorageKey('orbit', 'video'))).toBe('existing clip');
  });

  it('renders again what an older renderer made, keeping its clips until then', async () => {
    await storePlaceholders([], '1');
    expect(await storedDemoClips(storage)).toEqual([]);
    const stopped = new AbortController();
    stopped.abort();
    await expect(ensureDemoClips({ storage, log, signal: stopped.signal })).rejects.toThrow();
    expect(messages).toEqual(['info: rendering 9 demo clip(s) into local storage']);
    expect(await storage.listFolders('demo-clips')).toEqual(['1']);
    expect(await storage.list(demoClipFolder(DEMO_RENDERER_VERSION))).toEqual([]);
  });

  it('makes only the missing poster from the stored clip, then removes older renderers’ clips', async () => {
    await storePlaceholders(['orbit']);
    await storePlaceholders([], '1');
    // A newer renderer's clips, from a worker a rolling deploy has already replaced.
    const newer = String(Number(DEMO_RENDERER_VERSION) + 1);
    await storePlaceholders([], newer);
    const clip = path.join(dir, 'orbit.mp4');
    await renderScene({
      outputFile: clip,
      workDir: dir,
      ...SCENE_SIZES.landscape,
      durationSeconds: 5,
      sceneNumber: 1,
      sceneCount: 1,
      caption: 'Sunrise every 90 minutes.',
      mood: 'mysterious',
      seed: 'orbit',
      watermark: true,
    });
    await storage.putFile(demoClipStorageKey('orbit', 'video'), clip);
    const before = await storage.stat(demoClipStorageKey('orbit', 'video'));

    await ensureDemoClips({ storage, log });

    const poster = await readFile(path.join(dir, 'media', demoClipStorageKey('orbit', 'poster')));
    expect([...poster.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(await storage.stat(demoClipStorageKey('orbit', 'video'))).toEqual(before);
    expect(messages.some((message) => message.startsWith('info: demo clip orbit'))).toBe(true);
    expect(await storedDemoClips(storage)).toEqual(DEMO_CLIP_IDS);
    expect((await storage.listFolders('demo-clips')).sort()).toEqual([
      DEMO_RENDERER_VERSION,
      newer,
    ]);
  });

  it('does not render a clip another worker stored while this one waited for a slot', async () => {
    await storePlaceholders(['orbit']);
    await ensureDemoClips({
      storage,
      log,
      slot: async (task) => {
        await storage.putBuffer(demoClipStorageKey('orbit', 'video'), Buffer.from('theirs'));
        await storage.putBuffer(demoClipStorageKey('orbit', 'poster'), Buffer.from('theirs'));
        await task();
      },
    });
    expect(messages).toEqual(['info: rendering 1 demo clip(s) into local storage']);
    expect(await text(demoClipStorageKey('orbit', 'video'))).toBe('theirs');
  });

  it('stores nothing of a clip whose render was stopped', async () => {
    await storePlaceholders(['orbit']);
    const stop = new AbortController();
    const rendering = ensureDemoClips({
      storage,
      log,
      signal: stop.signal,
      slot: async (task) => {
        // Stopped once its ffmpeg is under way.
        setTimeout(() => stop.abort(), 500);
        await task();
      },
    });
    await expect(rendering).rejects.toThrow();
    expect(await storage.exists(demoClipStorageKey('orbit', 'video'))).toBe(false);
    expect(await storage.exists(demoClipStorageKey('orbit', 'poster'))).toBe(false);
    expect(await storedDemoClips(storage)).not.toContain('orbit');
    // Nothing half-written is left in the clips' folder either.
    expect(
      (await storage.list(demoClipFolder(DEMO_RENDERER_VERSION))).map((object) => object.key),
    ).toHaveLength(2 * (DEMO_CLIP_IDS.length - 1));
  });
});
