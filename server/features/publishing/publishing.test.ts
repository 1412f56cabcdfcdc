// Publishing on the real server (HTTP, PostgreSQL, the queue, the offline renderer) against
// stand-ins of YouTube, TikTok and Instagram that speak their documented APIs: a finished video
// reaches each platform as our exact MP4 bytes with the member's title; a cut YouTube upload is
// resumed; an expired token is refreshed; a revoked grant ends in "reconnect needed"; refusals
// (a stranger, an unfinished video, an unconnected platform, a second post) store nothing; a
// Creator Engine run publishes its video, and one that cannot is recorded on the run and told.
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { VideoJob, VideoJobInput } from '../../../shared/schemas/jobs';
import type { Connection, Publication } from '../../../shared/schemas/publishing';
import {
  startFakeInstagram,
  startFakeTikTok,
  startFakeYouTube,
} from '../../../test/fake-platforms';
import type { TestClient } from '../../../test/http-client';
import { memberOn } from '../../../test/members';
import {
  connectPlatform,
  platformEnv,
  videoLibrary,
  waitForPublication,
} from '../../../test/publishing';
import { setUpTestServer } from '../../../test/server';
import { freePort } from '../../../test/server-process';
import { videoInput } from '../../../test/videos';

const youtube = await startFakeYouTube();
const tiktok = await startFakeTikTok();
const instagram = await startFakeInstagram();
// Instagram fetches the video from our server itself: the server must know its own address.
const port = await freePort();
const test = setUpTestServer({
  env: {
    ...platformEnv({ youtube, tiktok, instagram }),
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // Look at the stand-ins' processing at once, not at the platforms' own pace.
    PUBLISH_POLL_SECONDS: '0.2',
    LOG_LEVEL: 'error',
  },
});
afterAll(async () => {
  await Promise.all([youtube.close(), tiktok.close(), instagram.close()]);
});

// One render per aspect ratio for the whole file; each test's member gets a row of their own.
const videoOf = videoLibrary(() => test.sql);

let member: { client: TestClient; id: string };
beforeEach(async () => {
  member = await memberOn(test, 'Elite');
  // Processed at the first look; the tests about polling ask for more.
  youtube.pollsBeforeProcessed = 0;
  tiktok.pollsBeforeComplete = 0;
  instagram.pollsBeforeFinished = 0;
});

const publish = (client: TestClient, videoId: number | string, body: Record<string, unknown>) =>
  client.post<Publication[] & { message?: string; code?: string }>(
    `/api/videos/${videoId}/publish`,
    body,
  );

async function countPublications(videoId: number): Promise<number> {
  const { rows } = await test.sql.query(
    'select count(*)::int as count from publications where video_id = $1',
    [videoId],
  );
  return rows[0].count;
}

describe('publishing a finished video', () => {
  it('uploads our exact MP4 to YouTube with the title the member wrote', async () => {
    await connectPlatform(member.client, 'youtube');
    const video = await videoOf(member);

    const answer = await publish(member.client, video.id, {
      platforms: ['youtube'],
      title: 'Dawn over the harbour',
      description: 'Boats leave at first light.',
      hashtags: ['#harbour', 'dawn'],
      privacy: 'unlisted',
    });
    expect(answer.status).toBe(202);
    expect(answer.body).toHaveLength(1);
    expect(answer.body[0]).toMatchObject({ platform: 'youtube', status: 'queued' });

    const done = await waitForPublication(member.client, video.id, 'youtube');
    expect(done.status).toBe('published');
    const posted = youtube.videos.at(-1);
    expect(posted?.bytes.equals(video.bytes)).toBe(true);
    expect(posted?.title).toBe('Dawn over the harbour');
    expect(posted?.description).toContain('Boats leave at first light.');
    expect(posted?.tags).toEqual(['harbour', 'dawn']);
    expect(posted?.privacyStatus).toBe('unlisted');
    expect(done.postUrl).toBe(`https://www.youtube.com/watch?v=${posted?.id}`);
    expect(done.progress).toBe(100);

    // The library's badges read the member's latest publications.
    const latest = await member.client.get<Publication[]>('/api/publications');
    expect(latest.body.find((entry) => entry.videoId === video.id)).toMatchObject({
      platform: 'youtube',
      status: 'published',
      postUrl: done.postUrl,
    });
  });

  it("posts to TikTok with the creator's privacy level, in chunks, then polled to complete", async () => {
    await connectPlatform(member.client, 'tiktok');
    tiktok.pollsBeforeComplete = 1;
    const video = await videoOf(member);
    const answer = await publish(member.client, video.id, {
      platforms: ['tiktok'],
      title: 'Harbour at dawn',
      tiktokPrivacyLevel: 'SELF_ONLY',
      tiktokAllow: { comment: true, duet: false, stitch: false },
    });
    expect(answer.status).toBe(202);
    const done = await waitForPublication(member.client, video.id, 'tiktok');
    expect(done.status).toBe('published');
    const post = tiktok.posts.at(-1);
    expect(post?.bytes.equals(video.bytes)).toBe(true);
    expect(post?.privacyLevel).toBe('SELF_ONLY');
    expect(post).toMatchObject({ disableComment: false, disableDuet: true, disableStitch: true });
    expect(post?.caption.startsWith('Harbour at dawn')).toBe(true);
    // TikTok's guidelines: its creator_info is asked for before the post.
    const asked = tiktok.received.map((request) => request.path);
    const info = asked.findIndex((path) => path.includes('/creator_info/query/'));
    const init = asked.findIndex((path) => path.includes('/video/init/'));
    expect(info).toBeGreaterThanOrEqual(0);
    expect(info).toBeLessThan(init);
  });

  it('shows the Publish dialog what TikTok lets this creator post', async () => {
    await connectPlatform(member.client, 'tiktok');
    tiktok.creator.privacyLevelOptions = ['FOLLOWER_OF_CREATOR', 'SELF_ONLY'];
    const info = await member.client.get<Record<string, unknown>>(
      '/api/connections/tiktok/creator-info',
    );
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({
      nickname: tiktok.creator.nickname,
      privacyLevelOptions: ['FOLLOWER_OF_CREATOR', 'SELF_ONLY'],
    });
    tiktok.creator.privacyLevelOptions = [
      'PUBLIC_TO_EVERYONE',
      'MUTUAL_FOLLOW_FRIENDS',
      'FOLLOWER_OF_CREATOR',
      'SELF_ONLY',
    ];
  });

  it('publishes an Instagram Reel from a signed link to our copy, then media_publish', async () => {
    await connectPlatform(member.client, 'instagram');
    instagram.pollsBeforeFinished = 1;
    const video = await videoOf(member, 'portrait');
    const answer = await publish(member.client, video.id, {
      platforms: ['instagram'],
      title: 'Harbour at dawn, upright',
      hashtags: ['reels'],
    });
    expect(answer.status).toBe(202);
    const done = await waitForPublication(member.client, video.id, 'instagram');
    expect(done.status).toBe('published');
    const container = instagram.containers.at(-1);
    const media = instagram.media.at(-1);
    expect(media?.bytes.equals(video.bytes)).toBe(true);
    expect(media?.caption).toContain('Harbour at dawn, upright');
    expect(media?.caption).toContain('#reels');
    expect(done.postUrl).toBe(media?.permalink);
    // The link Meta fetched is signed and ours; changed or unsigned, it opens nothing.
    const link = new URL(container?.videoUrl ?? '');
    expect(link.origin).toBe(`http://127.0.0.1:${port}`);
    expect(link.pathname).toBe(`/api/publications/${done.id}/video`);
    const forged = new URL(link);
    forged.searchParams.set('expires', String(Number(link.searchParams.get('expires')) + 60));
    expect((await fetch(forged)).status).toBe(404);
    expect((await fetch(new URL(link.pathname, link))).status).toBe(404);
  });

  it('publishes to several platforms at once, one publication each', async () => {
    await connectPlatform(member.client, 'youtube');
    await connectPlatform(member.client, 'tiktok');
    const video = await videoOf(member);
    const answer = await publish(member.client, video.id, {
      platforms: ['youtube', 'tiktok'],
      privacy: 'private',
    });
    expect(answer.status).toBe(202);
    expect(answer.body.map((entry) => entry.platform).sort()).toEqual(['tiktok', 'youtube']);
    const [onYouTube, onTikTok] = await Promise.all([
      waitForPublication(member.client, video.id, 'youtube'),
      waitForPublication(member.client, video.id, 'tiktok'),
    ]);
    expect(onYouTube.status).toBe('published');
    expect(onTikTok.status).toBe('published');
    // Without the creator's choice, private maps to TikTok's Only me.
    expect(tiktok.posts.at(-1)?.privacyLevel).toBe('SELF_ONLY');
    // Left out, the title and hashtags come from the video itself.
    expect(youtube.videos.at(-1)?.title).toBe(videoInput.title);
    expect(youtube.videos.at(-1)?.tags).toContain('harbour');
  });

  it('resumes a YouTube upload cut halfway from the range YouTube kept', async () => {
    await connectPlatform(member.client, 'youtube');
    const video = await videoOf(member);
    const before = youtube.videos.length;
    youtube.cutNextUpload = true;
    await publish(member.client, video.id, { platforms: ['youtube'] });
    const done = await waitForPublication(member.client, video.id, 'youtube');
    expect(done.status).toBe('published');
    expect(youtube.videos.length).toBe(before + 1);
    expect(youtube.videos.at(-1)?.bytes.equals(video.bytes)).toBe(true);
    // It asked YouTube what it had (an empty PUT, bytes */total) before sending the rest.
    const statusQuery = youtube.received.find(
      (request) =>
        request.method === 'PUT' &&
        String(request.headers['content-range'] ?? '').startsWith('bytes */'),
    );
    expect(statusQuery).toBeDefined();
  });

  it("tries a 429 and a 503 again, after the platform's Retry-After, and posts once", async () => {
    await connectPlatform(member.client, 'youtube');
    const video = await videoOf(member);
    const before = youtube.videos.length;
    const rateLimited = {
      error: {
        code: 429,
        message: 'Too many requests.',
        errors: [{ reason: 'rateLimitExceeded', domain: 'youtube.quota' }],
      },
    };
    youtube.errors.push(
      {
        match: /^POST \/upload\/youtube\/v3\/videos$/u,
        status: 429,
        body: rateLimited,
        retryAfter: '2',
      },
      { match: /^POST \/upload\/youtube\/v3\/videos$/u, status: 503, retryAfter: '1' },
    );
    const sessionsBefore = youtube.uploadSessions.length;
    const asked = Date.now();
    await publish(member.client, video.id, { platforms: ['youtube'] });
    const done = await waitForPublication(member.client, video.id, 'youtube');
    expect(done.status).toBe('published');
    // Three tries: refused twice, then one session and one video.
    expect(youtube.uploadSessions.length).toBe(sessionsBefore + 1);
    expect(youtube.videos.length).toBe(before + 1);
    // Not before the waits the platform asked for (2 s, then 1 s).
    expect(Date.now() - asked).toBeGreaterThanOrEqual(3000);
  });

  it('refreshes an access token the platform no longer takes, and goes on', async () => {
    await connectPlatform(member.client, 'youtube');
    const video = await videoOf(member);
    youtube.expireAccessTokens();
    await publish(member.client, video.id, { platforms: ['youtube'] });
    const done = await waitForPublication(member.client, video.id, 'youtube');
    expect(done.status).toBe('published');
    const refreshed = youtube.received.filter(
      (request) =>
        request.path === '/token' &&
        (request.body as Record<string, string>).grant_type === 'refresh_token',
    );
    expect(refreshed.length).toBeGreaterThanOrEqual(1);
  });

  it('ends a revoked grant in "reconnect needed" and tells the member', async () => {
    await connectPlatform(member.client, 'youtube');
    const video = await videoOf(member);
    youtube.revokeGrants();
    youtube.expireAccessTokens();
    await publish(member.client, video.id, { platforms: ['youtube'] });
    const done = await waitForPublication(member.client, video.id, 'youtube');
    expect(done.status).toBe('failed');
    expect(done.error).toMatch(/connect it again in Profile/);
    const connections = await member.client.get<Connection[]>('/api/connections');
    expect(connections.body.find((entry) => entry.platform === 'youtube')?.status).toBe(
      'reconnect_needed',
    );
    const notices = await member.client.get<{ items: { kind: string }[] }>('/api/notifications');
    expect(notices.body.items.some((item) => item.kind === 'connection_lost')).toBe(true);
    // Publishing there again is refused until the member reconnects.
    const again = await publish(member.client, video.id, { platforms: ['youtube'] });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('RECONNECT_NEEDED');
  });
});

describe('refusals, with nothing stored', () => {
  it("answers 404 for a stranger's video and for one that does not exist", async () => {
    await connectPlatform(member.client, 'youtube');
    const video = await videoOf(member);
    const stranger = await memberOn(test, 'Elite');
    await connectPlatform(stranger.client, 'youtube');
    const theirs = await publish(stranger.client, video.id, { platforms: ['youtube'] });
    expect(theirs.status).toBe(404);
    expect((await stranger.client.get(`/api/videos/${video.id}/publications`)).status).toBe(404);
    expect((await publish(member.client, 2_000_000_000, { platforms: ['youtube'] })).status).toBe(
      404,
    );
    expect(await countPublications(video.id)).toBe(0);
  });

  it('refuses a platform the member has not connected, and an unfinished video', async () => {
    const video = await videoOf(member);
    const notConnected = await publish(member.client, video.id, { platforms: ['tiktok'] });
    expect(notConnected.status).toBe(400);
    expect(notConnected.body).toMatchObject({
      code: 'NOT_CONNECTED',
      message: 'Connect TikTok in Profile before publishing there.',
    });

    await connectPlatform(member.client, 'youtube');
    // A request still waiting for the renderer (written as the queue holds it): no video yet.
    const { rows } = await test.sql.query(
      `insert into video_creation_requests (user_id, title, description, status)
       values ($1, 'Still rendering', 'Not yet', 'queued') returning id`,
      [member.id],
    );
    const early = await publish(member.client, `req-${rows[0].id}`, { platforms: ['youtube'] });
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({
      code: 'NOT_COMPLETED',
      message: 'Only a finished video can be published.',
    });
    expect(await countPublications(video.id)).toBe(0);
  });

  it('refuses bad input in words, and a second post to the same platform', async () => {
    await connectPlatform(member.client, 'youtube');
    const video = await videoOf(member);
    const none = await publish(member.client, video.id, { platforms: [] });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Choose at least one platform to publish to.');
    const longTitle = await publish(member.client, video.id, {
      platforms: ['youtube'],
      title: 'x'.repeat(101),
    });
    expect(longTitle.status).toBe(400);
    expect(longTitle.body.message).toBe('The title must be 100 characters or less.');

    expect((await publish(member.client, video.id, { platforms: ['youtube'] })).status).toBe(202);
    const twice = await publish(member.client, video.id, { platforms: ['youtube'] });
    expect(twice.status).toBe(409);
    expect(await countPublications(video.id)).toBe(1);
    await waitForPublication(member.client, video.id, 'youtube');
    const afterwards = await publish(member.client, video.id, { platforms: ['youtube'] });
    expect(afterwards.body).toMatchObject({
      code: 'ALREADY_PUBLISHED',
      message: 'This video is already on YouTube.',
    });
  });

  it('never answers a token, in any call a member makes', async () => {
    await connectPlatform(member.client, 'youtube');
    await connectPlatform(member.client, 'tiktok');
    const video = await videoOf(member);
    await publish(member.client, video.id, { platforms: ['youtube', 'tiktok'] });
    await waitForPublication(member.client, video.id, 'youtube');
    await waitForPublication(member.client, video.id, 'tiktok');
    const tokens = [...youtube.received, ...tiktok.received]
      .map((request) => String(request.headers.authorization ?? '').replace(/^Bearer /u, ''))
      .filter((token) => token.length > 8);
    expect(tokens.length).toBeGreaterThan(0);
    const answers = await Promise.all(
      [
        '/api/connections',
        '/api/publications',
        `/api/videos/${video.id}/publications`,
        '/api/connections/tiktok/creator-info',
      ].map(async (path) => JSON.stringify((await member.client.get(path)).body)),
    );
    for (const answer of answers) {
      for (const token of tokens) expect(answer).not.toContain(token);
    }
  });
});

describe('the Creator Engine publishes', () => {
  const job: VideoJobInput = {
    jobName: 'Harbour mornings',
    frequency: 'daily',
    scenes: 1,
    aspectRatio: 'portrait',
    isActive: false,
    advancedMode: false,
    watermark: true,
    brandDescription: 'A harbour town and its boats.',
    focusFeatures: 'Fishing boats leave at dawn.',
    filmStyle: 'Soft morning light.',
    dynamicSet: 'A different boat each day.',
    publishTo: { platforms: ['youtube'], privacy: 'public' },
  };

  async function runNow(jobId: number) {
    const run = await member.client.post<{ requestId: number }>('/api/video-creation-requests', {
      ...videoInput,
      jobId,
    });
    expect(run.status).toBe(201);
    return run.body.requestId;
  }

  async function runRecord(requestId: number) {
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      const { rows } = await test.sql.query(
        `select r.publish_result, c.id as video_id
           from video_job_runs r
           join video_creation_requests q on q.id = r.video_request_id
           left join video_generated_content c on c.request_id = q.id
          where q.id = $1`,
        [requestId],
      );
      const result: string | null = rows[0]?.publish_result ?? null;
      if (result && !result.startsWith('Publishing')) {
        return { result, videoId: rows[0].video_id as number };
      }
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    throw new Error('the run did not record its publishing');
  }

  it('publishes each video a job completes where the job says', async () => {
    await connectPlatform(member.client, 'youtube');
    const created = await member.client.post<VideoJob>('/api/video-jobs', job);
    expect(created.status).toBe(201);
    expect(created.body.publishTo).toEqual({
      platforms: ['youtube'],
      privacy: 'public',
      tiktokPrivacyLevel: null,
      holdForReview: false,
      reviewWindowHours: 24,
      unreviewedAction: 'publish',
    });
    const before = youtube.videos.length;
    const record = await runRecord(await runNow(created.body.id));
    expect(record.result).toBe('Published to YouTube');
    expect(youtube.videos.length).toBe(before + 1);
    const published = await waitForPublication(member.client, record.videoId, 'youtube');
    expect(published).toMatchObject({ status: 'published', jobId: created.body.id });
    // A portrait video under a minute is a Short.
    expect(published.postUrl).toMatch(/^https:\/\/www\.youtube\.com\/shorts\//u);
    const jobs = await member.client.get<VideoJob[]>('/api/video-jobs');
    expect(jobs.body.find((entry) => entry.id === created.body.id)?.lastPublishResult).toBe(
      'Published to YouTube',
    );
  });

  it("holds a job's video for review, and publishes it only once the member approves, once", async () => {
    await connectPlatform(member.client, 'youtube');
    const created = await member.client.post<VideoJob>('/api/video-jobs', {
      ...job,
      publishTo: { platforms: ['youtube'], privacy: 'public', holdForReview: true },
    });
    expect(created.status).toBe(201);
    expect(created.body.publishTo).toMatchObject({
      holdForReview: true,
      reviewWindowHours: 24,
      unreviewedAction: 'publish',
    });
    const before = youtube.videos.length;
    const record = await runRecord(await runNow(created.body.id));
    expect(record.result).toBe('Waiting for your review before YouTube');
    const held = await member.client.get<Publication[]>(
      `/api/videos/${record.videoId}/publications`,
    );
    expect(held.body).toEqual([
      expect.objectContaining({
        platform: 'youtube',
        status: 'held',
        holdUntil: expect.any(String),
      }),
    ]);
    const notices = await member.client.get<{ items: { kind: string; message: string }[] }>(
      '/api/notifications',
    );
    expect(notices.body.items.find((item) => item.kind === 'video_held')?.message).toContain(
      'approve it to publish it to YouTube',
    );
    // Nothing reaches the platform while it waits, not even when the queue is swept.
    await test.server.runtime.ctx.services.publications.releaseExpiredHolds();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(youtube.videos.length).toBe(before);

    // Remixed while it waited (its second version is current): the approval posts that one.
    await test.sql.query('update video_generated_content set current_version = 2 where id = $1', [
      record.videoId,
    ]);
    // Two tabs approve at once: one post.
    const approvals = await Promise.all(
      [0, 1].map(() => member.client.post<Publication[]>(`/api/videos/${record.videoId}/approve`)),
    );
    expect(approvals.map((approval) => approval.status)).toEqual([200, 200]);
    const published = await waitForPublication(member.client, record.videoId, 'youtube');
    expect(published).toMatchObject({ status: 'published', videoVersion: 2, holdUntil: null });
    expect(youtube.videos.length).toBe(before + 1);
    expect((await member.client.post(`/api/videos/${record.videoId}/approve`)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(youtube.videos.length).toBe(before + 1);
    expect(await countPublications(record.videoId)).toBe(1);

    // A hold nobody answered in time, whose job says skip, is skipped and says why.
    await test.sql.query(
      `insert into publications (user_id, video_id, platform, status, title, description, privacy,
                                 hold_until, unreviewed_action)
       values ($1, $2, 'tiktok', 'held', 'Skipped', '', 'public', now() - interval '1 minute', 'skip')`,
      [member.id, record.videoId],
    );
    expect(await test.server.runtime.ctx.services.publications.releaseExpiredHolds()).toBe(1);
    const skipped = await waitForPublication(member.client, record.videoId, 'tiktok');
    expect(skipped).toMatchObject({
      status: 'failed',
      error: 'Not published: nobody approved it before its review window ended.',
    });
  });

  it('refuses a job naming a platform not connected, and records a run that lost one', async () => {
    const refused = await member.client.post<{ code: string }>('/api/video-jobs', {
      ...job,
      publishTo: { platforms: ['tiktok'], privacy: 'public' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('NOT_CONNECTED');

    await connectPlatform(member.client, 'tiktok');
    const created = await member.client.post<VideoJob>('/api/video-jobs', {
      ...job,
      publishTo: { platforms: ['tiktok'], privacy: 'public' },
    });
    expect(created.status).toBe(201);
    // The member disconnects TikTok; the job's next video cannot go there.
    expect((await member.client.request('DELETE', '/api/connections/tiktok')).status).toBe(200);
    const record = await runRecord(await runNow(created.body.id));
    expect(record.result).toBe(
      'Not published to TikTok: Connect TikTok in Profile before publishing there.',
    );
    const notices = await member.client.get<{ items: { kind: string; message: string }[] }>(
      '/api/notifications',
    );
    const notice = notices.body.items.find((item) => item.kind === 'publish_failed');
    expect(notice?.message).toContain('was not published to TikTok');
  });
});
