// A worker killed mid-upload (SIGKILL: no clean-up at all) leaves a lease that runs out; the next
// worker resumes from the saved checkpoint and the platform ends with one post, not two, holding
// our exact bytes. A video deleted before its upload starts is never posted. Nothing the workers
// log, at the most talkative level, carries a token.
import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { Platform } from '../../../shared/schemas/publishing';
import { type FakePlatform, startFakeTikTok, startFakeYouTube } from '../../../test/fake-platforms';
import { memberOn } from '../../../test/members';
import {
  connectPlatform,
  finishedVideo,
  platformEnv,
  waitForPublication,
} from '../../../test/publishing';
import { setUpTestServer } from '../../../test/server';

const LEASE_SECONDS = '2';
const youtube = await startFakeYouTube();
const tiktok = await startFakeTikTok();
const platforms = platformEnv({ youtube, tiktok });
const test = setUpTestServer({
  env: { ROLES: 'api,scheduler', RENDER_LEASE_SECONDS: LEASE_SECONDS, ...platforms },
});
const children: ChildProcess[] = [];
let workerLog = '';

afterAll(async () => {
  await Promise.all([youtube.close(), tiktok.close()]);
});

/** The worker role in its own process, on the test's database and data folder. */
function startWorker(): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'test/fixtures/worker-child.ts',
      test.database.url,
      test.server.config.dataDir,
    ],
    {
      env: {
        ...process.env,
        ...platforms,
        RENDER_LEASE_SECONDS: LEASE_SECONDS,
        PUBLISH_POLL_SECONDS: '0.2',
        WORKER_LOG_LEVEL: 'debug',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  children.push(child);
  const collect = (chunk: Buffer) => {
    workerLog += chunk.toString();
  };
  child.stderr?.on('data', collect);
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      collect(chunk);
      if (chunk.toString().includes('ready')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`worker exited early (${code})`)));
  });
}

async function kill(child: ChildProcess) {
  const died = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await died;
}

afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  }
});

/** How many posts the stand-in holds. */
const postsOn = (platform: Platform, fake: FakePlatform) =>
  platform === 'youtube'
    ? (fake as typeof youtube).videos.length
    : (fake as typeof tiktok).posts.filter((post) => post.status === 'PUBLISH_COMPLETE').length;

describe('a worker killed mid-upload', () => {
  for (const [platform, fake] of [
    ['youtube', youtube],
    ['tiktok', tiktok],
  ] as const) {
    it(`leaves one post on ${platform}, not two, with our exact bytes`, async () => {
      const member = await memberOn(test, 'Elite');
      await connectPlatform(member.client, platform);
      const first = await startWorker();
      const video = await finishedVideo(member.client);
      const before = postsOn(platform, fake);

      // The bytes reach the platform, and the worker dies before it hears the answer.
      const hold = fake.holdNextUpload();
      const published = await member.client.post(`/api/videos/${video.id}/publish`, {
        platforms: [platform],
        tiktokPrivacyLevel: platform === 'tiktok' ? 'SELF_ONLY' : undefined,
      });
      expect(published.status).toBe(202);
      await hold.arrived;
      await kill(first);
      hold.release();
      const { rows } = await test.sql.query(
        'select status, lease_owner from publications where video_id = $1',
        [video.id],
      );
      expect(rows[0]).toMatchObject({ status: 'uploading' });
      expect(rows[0].lease_owner).not.toBeNull();

      await startWorker();
      const done = await waitForPublication(member.client, video.id, platform, 60_000);
      expect(done.status).toBe('published');
      expect(postsOn(platform, fake)).toBe(before + 1);
      const bytes =
        platform === 'youtube' ? youtube.videos.at(-1)?.bytes : tiktok.posts.at(-1)?.bytes;
      expect(bytes?.equals(video.bytes)).toBe(true);
    }, 120_000);
  }

  it('never posts a video deleted before its upload began', async () => {
    const member = await memberOn(test, 'Elite');
    await connectPlatform(member.client, 'youtube');
    const renderer = await startWorker();
    const video = await finishedVideo(member.client);
    // No worker while the member publishes and then deletes the video.
    await kill(renderer);
    const before = youtube.videos.length;
    const sessionsBefore = youtube.uploadSessions.length;
    const published = await member.client.post<{ id: number }[]>(
      `/api/videos/${video.id}/publish`,
      { platforms: ['youtube'] },
    );
    expect(published.status).toBe(202);
    const publicationId = published.body[0]?.id;
    const deleted = await member.client.request(
      'DELETE',
      `/api/video-generated-content/${video.id}`,
    );
    expect(deleted.status).toBe(200);
    const { rows } = await test.sql.query(
      'select count(*)::int as n from publications where id = $1',
      [publicationId],
    );
    expect(rows[0].n).toBe(0);

    // The next worker takes the job up, finds nothing to publish, and is done with it.
    await startWorker();
    const deadline = Date.now() + 30_000;
    for (;;) {
      const { rows: jobs } = await test.sql.query(
        `select state from pgboss.job
          where name = 'publish-video' and (data->>'publicationId')::int = $1`,
        [publicationId],
      );
      if (jobs.length > 0 && jobs.every((job) => job.state === 'completed')) break;
      if (Date.now() > deadline) throw new Error(`the job did not run: ${JSON.stringify(jobs)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(youtube.videos.length).toBe(before);
    expect(youtube.uploadSessions.length).toBe(sessionsBefore);
  }, 120_000);

  it('logs no token, even at the debug level', () => {
    const tokens = [...youtube.received, ...tiktok.received]
      .map((request) => String(request.headers.authorization ?? '').replace(/^Bearer /u, ''))
      .filter((token) => token.length > 8);
    expect(tokens.length).toBeGreaterThan(0);
    expect(workerLog.length).toBeGreaterThan(0);
    for (const token of new Set(tokens)) expect(workerLog).not.toContain(token);
  });
});
