// The Instagram publisher against a stand-in of the Reels content publishing API, over real
// HTTP: the container made from the video's public link (which the stand-in fetches from a small
// server here), its status polled, media_publish and the permalink; a crash between the publish
// and saving its answer still makes one post; expired and failed containers; and Meta's own
// errors with no token or video link in them. What every publisher promises (a refused token, a
// rate limit, a step given up) is platform.contract.test.ts's.
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeInstagram, startFakeInstagram } from '../../../../test/fake-platforms';
import {
  caughtPlatformError,
  freshSaved as harnessFreshSaved,
  type Saved,
  stepInput,
  stepUntilPublished,
} from '../../../../test/publisher-harness';
import { INSTAGRAM_PERMISSION_MESSAGE } from './instagram';
import {
  createInstagramPublisher,
  INSTAGRAM_PUBLISH_MESSAGES,
  instagramCaption,
} from './instagram-publisher';
import { PlatformError } from './platform';
import type { PostDetails, PublishCheckpoint, PublishedFile, Publisher } from './publisher';

let fake: FakeInstagram;
let publisher: Publisher;
let accessToken: string;
let media: Server;
let mediaBaseUrl: string;
/** What the small media server serves, by path; anything else is a 404. */
const served = new Map<string, Buffer>();

beforeAll(async () => {
  fake = await startFakeInstagram();
  media = createServer((request, response) => {
    const bytes = served.get(new URL(request.url ?? '/', 'http://media').pathname);
    if (!bytes) return response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'video/mp4' }).end(bytes);
  });
  await new Promise<void>((resolve) => media.listen(0, '127.0.0.1', resolve));
  mediaBaseUrl = `http://127.0.0.1:${(media.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await fake.close();
  media.closeAllConnections();
  await new Promise((resolve) => media.close(resolve));
});
beforeEach(() => {
  fake.errors = [];
  fake.received = [];
  fake.containers.length = 0;
  fake.media.length = 0;
  fake.pollsBeforeFinished = 1;
  served.clear();
  accessToken = fake.accessToken();
  publisher = createInstagramPublisher(fake.settings, { pollAfterMs: 5 });
});

const POST: PostDetails = {
  title: 'The lighthouse keeper',
  description: 'A night shift at the edge of the sea.',
  hashtags: ['lighthouse', 'sea'],
  privacy: 'public',
  tiktokPrivacyLevel: null,
  tiktokAllow: null,
};

/** A file served at a signed-looking link, as storage's presigned URLs are. */
function fileOf(bytes: Buffer): PublishedFile & { link: string } {
  const path = `/videos/${randomBytes(6).toString('hex')}.mp4`;
  served.set(path, bytes);
  const link = `${mediaBaseUrl}${path}?X-Amz-Signature=${randomBytes(16).toString('hex')}`;
  return {
    bytes: bytes.length,
    durationSeconds: 30,
    aspectRatio: 'portrait',
    contentType: 'video/mp4',
    read: async (range) =>
      Readable.from([range ? bytes.subarray(range.start, range.end + 1) : bytes]),
    publicUrl: async () => link,
    link,
  };
}

const inputFor = (
  saved: Saved,
  file: PublishedFile,
  failSave?: (checkpoint: PublishCheckpoint) => boolean,
) =>
  stepInput(
    { accessToken, accountId: fake.account.id, accountName: fake.account.name, post: POST },
    saved,
    file,
    { failSave },
  );

/** Steps until published, waiting a little while the stand-in fetches the video. */
const publishAll = (saved: Saved, file: PublishedFile) =>
  stepUntilPublished(publisher, () => inputFor(saved, file), saved, { maxSteps: 20, wait: true });

const freshSaved = harnessFreshSaved;

/** The PlatformError a promise rejects with, carrying neither the token nor `secrets`. */
const caught = (promise: Promise<unknown>, secrets: string[] = []) =>
  caughtPlatformError(promise, [accessToken, ...secrets]);

function sent(method: string, pattern: RegExp) {
  return fake.received.filter(
    (request) => request.method === method && pattern.test(request.path.split('?')[0] ?? ''),
  );
}

/** Waits until the stand-in has the container's video (or gave up fetching it). */
async function downloaded(): Promise<void> {
  for (let tries = 0; tries < 100; tries += 1) {
    if (fake.containers.every((container) => container.download !== 'pending')) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('the Instagram publisher', () => {
  it('makes a Reels container from the link, waits for it, publishes and links the post', async () => {
    const bytes = randomBytes(250_000);
    const file = fileOf(bytes);
    const saved = freshSaved();
    const first = await publisher.step(inputFor(saved, file));
    expect(first.state).toBe('processing');
    const created = sent('POST', /^\/v23\.0\/\d+\/media$/u)[0];
    expect(created?.path).toBe(`/v23.0/${fake.account.id}/media`);
    expect(created?.headers.authorization).toBe(`Bearer ${accessToken}`);
    expect(created?.body).toEqual({
      media_type: 'REELS',
      video_url: file.link,
      caption: 'The lighthouse keeper\n\nA night shift at the edge of the sea.\n\n#lighthouse #sea',
      share_to_feed: 'true',
    });
    expect(saved.saves[0]).toMatchObject({ containerId: fake.containers[0]?.id });

    const done = await publishAll(saved, file);
    expect(fake.media).toHaveLength(1);
    const reel = fake.media[0];
    expect(reel?.bytes.equals(bytes)).toBe(true);
    expect(reel?.caption).toBe(instagramCaption(POST));
    expect(done).toEqual({ state: 'published', postId: reel?.id, postUrl: reel?.permalink });
    expect(sent('GET', /^\/v23\.0\/\d+$/u).map((request) => request.path)).toContain(
      `/v23.0/${fake.containers[0]?.id}?fields=status_code,status`,
    );
    expect(sent('POST', /\/media_publish$/u)[0]?.body).toEqual({
      creation_id: fake.containers[0]?.id,
    });
  });

  it('still makes one post after a crash between media_publish and saving its answer', async () => {
    const bytes = randomBytes(50_000);
    const file = fileOf(bytes);
    const saved = freshSaved();
    await publisher.step(inputFor(saved, file));
    await downloaded();
    fake.pollsBeforeFinished = 0;
    const crashed = await publisher
      .step(inputFor(saved, file, (checkpoint) => checkpoint.mediaId !== undefined))
      .catch((error: unknown) => error);
    expect(crashed).toEqual(new Error('publication cancelled'));
    expect(fake.media).toHaveLength(1);
    expect(saved.checkpoint).toMatchObject({ publishAsked: true });
    expect(saved.checkpoint?.mediaId).toBeUndefined();

    const done = await publisher.step(inputFor(saved, file));
    expect(done).toEqual({
      state: 'published',
      postId: fake.media[0]?.id,
      postUrl: fake.media[0]?.permalink,
    });
    expect(sent('POST', /\/media_publish$/u)).toHaveLength(1);
    expect(fake.media).toHaveLength(1);
  });

  it('links the profile when a published container has no Reel it can be told by', async () => {
    const file = fileOf(randomBytes(1000));
    const saved = freshSaved();
    await publisher.step(inputFor(saved, file));
    await downloaded();
    fake.pollsBeforeFinished = 0;
    await publisher
      .step(inputFor(saved, file, (checkpoint) => checkpoint.mediaId !== undefined))
      .catch(() => null);
    const reel = fake.media[0];
    if (reel) reel.caption = 'edited on Instagram';
    const done = await publisher.step(inputFor(saved, file));
    expect(done).toEqual({
      state: 'published',
      postId: fake.containers[0]?.id,
      postUrl: 'https://www.instagram.com/lighthouse.stories/',
      note: INSTAGRAM_PUBLISH_MESSAGES.noLink,
    });
  });

  it('makes a new container for an expired one, and for one that could not fetch the video', async () => {
    const bytes = randomBytes(10_000);
    const file = fileOf(bytes);
    const saved = freshSaved();
    await publisher.step(inputFor(saved, file));
    const stale = fake.containers[0];
    if (stale) stale.createdAt -= 25 * 60 * 60_000;
    await publishAll(saved, file);
    expect(fake.containers).toHaveLength(2);
    expect(fake.media).toHaveLength(1);
    expect(fake.media[0]?.containerId).toBe(fake.containers[1]?.id);

    // A link Instagram cannot fetch: new containers, then the member is told.
    fake.containers.length = 0;
    const missing = {
      ...fileOf(bytes),
      publicUrl: async () => `${mediaBaseUrl}/gone.mp4?sig=0123456789abcdef`,
    };
    const failing = freshSaved();
    let error: unknown = null;
    for (let steps = 0; steps < 20 && !error; steps += 1) {
      await downloaded();
      const step = await publisher.step(inputFor(failing, missing)).catch((thrown: unknown) => {
        error = thrown;
        return null;
      });
      if (step?.state === 'processing') failing.checkpoint = step.checkpoint;
    }
    expect(error).toBeInstanceOf(PlatformError);
    expect((error as PlatformError).message).toBe(INSTAGRAM_PUBLISH_MESSAGES.fetchFailed);
    expect(fake.containers).toHaveLength(3);
  });

  it('fails in words for a video Instagram cannot take', async () => {
    const file = fileOf(randomBytes(1000));
    const saved = freshSaved();
    await publisher.step(inputFor(saved, file));
    const container = fake.containers[0];
    if (container) container.error = 'Error: Media upload has failed with error code 2207026';
    const error = await caught(publisher.step(inputFor(saved, file)));
    expect(error.message).toBe(INSTAGRAM_PUBLISH_MESSAGES.unsupportedVideo);
    expect(error.details.transient).toBe(false);
  });

  it("reads Meta's passing errors, the daily limit, spam and missing permissions", async () => {
    const file = fileOf(randomBytes(1000));
    const graph = (code: number, subcode?: number, extra: Record<string, unknown> = {}) => ({
      error: {
        message: 'refused',
        type: 'OAuthException',
        code,
        ...(subcode === undefined ? {} : { error_subcode: subcode }),
        fbtrace_id: 'AbC123',
        ...extra,
      },
    });
    fake.errors.push({
      match: /^POST \/v23\.0\/\d+\/media$/u,
      status: 400,
      body: graph(2, undefined, { is_transient: true }),
    });
    expect((await caught(publisher.step(inputFor(freshSaved(), file)))).details.transient).toBe(
      true,
    );

    fake.errors.push({
      match: /^POST \/v23\.0\/\d+\/media$/u,
      status: 400,
      body: graph(9, 2207042),
    });
    const daily = await caught(publisher.step(inputFor(freshSaved(), file)));
    expect(daily.message).toBe(INSTAGRAM_PUBLISH_MESSAGES.dailyLimit);
    expect(daily.details.transient).toBe(false);

    fake.errors.push({
      match: /^POST \/v23\.0\/\d+\/media$/u,
      status: 400,
      body: graph(4, 2207051),
    });
    expect((await caught(publisher.step(inputFor(freshSaved(), file)))).message).toBe(
      INSTAGRAM_PUBLISH_MESSAGES.spam,
    );

    const limited = fake.accessToken({ scopes: ['instagram_business_basic'] });
    const denied = await caught(
      publisher.step({ ...inputFor(freshSaved(), file), accessToken: limited }),
      [limited],
    );
    expect(denied.message).toBe(INSTAGRAM_PERMISSION_MESSAGE);
  });

  it('keeps the token and the video link out of an error that echoes them', async () => {
    const file = fileOf(randomBytes(1000));
    const signature = new URL(file.link).searchParams.get('X-Amz-Signature') ?? '';
    fake.errors.push({
      match: /^POST \/v23\.0\/\d+\/media$/u,
      status: 400,
      body: {
        error: {
          message: `Cannot fetch ${file.link} (${signature}) with access_token=${accessToken}`,
          type: 'OAuthException',
          code: 100,
          fbtrace_id: 'AbC123',
        },
      },
    });
    const error = await caught(publisher.step(inputFor(freshSaved(), file)), [
      file.link,
      signature,
    ]);
    expect(error.details.transient).toBe(false);
    expect(String(error.cause)).toContain('[redacted]');
  });
});
