// GET /api/videos with paging, search and folder, for members with many videos: pages that never
// skip or repeat an entry, search over title and description in any case, and one folder at a time.
import http from 'node:http';
import zlib from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Video } from '../../../shared/schemas/videos';
import { signUp, TestClient, type TestResponse } from '../../../test/http-client';
import { setUpTestServer } from '../../../test/server';

const test = setUpTestServer({ env: { ROLES: 'api' } });
let client: TestClient;
let userId: string;
let folderId: number;
type Page = { items: Video[]; nextCursor: string | null };

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
  });

  it('refuses a bad cursor or folder, and sees only the member’s own videos', async () => {
    expect((await client.get('/api/videos?cursor=bm9wZQ')).status).toBe(400);
    expect((await client.get('/api/videos?folder=everything')).status).toBe(400);
    const stranger = new TestClient(test.server.url);
    await signUp(stranger);
    expect((await stranger.get<Page>('/api/videos?limit=10')).body).toEqual({
      items: [],
      nextCursor: null,
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
