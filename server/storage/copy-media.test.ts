// Moving an existing media folder into a bucket (npm run media:copy-to-s3) against a real
// S3-protocol server (s3rver): every file under its own key, half-written files left behind, a
// second run (after an interruption, say) copying only what is missing or differs.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../../test/s3-server';
import { copyMediaFolder } from './copy-media';
import { S3Storage } from './s3-storage';

const run = promisify(execFile);
const repository = path.resolve(import.meta.dirname, '../..');

let s3: Awaited<ReturnType<typeof startS3Server>>;
let bucket: S3Storage;
let folder: string;

beforeAll(async () => {
  s3 = await startS3Server();
  bucket = new S3Storage(s3.settings);
  folder = await mkdtemp(path.join(os.tmpdir(), 'reelforge-copy-media-'));
});
afterAll(async () => {
  await s3?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

/** Writes `files` (key → content) under a new media folder named `name`. */
async function mediaFolder(name: string, files: Record<string, string>): Promise<string> {
  const media = path.join(folder, name);
  for (const [key, content] of Object.entries(files)) {
    const file = path.join(media, ...key.split('/'));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content);
  }
  return media;
}

async function stored(key: string): Promise<string> {
  return text(await bucket.read(key));
}

describe('copyMediaFolder', () => {
  it('copies nested files under their keys once, leaving temporary and odd files', async () => {
    const media = await mediaFolder('nested', {
      'users/u1/uploads/logo.png': 'png',
      'users/u1/videos/1-1-aa/video.mp4': 'video one',
      'users/u1/videos/1-1-aa/thumbnail.jpg': 'jpg',
      'users/u2/videos/2-1-bb/scenes/scene-1.mp4': 'scene',
      // A local write that was interrupted, and a name no key can have.
      'users/u1/videos/1-1-aa/video.mp4.1a2b3c4d.part': 'half',
      'users/u1/uploads/my logo.png': 'space',
    });
    const lines: string[] = [];

    const first = await copyMediaFolder(media, bucket, (line) => lines.push(line));
    expect(first).toEqual({ copied: 4, skipped: 0, bytes: 3 + 9 + 3 + 5 });
    expect(await stored('users/u1/uploads/logo.png')).toBe('png');
    expect(await stored('users/u1/videos/1-1-aa/video.mp4')).toBe('video one');
    expect(await stored('users/u1/videos/1-1-aa/thumbnail.jpg')).toBe('jpg');
    expect(await stored('users/u2/videos/2-1-bb/scenes/scene-1.mp4')).toBe('scene');
    expect((await bucket.list('users/u1/videos/1-1-aa')).map(({ key }) => key).sort()).toEqual([
      'users/u1/videos/1-1-aa/thumbnail.jpg',
      'users/u1/videos/1-1-aa/video.mp4',
    ]);
    expect((await bucket.list('users/u1/uploads')).map(({ key }) => key)).toEqual([
      'users/u1/uploads/logo.png',
    ]);
    expect(lines).toEqual(['skipped users/u1/uploads/my logo.png: not a media key']);

    const again = await copyMediaFolder(media, bucket);
    expect(again).toEqual({ copied: 0, skipped: 4, bytes: 0 });
  });

  it('copies again an object whose stored size differs from the file', async () => {
    const media = await mediaFolder('resized', {
      'users/u3/videos/3-1-cc/video.mp4': 'the whole video',
      'users/u3/videos/3-1-cc/thumbnail.jpg': 'jpg',
    });
    // What an earlier copy left: a different object under one key, the other one already right.
    await bucket.putBuffer('users/u3/videos/3-1-cc/video.mp4', Buffer.from('stale'));
    await bucket.putBuffer('users/u3/videos/3-1-cc/thumbnail.jpg', Buffer.from('jpg'));

    expect(await copyMediaFolder(media, bucket)).toEqual({ copied: 1, skipped: 1, bytes: 15 });
    expect(await stored('users/u3/videos/3-1-cc/video.mp4')).toBe('the whole video');
  });

  it('prints a progress line every 100 files', async () => {
    const files = Object.fromEntries(
      Array.from({ length: 250 }, (_, index) => [`users/u4/uploads/${index}.png`, 'p']),
    );
    const media = await mediaFolder('many', files);
    const lines: string[] = [];
    expect(await copyMediaFolder(media, bucket, (line) => lines.push(line))).toEqual({
      copied: 250,
      skipped: 0,
      bytes: 250,
    });
    expect(lines).toEqual(['100 copied, 0 already there', '200 copied, 0 already there']);
  });

  it('copies nothing from an empty folder, and fails on a missing one', async () => {
    const empty = path.join(folder, 'empty');
    await mkdir(empty);
    expect(await copyMediaFolder(empty, bucket)).toEqual({ copied: 0, skipped: 0, bytes: 0 });
    await expect(copyMediaFolder(path.join(folder, 'absent'), bucket)).rejects.toThrow(/ENOENT/);
  });
});

describe('npm run media:copy-to-s3', () => {
  /** The command as package.json runs it, with only the given environment. */
  const command = (env: Record<string, string>, ...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'scripts/copy-media-to-s3.ts', ...args], {
      cwd: repository,
      env: { PATH: process.env.PATH ?? '', ...env },
    });

  it('refuses to start without S3_BUCKET, saying so', async () => {
    const { S3_BUCKET: _bucket, ...rest } = s3.env;
    await expect(command(rest)).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('S3_BUCKET must be set'),
    });
  });

  it('copies DATA_DIR/media by default, or the folder given, and reports the totals', async () => {
    const dataDir = path.join(folder, 'data');
    await mediaFolder('data/media', {
      'users/u5/uploads/a.png': 'a',
      'users/u5/videos/5-1-ee/video.mp4': 'video',
    });

    const first = await command({ ...s3.env, DATA_DIR: dataDir });
    expect(first.stdout).toContain(`Copying ${path.join(dataDir, 'media')} into s3://`);
    expect(first.stdout).toContain('Done: 2 copied (0.0 MB), 0 already there.');
    expect(await stored('users/u5/videos/5-1-ee/video.mp4')).toBe('video');

    const again = await command(s3.env, path.join(dataDir, 'media'));
    expect(again.stdout).toContain('Done: 0 copied (0.0 MB), 2 already there.');
  }, 60_000);
});
