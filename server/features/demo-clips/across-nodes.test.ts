// Demo clips a worker renders are served by an API-only node that shares nothing with it but the
// database and the media store: one data folder (local disk), or an S3 bucket with separate disks.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoClip } from '../../../shared/schemas/demo-clips';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { probeBytes } from '../../../test/media';
import { startS3Server, TEST_BUCKET } from '../../../test/s3-server';
import { startTestServer } from '../../../test/server';
import { type Runtime, startRuntime } from '../../app/runtime';
import { parseConfig } from '../../config';
import { demoClipStorageKey } from '../../media/demo-clip-renderer';
import { DEMO_CLIPS_PREFIX } from '../../storage/storage-keys';

const s3 = await startS3Server();
let database: TestDatabase;
const folders: string[] = [];
const stops: Array<() => Promise<void>> = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
  await database?.drop();
  await s3.close();
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

async function dataFolder(): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'reelforge-test-data-'));
  folders.push(folder);
  return folder;
}

/** A worker-only node that renders the demo clips, as `ROLES=worker` does in production. */
async function startWorker(dataDir: string, env: Record<string, string> = {}): Promise<Runtime> {
  const runtime = await startRuntime(
    parseConfig({
      NODE_ENV: 'test',
      ROLES: 'worker',
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      LOG_LEVEL: 'silent',
      DEMO_CLIPS: 'true',
      ...env,
    }),
  );
  stops.push(() => runtime.stop());
  return runtime;
}

async function startApiNode(dataDir: string, env: Record<string, string> = {}) {
  const server = await startTestServer({
    databaseUrl: database.url,
    dataDir,
    env: { ROLES: 'api', ...env },
  });
  stops.push(() => server.stop());
  return server;
}

/** The first clip the API node lists, once the worker has stored one. */
async function firstListedClip(url: string): Promise<DemoClip> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const { clips } = (await (await fetch(`${url}/api/demo-clips`)).json()) as {
      clips: DemoClip[];
    };
    if (clips[0]) return clips[0];
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('no demo clip was listed within a minute');
}

/** What a visitor's player gets: the whole clip, its length, a range of it, and the poster. */
async function expectServed(url: string, clip: DemoClip) {
  const whole = await fetch(`${url}${clip.videoSrc}`);
  expect(whole.status).toBe(200);
  expect(whole.headers.get('content-type')).toBe('video/mp4');
  const bytes = new Uint8Array(await whole.arrayBuffer());
  const info = await probeBytes(bytes);
  expect(info.durationSeconds).toBeCloseTo(15, 0);

  // HEAD tells a player the real length, as GET does.
  const head = await fetch(`${url}${clip.videoSrc}`, { method: 'HEAD' });
  expect(head.status).toBe(200);
  expect(head.headers.get('content-length')).toBe(String(bytes.byteLength));

  const ranged = await fetch(`${url}${clip.videoSrc}`, { headers: { range: 'bytes=100-1123' } });
  expect(ranged.status).toBe(206);
  expect(ranged.headers.get('content-type')).toBe('video/mp4');
  expect(ranged.headers.get('content-range')).toBe(`bytes 100-1123/${bytes.byteLength}`);
  expect(new Uint8Array(await ranged.arrayBuffer())).toEqual(bytes.subarray(100, 1124));

  const poster = await fetch(`${url}${clip.thumbnailSrc}`);
  expect(poster.status).toBe(200);
  expect(poster.headers.get('content-type')).toBe('image/jpeg');
  expect([...new Uint8Array(await poster.arrayBuffer()).subarray(0, 3)]).toEqual([
    0xff, 0xd8, 0xff,
  ]);
}

describe('demo clips across nodes', () => {
  it('a worker renders into the shared data folder and an API-only node serves them', async () => {
    const dataDir = await dataFolder();
    const api = await startApiNode(dataDir);
    const worker = await startWorker(dataDir);

    const clip = await firstListedClip(api.url);
    await expectServed(api.url, clip);
    // Stopping mid-way through the next clip leaves only whole clips listed.
    await worker.stop();

    const stored = await readdir(
      path.join(dataDir, 'media', path.dirname(demoClipStorageKey(clip.id, 'video'))),
    );
    expect(stored).toEqual(expect.arrayContaining([`${clip.id}.mp4`, `${clip.id}.jpg`]));
  }, 90_000);

  it('a worker renders into the bucket and an API-only node on another disk serves them', async () => {
    const api = await startApiNode(await dataFolder(), s3.env);
    const workerData = await dataFolder();
    const worker = await startWorker(workerData, s3.env);

    const clip = await firstListedClip(api.url);
    await expectServed(api.url, clip);
    await worker.stop();

    const client = new S3Client({
      endpoint: s3.settings.endpoint ?? undefined,
      region: s3.settings.region,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const page = await client.send(
      new ListObjectsV2Command({ Bucket: TEST_BUCKET, Prefix: DEMO_CLIPS_PREFIX }),
    );
    const keys = (page.Contents ?? []).map((object) => object.Key);
    expect(keys).toEqual(
      expect.arrayContaining([
        demoClipStorageKey(clip.id, 'video'),
        demoClipStorageKey(clip.id, 'poster'),
      ]),
    );
    // Nothing went to the worker's own disk.
    expect(await readdir(workerData)).not.toContain('media');
  }, 90_000);
});
