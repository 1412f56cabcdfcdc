import { mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ITEMS } from '../../client/features/landing/demo-items';
import {
  DEMO_CLIP_CONTENT,
  DEMO_CLIP_IDS,
  DEMO_RENDERER_VERSION,
  ensureDemoClips,
} from './demo-clips';
import { renderScene, SCENE_SIZES } from './renderer';

let dir: string;
const messages: string[] = [];
const log = {
  info: (message: string) => messages.push(`info: ${message}`),
  warn: (message: string) => messages.push(`warn: ${message}`),
};

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'reelforge-demo-test-'));
  messages.length = 0;
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function placeholders(except: string[] = [], version = DEMO_RENDERER_VERSION) {
  await writeFile(path.join(dir, '.renderer-version'), `${version}\n`);
  for (const id of DEMO_CLIP_IDS) {
    if (except.includes(id)) continue;
    await writeFile(path.join(dir, `${id}.mp4`), 'existing clip');
    await writeFile(path.join(dir, `${id}.jpg`), 'existing poster');
  }
}

describe('demo clips', () => {
  it('are the landing page’s nine demos, with their titles and descriptions', () => {
    expect(DEMO_CLIP_IDS).toEqual(DEMO_ITEMS.map((item) => item.id));
    expect(DEMO_CLIP_CONTENT.map(({ id, title, caption }) => ({ id, title, caption }))).toEqual(
      DEMO_ITEMS.map(({ id, title, description }) => ({ id, title, caption: description })),
    );
  });

  it('keeps clips that already exist', async () => {
    await placeholders();
    await ensureDemoClips({ dir, log });
    expect(messages).toEqual([]);
    expect(await readFile(path.join(dir, 'orbit.mp4'), 'utf8')).toBe('existing clip');
  });

  it('renders again the clips an older renderer made', async () => {
    await placeholders([], '1');
    const stopped = new AbortController();
    stopped.abort();
    await expect(ensureDemoClips({ dir, log, signal: stopped.signal })).rejects.toThrow();
    expect((await readdir(dir)).filter((name) => !name.startsWith('.'))).toEqual([]);
    expect(await readFile(path.join(dir, '.renderer-version'), 'utf8')).toBe(
      `${DEMO_RENDERER_VERSION}\n`,
    );
  });

  it('makes only the missing poster from the clip that is there', async () => {
    await placeholders(['orbit']);
    const clip = path.join(dir, 'orbit.mp4');
    await renderScene({
      outputFile: clip,
      workDir: dir,
      ...SCENE_SIZES.landscape,
      durationSeconds: 5,
      sceneNumber: 1,
      sceneCount: 1,
      title: 'Life in Orbit',
      caption: 'Sunrise every 90 minutes.',
      mood: 'mysterious',
      seed: 'orbit',
      watermark: true,
    });
    const before = await stat(clip);
    await ensureDemoClips({ dir, log });
    const poster = await readFile(path.join(dir, 'orbit.jpg'));
    expect([...poster.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect((await stat(clip)).mtimeMs).toBe(before.mtimeMs);
    expect(messages.some((message) => message.startsWith('info: demo clip orbit'))).toBe(true);
    // Nothing half-written is left behind.
    expect((await readdir(dir)).filter((name) => name.includes('.partial'))).toEqual([]);
  });

  it('clears partial files an old crash left, but not one another worker is writing', async () => {
    await placeholders();
    const stale = path.join(dir, '.orbit-1-abc.partial.mp4');
    const fresh = path.join(dir, '.espresso-2-def.partial.mp4');
    await writeFile(stale, 'half');
    await writeFile(fresh, 'half');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(stale, twoHoursAgo, twoHoursAgo);
    await ensureDemoClips({ dir, log });
    const left = await readdir(dir);
    expect(left).not.toContain('.orbit-1-abc.partial.mp4');
    expect(left).toContain('.espresso-2-def.partial.mp4');
  });
});
