// HEAD on stored media answers what GET would, without the bytes: the real Content-Length (of the
// whole file, or of the range asked for), on local disk and in a bucket alike, on /media/{key} and
// on the proxies.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, TestClient } from '../../../test/http-client';
import { startS3Server, TEST_BUCKET } from '../../../test/s3-server';
import { setUpTestServer } from '../../../test/server';

const s3 = await startS3Server();
const onDisk = setUpTestServer({ env: { ROLES: 'api' } });
const inBucket = setUpTestServer({ env: { ROLES: 'api', ...s3.env } });
afterAll(() => s3.close());

/** 5,000 bytes that differ along the file, so a wrong range would show. */
const VIDEO = Buffer.from(Array.from({ length: 5000 }, (_, index) => index % 251));

type Store = { owner: TestClient; mediaUrl: string; addresses: string[] };
const stores: Store[] = [];

beforeAll(async () => {
  for (const test of [onDisk, inBucket]) {
    const owner = new TestClient(test.server.url);
    const ownerId = (await signUp(owner)).user.id as string;
    const key = `users/${ownerId}/videos/7-1-beefcafe/video.mp4`;
    if (test === onDisk) {
      const file = path.join(test.server.config.dataDir, 'media', key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, VIDEO);
    } else {
      const client = new S3Client({
        endpoint: s3.settings.endpoint ?? undefined,
        region: s3.settings.region,
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      });
      await client.send(
        new PutObjectCommand({
          Bucket: TEST_BUCKET,
          Key: key,
          Body: VIDEO,
          ContentType: 'video/mp4',
        }),
      );
    }
    const mediaUrl = `/media/${key}`;
    const proxied = `?url=${encodeURIComponent(mediaUrl)}`;
    const addresses = [mediaUrl, `/api/proxy/media${proxied}`];
    // From a bucket a download is a redirect to a presigned link: the bucket answers HEAD there.
    if (test === onDisk) addresses.push(`/api/proxy/download${proxied}&filename=clip`);
    stores.push({ owner, mediaUrl, addresses });
  }
});

const COMPARED = [
  'content-length',
  'content-disposition',
  'content-type',
  'content-range',
  'accept-ranges',
  'etag',
  'last-modified',
  'cache-control',
];

function picked(headers: Headers): Record<string, string | null> {
  return Object.fromEntries(COMPARED.map((name) => [name, headers.get(name)]));
}

describe.each([
  ['local disk', 0],
  ['a bucket', 1],
])('HEAD on media on %s', (_name, index) => {
  const store = () => stores[index] as Store;

  it('answers the whole file’s length and GET’s headers, with no body', async () => {
    const { owner, addresses } = store();
    for (const address of addresses) {
      const got = await owner.get(address);
      const head = await owner.request('HEAD', address);
      expect(got.status).toBe(200);
      expect(head.status).toBe(200);
      expect(picked(head.headers)).toEqual(picked(got.headers));
      expect(head.headers.get('content-length')).toBe('5000');
      expect(head.body).toBeNull();
    }
  });

  it('answers the range’s length and Content-Range for a range request', async () => {
    const { owner, addresses } = store();
    for (const address of addresses) {
      const range = { range: 'bytes=1000-1499' };
      const got = await owner.request('GET', address, { headers: range });
      const head = await owner.request('HEAD', address, { headers: range });
      expect(got.status).toBe(206);
      expect(head.status).toBe(206);
      expect(picked(head.headers)).toEqual(picked(got.headers));
      expect(head.headers.get('content-length')).toBe('500');
      expect(head.headers.get('content-range')).toBe('bytes 1000-1499/5000');
      expect(head.body).toBeNull();
    }
  });

  it('answers 416 with the length for a range past the end, as GET does', async () => {
    const { owner, mediaUrl } = store();
    const range = { range: 'bytes=9000-' };
    const got = await owner.request('GET', mediaUrl, { headers: range });
    const head = await owner.request('HEAD', mediaUrl, { headers: range });
    expect(got.status).toBe(416);
    expect(head.status).toBe(416);
    expect(head.headers.get('content-range')).toBe('bytes */5000');
  });

  it('answers 404 to a stranger, as GET does', async () => {
    const { owner, mediaUrl } = store();
    const stranger = new TestClient(owner.baseUrl);
    expect((await stranger.request('HEAD', mediaUrl)).status).toBe(404);
  });
});
