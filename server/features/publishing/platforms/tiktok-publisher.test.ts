// The TikTok publisher against a stand-in of the Content Posting API's Direct Post, over real
// HTTP: creator info first, init with TikTok's chunk rules, the chunks with their Content-Range,
// the status until PUBLISH_COMPLETE (its int64 post id kept digit for digit), privacy mapped onto
// the creator's options, a too-long video refused, crashes resumed from TikTok's uploaded_bytes
// without a second post, and TikTok's own errors with no token or upload URL in them. What
// every publisher promises (a refused token, a rate limit, a step given up) is
// platform.contract.test.ts's.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeTikTok, startFakeTikTok } from '../../../../test/fake-platforms';
import {
  bufferFile,
  caughtPlatformError,
  freshSaved as harnessFreshSaved,
  type Saved,
  type StepExtra,
  stepInput,
  stepUntilPublished,
} from '../../../../test/publisher-harness';
import type {
  PostDetails,
  PublishedFile,
  Publisher,
  PublishInput,
  TikTokCreatorInfoSource,
} from './publisher';
import {
  createTikTokPublisher,
  TIKTOK_PUBLISH_MESSAGES,
  tiktokCaption,
  tiktokChunks,
} from './tiktok-publisher';

const MIB = 1024 * 1024;
const CHUNK = 5 * MIB;

let fake: FakeTikTok;
let publisher: Publisher & TikTokCreatorInfoSource;
let accessToken: string;
/** About 16 MB: three chunks of the test's 5 MiB, the last one taking the rest. */
let bigVideo: Buffer;

beforeAll(async () => {
  fake = await startFakeTikTok();
  bigVideo = randomBytes(3 * CHUNK + 123_457);
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.errors = [];
  fake.received = [];
  fake.posts.length = 0;
  fake.pollsBeforeComplete = 1;
  fake.cutNextUpload = false;
  fake.creator.privacyLevelOptions = ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'];
  fake.creator.maxVideoPostDurationSec = 600;
  accessToken = fake.accessToken();
  publisher = createTikTokPublisher(fake.settings, { chunkBytes: CHUNK, pollAfterMs: 5 });
});

const POST: PostDetails = {
  title: 'The lighthouse keeper',
  description: 'A night shift at the edge of the sea.',
  hashtags: ['lighthouse', 'sea'],
  privacy: 'public',
  tiktokPrivacyLevel: null,
  tiktokAllow: null,
};

/** The video, portrait and 30 s long unless `extra` says otherwise. */
const fileOf = (bytes: Buffer, extra: Partial<PublishedFile> = {}) =>
  bufferFile(
    bytes,
    {
      durationSeconds: 30,
      aspectRatio: 'portrait',
      publicUrl: async () => {
        throw new Error('FILE_UPLOAD takes the bytes, not a link.');
      },
    },
    extra,
  );

const inputFor = (saved: Saved, file: PublishedFile, extra: StepExtra = {}) =>
  stepInput(
    { accessToken, accountId: fake.account.id, accountName: 'Lighthouse Stories', post: POST },
    saved,
    file,
    extra,
  );

/** Steps until published, as the worker does. */
const publishAll = (saved: Saved, file: PublishedFile, extra: Partial<PublishInput> = {}) =>
  stepUntilPublished(publisher, () => inputFor(saved, file, extra), saved);

const freshSaved = harnessFreshSaved;

/** The PlatformError a promise rejects with, carrying neither the token nor `secrets`. */
const caught = (promise: Promise<unknown>, secrets: string[] = []) =>
  caughtPlatformError(promise, [accessToken, ...secrets]);

function sent(method: string, pathname: string) {
  return fake.received.filter(
    (request) => request.method === method && request.path.split('?')[0] === pathname,
  );
}

describe('tiktokChunks', () => {
  it("follows the media transfer guide's chunk rules", () => {
    expect(tiktokChunks(3 * MIB)).toEqual({ chunkSize: 3 * MIB, chunkCount: 1 });
    expect(tiktokChunks(8 * MIB)).toEqual({ chunkSize: 8 * MIB, chunkCount: 1 });
    expect(tiktokChunks(12 * MIB + 5, CHUNK)).toEqual({ chunkSize: CHUNK, chunkCount: 2 });
    expect(tiktokChunks(200 * MIB, 64 * MIB)).toEqual({ chunkSize: 64 * MIB, chunkCount: 3 });
    // Below TikTok's 5 MB, a preferred size is raised to it.
    expect(tiktokChunks(12 * MIB, MIB)).toEqual({ chunkSize: CHUNK, chunkCount: 2 });
  });
});

describe('the TikTok publisher', () => {
  it('answers the creator info TikTok requires', async () => {
    expect(await publisher.creatorInfo(accessToken)).toEqual({
      nickname: 'Lighthouse Stories',
      username: 'lighthouse.stories',
      avatarUrl: fake.creator.avatarUrl,
      privacyLevelOptions: ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'],
      maxVideoPostDurationSec: 600,
      commentDisabled: false,
      duetDisabled: false,
      stitchDisabled: true,
    });
    const query = sent('POST', '/v2/post/publish/creator_info/query/')[0];
    expect(query?.headers.authorization).toBe(`Bearer ${accessToken}`);
    expect(query?.headers['content-type']).toBe('application/json; charset=UTF-8');
  });

  it('posts ~16 MB in chunks after creator info and init, then polls to PUBLISH_COMPLETE', async () => {
    const saved = freshSaved();
    const first = await publisher.step(inputFor(saved, fileOf(bigVideo)));
    expect(first.state).toBe('processing');
    expect(
      fake.received.map((request) => `${request.method} ${request.path.split('?')[0]}`),
    ).toEqual([
      'POST /v2/post/publish/creator_info/query/',
      'POST /v2/post/publish/video/init/',
      'PUT /video/',
      'PUT /video/',
      'PUT /video/',
    ]);
    const init = sent('POST', '/v2/post/publish/video/init/')[0];
    expect(init?.body).toEqual({
      post_info: {
        title: 'The lighthouse keeper\n\nA night shift at the edge of the sea.\n\n#lighthouse #sea',
        privacy_level: 'PUBLIC_TO_EVERYONE',
        disable_comment: false,
        disable_duet: false,
        disable_stitch: true,
        video_cover_timestamp_ms: 1000,
      },
      source_info: {
        source: 'FILE_UPLOAD',
        video_size: bigVideo.length,
        chunk_size: CHUNK,
        total_chunk_count: 3,
      },
    });
    const total = bigVideo.length;
    const uploads = sent('PUT', '/video/');
    expect(uploads.map((put) => put.headers['content-range'])).toEqual([
      `bytes 0-${CHUNK - 1}/${total}`,
      `bytes ${CHUNK}-${2 * CHUNK - 1}/${total}`,
      `bytes ${2 * CHUNK}-${total - 1}/${total}`,
    ]);
    expect(uploads.map((put) => put.headers['content-length'])).toEqual([
      String(CHUNK),
      String(CHUNK),
      String(total - 2 * CHUNK),
    ]);
    expect(uploads.every((put) => put.headers['content-type'] === 'video/mp4')).toBe(true);
    // The upload URL carries its own credential: no bearer token goes there.
    expect(uploads.every((put) => put.headers.authorization === undefined)).toBe(true);
    // The post was saved, with its upload URL, before any byte went.
    expect(saved.saves[0]).toMatchObject({ publishId: fake.posts[0]?.publishId, uploadedBytes: 0 });

    if (first.state !== 'processing') throw new Error('expected processing');
    saved.checkpoint = first.checkpoint;
    const done = await publishAll(saved, fileOf(bigVideo));
    const post = fake.posts[0];
    expect(fake.posts).toHaveLength(1);
    expect(post?.status).toBe('PUBLISH_COMPLETE');
    expect(post?.bytes.equals(bigVideo)).toBe(true);
    expect(post?.caption).toContain('The lighthouse keeper');
    // The 19-digit post id, exactly as TikTok sent it (a double would have rounded it).
    expect(post?.postId).toMatch(/^\d{19}$/u);
    expect(done).toEqual({
      state: 'published',
      postId: post?.postId,
      postUrl: `https://www.tiktok.com/@lighthouse.stories/video/${post?.postId}`,
    });
    expect(sent('POST', '/v2/post/publish/status/fetch/').at(-1)?.body).toEqual({
      publish_id: post?.publishId,
    });
  });

  it('sends a video under 5 MB whole', async () => {
    const bytes = randomBytes(300_000);
    await publishAll(freshSaved(), fileOf(bytes));
    expect(sent('POST', '/v2/post/publish/video/init/')[0]?.body).toMatchObject({
      source_info: { video_size: 300_000, chunk_size: 300_000, total_chunk_count: 1 },
    });
    expect(sent('PUT', '/video/').map((put) => put.headers['content-range'])).toEqual([
      'bytes 0-299999/300000',
    ]);
    expect(fake.posts[0]?.bytes.equals(bytes)).toBe(true);
  });

  it("maps privacy onto the creator's options, and says when only “Only me” was allowed", async () => {
    const bytes = randomBytes(1000);
    const levelOf = async (post: Partial<PostDetails>) => {
      fake.received = [];
      publisher = createTikTokPublisher(fake.settings, { pollAfterMs: 5 });
      const step = await publisher.step({
        ...inputFor(freshSaved(), fileOf(bytes)),
        post: { ...POST, ...post },
      });
      const init = sent('POST', '/v2/post/publish/video/init/')[0]?.body as {
        post_info: { privacy_level: string };
      };
      return { level: init.post_info.privacy_level, step };
    };
    expect((await levelOf({ privacy: 'public' })).level).toBe('PUBLIC_TO_EVERYONE');
    expect((await levelOf({ privacy: 'unlisted' })).level).toBe('MUTUAL_FOLLOW_FRIENDS');
    expect((await levelOf({ privacy: 'private' })).level).toBe('SELF_ONLY');
    expect((await levelOf({ tiktokPrivacyLevel: 'MUTUAL_FOLLOW_FRIENDS' })).level).toBe(
      'MUTUAL_FOLLOW_FRIENDS',
    );

    // An unaudited app's creator may only post privately.
    fake.creator.privacyLevelOptions = ['SELF_ONLY'];
    const saved = freshSaved();
    const done = await publishAll(saved, fileOf(bytes));
    expect(fake.posts.at(-1)?.privacyLevel).toBe('SELF_ONLY');
    expect(done.note).toBe(TIKTOK_PUBLISH_MESSAGES.selfOnlyNote);
    // A private post has no public id: the profile stands in for it.
    expect(done.postUrl).toBe('https://www.tiktok.com/@lighthouse.stories');

    const refused = await caught(
      publisher.step({
        ...inputFor(freshSaved(), fileOf(bytes)),
        post: { ...POST, tiktokPrivacyLevel: 'PUBLIC_TO_EVERYONE' },
      }),
    );
    expect(refused.message).toBe(TIKTOK_PUBLISH_MESSAGES.levelNotOffered('PUBLIC_TO_EVERYONE'));
    expect(refused.details.transient).toBe(false);
  });

  it('refuses a video longer than the creator may post, before init', async () => {
    fake.creator.maxVideoPostDurationSec = 60;
    const error = await caught(
      publisher.step(inputFor(freshSaved(), fileOf(randomBytes(1000), { durationSeconds: 75.2 }))),
    );
    expect(error.message).toBe(TIKTOK_PUBLISH_MESSAGES.tooLong(75.2, 60));
    expect(error.details.transient).toBe(false);
    expect(sent('POST', '/v2/post/publish/video/init/')).toHaveLength(0);
  });

  it('after a crash mid-upload, asks TikTok and goes on from the last whole chunk', async () => {
    const saved = freshSaved();
    const crashed = await publisher
      .step(
        inputFor(saved, fileOf(bigVideo), {
          failSave: (checkpoint) => checkpoint.uploadedBytes === 2 * CHUNK,
        }),
      )
      .catch((error: unknown) => error);
    expect(crashed).toEqual(new Error('publication cancelled'));
    expect(saved.checkpoint).toMatchObject({ uploadedBytes: CHUNK, uploaded: false });

    fake.received = [];
    await publishAll(saved, fileOf(bigVideo));
    // TikTok said it holds two chunks: only the last one goes again.
    expect(sent('PUT', '/video/').map((put) => put.headers['content-range'])).toEqual([
      `bytes ${2 * CHUNK}-${bigVideo.length - 1}/${bigVideo.length}`,
    ]);
    expect(sent('POST', '/v2/post/publish/video/init/')).toHaveLength(0);
    expect(fake.posts).toHaveLength(1);
    expect(fake.posts[0]?.bytes.equals(bigVideo)).toBe(true);
  });

  it('after a crash once every byte was sent, only follows the post', async () => {
    const bytes = randomBytes(1000);
    const saved = freshSaved();
    await publisher
      .step(
        inputFor(saved, fileOf(bytes), { failSave: (checkpoint) => checkpoint.uploaded === true }),
      )
      .catch(() => null);
    fake.received = [];
    const done = await publishAll(saved, fileOf(bytes));
    expect(done.state).toBe('published');
    expect(sent('PUT', '/video/')).toHaveLength(0);
    expect(sent('POST', '/v2/post/publish/video/init/')).toHaveLength(0);
    expect(fake.posts).toHaveLength(1);
  });

  it('sends a cut chunk again, and starts a new post once an unfinished upload URL expired', async () => {
    fake.cutNextUpload = true;
    const saved = freshSaved();
    await publishAll(saved, fileOf(bigVideo));
    expect(sent('PUT', '/video/')).toHaveLength(4);
    expect(fake.posts[0]?.bytes.equals(bigVideo)).toBe(true);

    fake.posts.length = 0;
    const stale = freshSaved();
    await publisher
      .step(
        inputFor(stale, fileOf(bigVideo), {
          failSave: (checkpoint) => checkpoint.uploadedBytes === CHUNK,
        }),
      )
      .catch(() => null);
    // Two hours later: the URL is dead, and the upload never finished, so it never posts.
    stale.checkpoint = { ...stale.checkpoint, uploadUrlAt: Date.now() - 2 * 60 * 60_000 };
    await publishAll(stale, fileOf(bigVideo));
    expect(fake.posts).toHaveLength(2);
    expect(fake.posts[0]?.bytes.length).toBe(CHUNK);
    expect(fake.posts[0]?.status).toBe('PROCESSING_UPLOAD');
    expect(fake.posts[1]?.status).toBe('PUBLISH_COMPLETE');
    expect(fake.posts[1]?.bytes.equals(bigVideo)).toBe(true);
  });

  it('fails in words when TikTok gives the post up', async () => {
    const saved = freshSaved();
    const first = await publisher.step(inputFor(saved, fileOf(randomBytes(1000))));
    if (first.state !== 'processing') throw new Error('expected processing');
    const post = fake.posts[0];
    if (post) post.failReason = 'frame_rate_check_failed';
    fake.pollsBeforeComplete = 0;
    saved.checkpoint = first.checkpoint;
    const error = await caught(publisher.step(inputFor(saved, fileOf(randomBytes(1000)))));
    expect(error.message).toBe(
      'TikTok did not post the video: TikTok does not accept the video’s frame rate (23 to 60 fps).',
    );
    expect(error.details.transient).toBe(false);
  });

  it("reads TikTok's daily caps and refusals as final, even in HTTP 200 bodies", async () => {
    const file = fileOf(randomBytes(1000));
    const apiError = (code: string) => ({
      data: {},
      error: { code, message: `${code} happened`, log_id: '202611180000' },
    });
    const cases: [string, string][] = [
      ['spam_risk_too_many_posts', TIKTOK_PUBLISH_MESSAGES.dailyPosts],
      ['reached_active_user_cap', TIKTOK_PUBLISH_MESSAGES.userCap],
      ['unaudited_client_can_only_post_to_private_accounts', TIKTOK_PUBLISH_MESSAGES.unaudited],
      ['spam_risk_user_banned_from_posting', TIKTOK_PUBLISH_MESSAGES.banned],
    ];
    for (const [code, message] of cases) {
      fake.errors.push({
        match: /^POST \/v2\/post\/publish\/video\/init\/$/u,
        status: 200,
        body: apiError(code),
      });
      const error = await caught(publisher.step(inputFor(freshSaved(), file)));
      expect(error.message).toBe(message);
      expect(error.details.transient).toBe(false);
    }
  });

  it('keeps the token and the upload URL out of an upload error that echoes them', async () => {
    const saved = freshSaved();
    const file = fileOf(bigVideo);
    await publisher
      .step(inputFor(saved, file, { failSave: (checkpoint) => checkpoint.uploadedBytes === CHUNK }))
      .catch(() => null);
    const uploadUrl = String(saved.checkpoint?.uploadUrl);
    const token = new URL(uploadUrl).searchParams.get('upload_token') ?? '';
    fake.errors.push({
      match: /^PUT \/video\/$/u,
      status: 400,
      body: {
        data: { upload_url: uploadUrl },
        error: {
          code: 'invalid_file_upload',
          message: `bad chunk for ${uploadUrl} ${token} ${accessToken}`,
        },
      },
    });
    const error = await caught(publisher.step(inputFor(saved, file)), [uploadUrl, token]);
    expect(error.message).toBe(TIKTOK_PUBLISH_MESSAGES.invalidFile);
    expect(String(error.cause)).toContain('[redacted]');
  });

  it('keeps captions within 2,200 UTF-16 units, never splitting a character', () => {
    const caption = tiktokCaption({ ...POST, description: `${'a'.repeat(2176)}😀😀😀` });
    expect(caption.length).toBeLessThanOrEqual(2200);
    expect(caption.endsWith('\uD83D')).toBe(false);
  });
});
