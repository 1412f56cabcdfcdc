// The YouTube publisher against a stand-in of the Data API's resumable upload and videos.list,
// over real HTTP: the session and its metadata, chunks of 256 KiB multiples, a Short, a cut
// upload resumed from what Google kept, crashes (a throwing save, a worker killed while the last
// chunk's answer was held) that never make a second video, processing, and YouTube's own errors
// with no token or session URL in them. What every publisher promises (a refused token, a rate
// limit, a step given up) is platform.contract.test.ts's.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeYouTube, startFakeYouTube } from '../../../../test/fake-platforms';
import {
  bufferFile,
  caughtPlatformError,
  freshSaved as harnessFreshSaved,
  type Saved,
  type StepExtra,
  stepInput,
  stepUntilPublished,
} from '../../../../test/publisher-harness';
import type { PublishingSettings } from '../../../config';
import type { PostDetails, PublishedFile, Publisher, PublishInput } from './publisher';
import { createPublishers, tiktokCreatorInfoSource } from './publishers';
import { YOUTUBE_QUOTA_MESSAGE } from './youtube';
import {
  createYouTubePublisher,
  YOUTUBE_PUBLISH_MESSAGES,
  youtubeSnippet,
} from './youtube-publisher';

const KIB = 1024;
const CHUNK = 512 * KIB;

let fake: FakeYouTube;
let publisher: Publisher;
let accessToken: string;

beforeAll(async () => {
  fake = await startFakeYouTube();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.errors = [];
  fake.received = [];
  fake.videos.length = 0;
  fake.uploadSessions.length = 0;
  fake.pollsBeforeProcessed = 1;
  fake.forcePrivate = false;
  fake.cutNextUpload = false;
  accessToken = fake.accessToken();
  publisher = createYouTubePublisher(fake.settings, { chunkBytes: CHUNK, pollAfterMs: 5 });
});

const POST: PostDetails = {
  title: 'The lighthouse keeper <at night>',
  description: 'A night shift at the edge of the sea.',
  hashtags: ['lighthouse', 'sea'],
  privacy: 'public',
  tiktokPrivacyLevel: null,
  tiktokAllow: null,
};

/** The video, landscape and over a minute (not a Short) unless `extra` says otherwise. */
const fileOf = (bytes: Buffer, extra: Partial<PublishedFile> = {}) =>
  bufferFile(
    bytes,
    {
      durationSeconds: 75,
      aspectRatio: 'landscape',
      publicUrl: async () => {
        throw new Error('YouTube takes the bytes, not a link.');
      },
    },
    extra,
  );

const inputFor = (saved: Saved, file: PublishedFile, extra: StepExtra = {}) =>
  stepInput(
    { accessToken, accountId: fake.account.id, accountName: fake.account.name, post: POST },
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

function puts() {
  return fake.received.filter((request) => request.method === 'PUT');
}

describe('the YouTube publisher', () => {
  it('opens a resumable session with the metadata, then uploads the exact bytes in chunks', async () => {
    const bytes = randomBytes(2 * CHUNK + 12_345);
    const saved = freshSaved();
    const first = await publisher.step(inputFor(saved, fileOf(bytes)));
    expect(first.state).toBe('processing');

    const session = fake.received[0];
    expect(session?.method).toBe('POST');
    expect(session?.path).toBe(
      '/upload/youtube/v3/videos?uploadType=resumable&part=snippet,status',
    );
    expect(session?.headers.authorization).toBe(`Bearer ${accessToken}`);
    expect(session?.headers['content-type']).toBe('application/json; charset=UTF-8');
    expect(session?.headers['x-upload-content-length']).toBe(String(bytes.length));
    expect(session?.headers['x-upload-content-type']).toBe('video/mp4');
    expect(session?.body).toEqual({
      snippet: {
        title: 'The lighthouse keeper at night',
        description: 'A night shift at the edge of the sea.\n\n#lighthouse #sea',
        tags: ['lighthouse', 'sea'],
        categoryId: '22',
      },
      status: { privacyStatus: 'public', selfDeclaredMadeForKids: false },
    });
    // The session was saved before any byte went.
    expect(saved.saves[0]).toMatchObject({ sessionUrl: expect.stringContaining('upload_id=') });
    expect(puts().map((put) => put.headers['content-range'])).toEqual([
      `bytes 0-${CHUNK - 1}/${bytes.length}`,
      `bytes ${CHUNK}-${2 * CHUNK - 1}/${bytes.length}`,
      `bytes ${2 * CHUNK}-${bytes.length - 1}/${bytes.length}`,
    ]);
    expect(puts().map((put) => put.headers['content-length'])).toEqual([
      String(CHUNK),
      String(CHUNK),
      '12345',
    ]);
    expect(saved.bytes).toContain(CHUNK);
    expect(saved.bytes).toContain(2 * CHUNK);

    const video = fake.videos[0];
    expect(fake.videos).toHaveLength(1);
    expect(video?.bytes.equals(bytes)).toBe(true);
    expect(video?.title).toBe('The lighthouse keeper at night');

    // Processing: `uploaded` once, then `processed`.
    if (first.state !== 'processing') throw new Error('expected processing');
    saved.checkpoint = first.checkpoint;
    const second = await publisher.step(inputFor(saved, fileOf(bytes)));
    expect(second.state).toBe('processing');
    const polled = fake.received.at(-1);
    expect(polled?.path).toBe(`/youtube/v3/videos?part=status,processingDetails&id=${video?.id}`);
    if (second.state !== 'processing') throw new Error('expected processing');
    saved.checkpoint = second.checkpoint;
    const done = await publisher.step(inputFor(saved, fileOf(bytes)));
    expect(done).toEqual({
      state: 'published',
      postId: video?.id,
      postUrl: `https://www.youtube.com/watch?v=${video?.id}`,
    });
  });

  it('posts a portrait video under a minute as a Short', async () => {
    const bytes = randomBytes(100_000);
    const done = await publishAll(
      freshSaved(),
      fileOf(bytes, { aspectRatio: 'portrait', durationSeconds: 42 }),
    );
    const video = fake.videos[0];
    expect(video?.description).toBe(
      'A night shift at the edge of the sea.\n\n#lighthouse #sea #Shorts',
    );
    expect(video?.tags).toEqual(['lighthouse', 'sea', 'Shorts']);
    expect(done.postUrl).toBe(`https://www.youtube.com/shorts/${video?.id}`);
    expect(video?.bytes.equals(bytes)).toBe(true);
  });

  it('keeps titles to 100 characters without < or >, and the hashtags whole', () => {
    const snippet = youtubeSnippet(
      { ...POST, title: `<b>${'é'.repeat(120)}</b>`, description: 'x'.repeat(6000) },
      false,
    );
    expect([...snippet.title]).toHaveLength(100);
    expect(snippet.title).not.toMatch(/[<>]/u);
    expect(Buffer.byteLength(snippet.description)).toBeLessThanOrEqual(5000);
    expect(snippet.description.endsWith('\n\n#lighthouse #sea')).toBe(true);
  });

  it('resumes an upload cut halfway from the range Google kept', async () => {
    const bytes = randomBytes(2 * CHUNK + 777);
    fake.cutNextUpload = true;
    await publishAll(freshSaved(), fileOf(bytes));
    const statusQueries = puts().filter(
      (put) => put.headers['content-range'] === `bytes */${bytes.length}`,
    );
    expect(statusQueries).toHaveLength(1);
    // The first chunk lost its second half: the next PUT starts where Google's Range ended.
    const ranges = puts().map((put) => put.headers['content-range']);
    expect(ranges[0]).toBe(`bytes 0-${CHUNK - 1}/${bytes.length}`);
    expect(ranges[2]).toBe(`bytes ${CHUNK / 2}-${CHUNK / 2 + CHUNK - 1}/${bytes.length}`);
    expect(fake.videos).toHaveLength(1);
    expect(fake.videos[0]?.bytes.equals(bytes)).toBe(true);
  });

  it('after a crash mid-upload, goes on from the saved session and makes one video', async () => {
    const bytes = randomBytes(3 * CHUNK + 5);
    const saved = freshSaved();
    // The save after the second confirmed chunk fails, as a publication taken over would.
    const crashed = await publisher
      .step(
        inputFor(saved, fileOf(bytes), {
          failSave: (checkpoint) => checkpoint.uploadedBytes === 2 * CHUNK,
        }),
      )
      .catch((error: unknown) => error);
    expect(crashed).toEqual(new Error('publication cancelled'));
    expect(fake.videos).toHaveLength(0);
    expect(saved.checkpoint).toMatchObject({ uploadedBytes: CHUNK });

    await publishAll(saved, fileOf(bytes));
    expect(fake.uploadSessions).toHaveLength(1);
    expect(fake.videos).toHaveLength(1);
    expect(fake.videos[0]?.bytes.equals(bytes)).toBe(true);
    expect(puts().some((put) => put.headers['content-range'] === `bytes */${bytes.length}`)).toBe(
      true,
    );
  });

  it('never uploads again once the held last chunk made the video before the worker died', async () => {
    const bytes = randomBytes(CHUNK + 99);
    const saved = freshSaved();
    const worker = new AbortController();
    // The first chunk is answered; the last one's answer waits.
    const first = fake.holdNextUpload();
    first.release();
    const last = fake.holdNextUpload();
    const step = publisher.step(inputFor(saved, fileOf(bytes), { signal: worker.signal }));
    await last.arrived;
    worker.abort(new Error('worker stopped'));
    await expect(step).rejects.toThrow('worker stopped');
    last.release();
    expect(fake.videos).toHaveLength(1);
    expect(saved.checkpoint).toMatchObject({ lastChunkSent: true });

    const putsBefore = puts().length;
    const resumed = await publisher.step(inputFor(saved, fileOf(bytes)));
    expect(resumed.state).toBe('processing');
    expect(
      puts()
        .slice(putsBefore)
        .map((put) => put.headers['content-range']),
    ).toEqual([`bytes */${bytes.length}`]);
    expect(fake.videos).toHaveLength(1);
    expect(fake.videos[0]?.bytes.equals(bytes)).toBe(true);
  });

  it('replaces an expired session only while no last chunk could have made a video', async () => {
    const bytes = randomBytes(2 * CHUNK);
    const saved = freshSaved();
    await publisher
      .step(
        inputFor(saved, fileOf(bytes), {
          failSave: (checkpoint) => checkpoint.uploadedBytes === CHUNK,
        }),
      )
      .catch(() => null);
    const expired = fake.uploadSessions[0];
    if (expired) expired.expired = true;
    await publishAll(saved, fileOf(bytes));
    expect(fake.uploadSessions).toHaveLength(2);
    expect(fake.videos).toHaveLength(1);
    expect(fake.videos[0]?.bytes.equals(bytes)).toBe(true);

    // Once the last chunk went out, a lost session may have posted: say so, post nothing.
    const lastSent = {
      short: false,
      privacy: 'public',
      sessionUrl: saved.saves[0]?.sessionUrl,
      uploadedBytes: CHUNK,
      lastChunkSent: true,
    };
    const lost = await caught(
      publisher.step(inputFor({ checkpoint: lastSent, saves: [], bytes: [] }, fileOf(bytes))),
    );
    expect(lost.message).toBe(YOUTUBE_PUBLISH_MESSAGES.sessionLost);
    expect(lost.details.transient).toBe(false);
    expect(fake.uploadSessions).toHaveLength(2);
  });

  it('notes that an unaudited project keeps the video private', async () => {
    fake.forcePrivate = true;
    const done = await publishAll(freshSaved(), fileOf(randomBytes(1000)));
    expect(fake.videos[0]?.privacyStatus).toBe('private');
    expect(done.note).toBe(YOUTUBE_PUBLISH_MESSAGES.privateNote);
  });

  it('fails in words when YouTube rejects the video or it was deleted there', async () => {
    const saved = freshSaved();
    const first = await publisher.step(inputFor(saved, fileOf(randomBytes(1000))));
    if (first.state !== 'processing') throw new Error('expected processing');
    saved.checkpoint = first.checkpoint;
    const video = fake.videos[0];
    if (video) video.outcome = { uploadStatus: 'rejected', rejectionReason: 'duplicate' };
    fake.pollsBeforeProcessed = 0;
    const rejected = await caught(publisher.step(inputFor(saved, fileOf(randomBytes(1000)))));
    expect(rejected.message).toBe(
      'YouTube rejected the video: it duplicates a video already on the channel.',
    );
    expect(rejected.details.transient).toBe(false);

    fake.videos.length = 0;
    const deleted = await caught(publisher.step(inputFor(saved, fileOf(randomBytes(1000)))));
    expect(deleted.message).toBe(YOUTUBE_PUBLISH_MESSAGES.deleted);
  });

  it("reads the API's daily quota and the channel's upload limit as final", async () => {
    const file = fileOf(randomBytes(1000));
    const quota = (reason: string) => ({
      match: /^POST \/upload\/youtube\/v3\/videos$/u,
      status: 403,
      body: {
        error: { code: 403, message: 'quota', errors: [{ reason, domain: 'youtube.quota' }] },
      },
    });
    fake.errors.push(quota('quotaExceeded'));
    const daily = await caught(publisher.step(inputFor(freshSaved(), file)));
    expect(daily.message).toBe(YOUTUBE_QUOTA_MESSAGE);
    expect(daily.details.transient).toBe(false);
    fake.errors.push(quota('uploadLimitExceeded'));
    const limit = await caught(publisher.step(inputFor(freshSaved(), file)));
    expect(limit.message).toBe(YOUTUBE_PUBLISH_MESSAGES.uploadLimit);
    expect(limit.details.transient).toBe(false);
  });

  it('resumes after a 5xx on a chunk, and keeps the token and session URL out of errors', async () => {
    const bytes = randomBytes(2 * CHUNK);
    fake.errors.push({ match: /^PUT \/upload\/youtube\/v3\/videos$/u, status: 503 });
    await publishAll(freshSaved(), fileOf(bytes));
    expect(fake.videos[0]?.bytes.equals(bytes)).toBe(true);

    // A platform echoing the request back: neither the token nor the session may show.
    const saved = freshSaved();
    await publisher
      .step(
        inputFor(saved, fileOf(bytes), {
          failSave: (checkpoint) => checkpoint.uploadedBytes === CHUNK,
        }),
      )
      .catch(() => null);
    const sessionUrl = String(saved.checkpoint?.sessionUrl);
    const uploadId = new URL(sessionUrl).searchParams.get('upload_id') ?? '';
    fake.errors.push({
      match: /^PUT \/upload\/youtube\/v3\/videos$/u,
      status: 400,
      body: {
        error: { code: 400, message: `Bad upload ${sessionUrl} ${uploadId} for ${accessToken}` },
      },
    });
    const error = await caught(publisher.step(inputFor(saved, fileOf(bytes))), [
      sessionUrl,
      uploadId,
    ]);
    expect(error.details.transient).toBe(false);
    expect(String(error.cause)).toContain('[redacted]');
  });
});

describe('createPublishers', () => {
  it('makes a publisher per configured platform, TikTok answering creator info too', () => {
    const app = {
      clientId: 'id',
      clientSecret: 'secret',
      authUrl: '',
      tokenUrl: '',
      apiBaseUrl: '',
    };
    const settings: PublishingSettings = {
      tokenKey: null,
      pollSeconds: null,
      youtube: app,
      tiktok: app,
      instagram: null,
    };
    const publishers = createPublishers(settings);
    expect(Object.keys(publishers).sort()).toEqual(['tiktok', 'youtube']);
    expect(publishers.youtube?.platform).toBe('youtube');
    expect(typeof tiktokCreatorInfoSource(settings)?.creatorInfo).toBe('function');
    expect(tiktokCreatorInfoSource({ ...settings, tiktok: null })).toBeNull();
  });
});
