// GET /api/videos with paging, search and folder, for members with many videos: pages that never
// skip or repeat an entry, search over title and description in any case, any of several folders,
// how many match on the first page, and the library in numbers (GET /api/videos/summary).
import http from 'node:http';
import zlib from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Video, VideoSummary } from '../../../shared/schemas/videos';
import { signUp, TestClient, type TestResponse } from '../../../test/http-client';
import { setUpTestServer } from '../../../test/server';

const test = setUpTestServer({ env: { ROLES: 'api' } });
let client: TestClient;
let userId: string;
let folderId: number;
type Page = { items: Video[]; nextCursor: string | null; total: number | null };

beforeAll(async () => {
  client = new TestClient(test.server.url);
  userId = (await signUp(client)).user.id as string;
  const folder = await client.post<{ id: number }>('/api/user-folders', {
    folderName: 'Ads',
    folderIcon: '🎬',
  });
  folderId = folder.body.id;
  // 45 finished videos (some sharing one timestamp, to test the tie-break) and 5 open requests.
  await test.sql.query(
    `insert into video_generated_content (user_id, title, description, video_key, scenes, aspect_ratio, created_at, favorites, user_folder_id)
     select $1, 'Video ' || n, case when n % 10 = 0 then 'A Lighthouse story' else 'plain' end,
            'users/' || $1 || '/videos/x/video.mp4', 1, 'landscape',
            timestamptz '2026-11-01 12:00:00+00' + (n / 3) * interval '1 minute', n % 7 = 0,
            case when n % 5 = 0 then $2::int end
     from generate_series(1, 45) n`,
    [userId, folderId],
  );
  await test.sql.query(
    `insert into video_creation_requests (user_id, title, description, status, created_at)
     select $1, 'Request ' || n, 'waiting', 'queued', timestamptz '2026-11-01 12:00:00+00' + (n * 4) * interval '1 minute'
     from generate_series(1, 5) n`,
    [userId],
  );
});

async function all(query: string): Promise<Video[]> {
  const seen: Video[] = [];
  let cursor: string | null = null;
  do {
    const response: TestResponse<Page> = await client.get<Page>(
      `/api/videos?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(response.status).toBe(200);
    seen.push(...response.body.items);
    cursor = response.body.nextCursor;
  } while (cursor);
  return seen;
}

describe('GET /api/videos paging', () => {
  it('walks the whole library in pages, in the same order as the plain call', async () => {
    const plain = (await client.get<Video[]>('/api/videos')).body;
    expect(plain).toHaveLength(50);
    const first = await client.get<Page>('/api/videos?limit=7');
    expect(first.body.items).toHaveLength(7);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    // The first page says how many there are in all; later pages do not count again.
    expect(first.body.total).toBe(50);
    const second = await client.get<Page>(
      `/api/videos?limit=7&cursor=${encodeURIComponent(first.body.nextCursor as string)}`,
    );
    expect(second.body.total).toBeNull();
    const paged = await all('limit=7');
    expect(paged.map((video) => video.id)).toEqual(plain.map((video) => video.id));
  });

  it('says how long the server took, for the network panel and the bench', async () => {
    const response = await client.get('/api/videos?limit=7');
    expect(response.headers.get('server-timing')).toMatch(/^app;dur=\d+\.\d$/);
  });

  it('searches title and description in any case', async () => {
    const found = await all('limit=3&q=lighthouse');
    expect(found.map((video) => video.title).sort()).toEqual(
      ['Video 10', 'Video 20', 'Video 30', 'Video 40'].sort(),
    );
    expect(await all('limit=5&q=REQUEST%203')).toEqual([
      expect.objectContaining({ id: expect.stringMatching(/^req-/) }),
    ]);
    expect(await all('limit=5&q=100%25')).toEqual([]);
  });

  it('filters by folder and favourites', async () => {
    expect(
      (await all(`limit=4&folder=manual:${folderId}`)).map((video) => video.title).sort(),
    ).toEqual(
      [
        'Video 5',
        'Video 10',
        'Video 15',
        'Video 20',
        'Video 25',
        'Video 30',
        'Video 35',
        'Video 40',
        'Video 45',
      ].sort(),
    );
    expect((await all('limit=4&folder=favorites')).every((video) => video.favorites)).toBe(true);
    expect(await all('limit=4&folder=favorites')).toHaveLength(6);
    const favourites = await client.get<Page>('/api/videos?limit=4&folder=favorites');
    expect(favourites.body.total).toBe(6);
  });

  it('shows a video in any of several folders once, and counts them', async () => {
    // Folder: every 5th video (9); favourites: every 7th (6); Video 35 is both.
    const either = await all(`limit=4&folder=manual:${folderId},favorites`);
    expect(either).toHaveLength(14);
    expect(new Set(either.map((video) => video.id)).size).toBe(14);
    const first = await client.get<Page>(`/api/videos?limit=4&folder=favorites,manual:${folderId}`);
    expect(first.body.total).toBe(14);
    // Search narrows a folder view too.
    expect(
      (await all(`limit=4&folder=manual:${folderId},favorites&q=lighthouse`)).map((v) => v.title),
    ).toHaveLength(4);
  });

  it('sums the library up: by status, favourites, in all', async () => {
    const summary = await client.get<VideoSummary>('/api/videos/summary');
    expect(summary.status).toBe(200);
    expect(summary.body).toEqual({
      total: 50,
      completed: 45,
      queued: 5,
      processing: 0,
      failed: 0,
      favorites: 6,
    });
  });

  it('refuses a bad cursor or folder, and sees only the member’s own videos', async () => {
    expect((await client.get('/api/videos?cursor=bm9wZQ')).status).toBe(400);
    for (const folder of [
      'everything',
      'favorites,',
      `manual:${folderId},nope`,
      'job:2147483648',
    ]) {
      const response = await client.get(`/api/videos?folder=${encodeURIComponent(folder)}`);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ field: 'folder' });
    }
    expect((await client.get('/api/videos?limit=201')).body).toMatchObject({
      message: 'limit must be a whole number from 1 to 200.',
    });
    const stranger = new TestClient(test.server.url);
    await signUp(stranger);
    expect((await stranger.get<Page>('/api/videos?limit=10')).body).toEqual({
      items: [],
      nextCursor: null,
      total: 0,
    });
    expect(
      (await stranger.get<Page>(`/api/videos?limit=10&folder=manual:${folderId}`)).body,
    ).toMatchObject({ items: [], total: 0 });
    expect((await stranger.get<VideoSummary>('/api/videos/summary')).body).toMatchObject({
      total: 0,
      favorites: 0,
    });
  });

  it('sends pages compressed to a browser that accepts it, the same JSON once unpacked', async () => {
    const plain = await client.get<Page>('/api/videos?limit=50');
    for (const [encoding, unpack] of [
      ['br', zlib.brotliDecompressSync],
      ['gzip', zlib.gunzipSync],
    ] as const) {
      const answer = await rawGet(`/api/videos?limit=50`, {
        cookie: client.cookieHeader,
        'accept-encoding': encoding,
      });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(answer.body.length).toBeLessThan(JSON.stringify(plain.body).length / 4);
      expect(JSON.parse(unpack(answer.body).toString())).toEqual(plain.body);
    }
    const identity = await rawGet('/api/videos?limit=50', { cookie: client.cookieHeader });
    expect(identity.headers['content-encoding']).toBeUndefined();
  });
});

/** A GET with exactly these headers (fetch would ask for, and unpack, compression itself). */
function rawGet(path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(new URL(path, test.server.url), { headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks),
            }),
          );
        })
        .on('error', reject);
    },
  );
}
