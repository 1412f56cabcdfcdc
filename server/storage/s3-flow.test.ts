// The whole life of a video with media in a bucket (a real S3-protocol server) and its footage
// from a paid model (a stand-in fal): created, completed, played by range, downloaded through a
// presigned link, deleted with its objects (the model's clip among them).
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProviderClip, startFakeFal } from '../../test/fake-providers';
import { signUp, TestClient } from '../../test/http-client';
import { probeBytes } from '../../test/media';
import { startS3Server, TEST_BUCKET } from '../../test/s3-server';
import { setUpTestServer } from '../../test/server';
import { isSettled, videoInput, waitForVideo } from '../../test/videos';

const [fal, s3] = await Promise.all([startFakeFal(), startS3Server()]);
const test = setUpTestServer({
  env: {
    ...s3.env,
    VIDEO_PROVIDER: 'fal',
    FAL_KEY: fal.apiKey,
    FAL_BASE_URL: fal.baseUrl,
    VIDEO_POLL_SECONDS: '0.1',
  },
});

beforeAll(async () => {
  fal.script = {
    pollsBeforeDone: 1,
    outcome: 'succeed',
    rateLimitedPolls: 0,
    output: await makeProviderClip(),
  };
});
afterAll(async () => {
  await fal.close();
  await s3.close();
});

async function bucketKeys(prefix: string): Promise<string[]> {
  const client = new S3Client({
    endpoint: s3.settings.endpoint ?? undefined,
    region: s3.settings.region,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  const page = await client.send(new ListObjectsV2Command({ Bucket: TEST_BUCKET, Prefix: prefix }));
  return (page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : []));
}

describe('a video kept in object storage', () => {
  it('is created, completed, played, downloaded and deleted with its objects', async () => {
    const client = new TestClient(test.server.url);
    const { user } = await signUp(client);
    const created = await client.post<{ requestId: number }>(
      '/api/video-creation-requests',
      videoInput,
    );
    expect(created.status).toBe(201);
    const video = await waitForVideo(client, created.body.requestId, isSettled, 60_000);
    expect(video.status).toBe('completed');

    // Video, thumbnail and scene in the bucket, and the provider's own clip, kept while the video
    // exists so a remix asking the same of the model reuses it.
    const keys = await bucketKeys(`users/${user.id}/videos/`);
    expect(keys.some((key) => key.endsWith('/video.mp4'))).toBe(true);
    expect(keys.some((key) => key.endsWith('/thumbnail.jpg'))).toBe(true);
    expect(keys.some((key) => key.endsWith('/scene-1.mp4'))).toBe(true);
    expect(keys).toContain(
      `users/${user.id}/videos/${created.body.requestId}-1-generated/scene-1.mp4`,
    );

    // Played by range from the bucket, with the owner check.
    const cookie = { cookie: client.cookieHeader };
    const ranged = await fetch(new URL(video.videoUrl ?? '', client.baseUrl), {
      headers: { ...cookie, range: 'bytes=0-1023' },
    });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toMatch(/^bytes 0-1023\/\d+$/);
    expect((await ranged.arrayBuffer()).byteLength).toBe(1024);
    const stranger = await fetch(new URL(video.videoUrl ?? '', client.baseUrl));
    expect(stranger.status).toBe(404);

    // Downloaded through a one-minute link to the bucket, named after the video.
    const proxy = `/api/proxy/download?url=${encodeURIComponent(video.videoUrl ?? '')}&filename=${encodeURIComponent('Harbour at dawn')}`;
    const redirect = await fetch(new URL(proxy, client.baseUrl), {
      headers: cookie,
      redirect: 'manual',
    });
    expect(redirect.status).toBe(302);
    const link = redirect.headers.get('location') ?? '';
    expect(link.startsWith(s3.settings.endpoint ?? '')).toBe(true);
    const file = await fetch(link);
    expect(file.headers.get('content-disposition')).toContain('Harbour at dawn.mp4');
    const info = await probeBytes(new Uint8Array(await file.arrayBuffer()));
    expect(info.durationSeconds).toBeCloseTo(8, 0);

    const removed = await client.request('DELETE', `/api/video-generated-content/${video.id}`);
    expect(removed.status).toBe(200);
    expect(await bucketKeys(`users/${user.id}/videos/`)).toEqual([]);
  }, 90_000);
});
