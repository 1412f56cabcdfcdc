// Integer ids in paths: only the canonical decimal digits name a row. `0x37`, `+55`, `55.0`,
// `55e0`, `055` or ` 55 ` used to reach row 55 too (the path was coerced like a JavaScript number);
// now they get the answer of an id nobody has, and change nothing. (A NUL anywhere is refused
// before any route, with 400: server/http/text-guard.ts.)
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, TestClient } from '../../test/http-client';
import { setUpTestServer } from '../../test/server';

const test = setUpTestServer({ env: { ROLES: 'api' } });

/** Fixed ids, so that the variants below spell them in other ways. */
const VIDEO_ID = 55;
const FOLDER_ID = 57;

/** Ways to write `id` that are not its canonical digits, or that name no row we could store. */
function variants(id: number): string[] {
  return [
    `0x${id.toString(16)}`,
    `0X${id.toString(16).toUpperCase()}`,
    `0b${id.toString(2)}`,
    `0o${id.toString(8)}`,
    `+${id}`,
    `%2B${id}`,
    `${id}.0`,
    `${id}.`,
    `${id}e0`,
    `${id / 10}e1`,
    `0${id}`,
    `000${id}`,
    `%20${id}%20`,
    `${id}%20`,
    `%09${id}`,
    `-${id}`,
    '0',
    '-0',
    '2147483648',
    '99999999999999999999',
  ];
}

let member: TestClient;

beforeAll(async () => {
  member = new TestClient(test.server.url);
  const { user } = await signUp(member);
  await test.sql.query(
    `insert into video_generated_content
       (id, user_id, title, description, video_key, scenes, aspect_ratio)
     overriding system value values ($1, $2, 'Kept', 'A video.', $3, 1, 'landscape')`,
    [VIDEO_ID, user.id, `users/${user.id}/videos/55-1-abcd1234/video.mp4`],
  );
  await test.sql.query(
    `insert into user_folders (id, user_id, folder_name, folder_icon)
     overriding system value values ($1, $2, 'Kept', '📁')`,
    [FOLDER_ID, user.id],
  );
});

async function favorite(): Promise<boolean> {
  const { rows } = await test.sql.query(
    'select favorites from video_generated_content where id = $1',
    [VIDEO_ID],
  );
  return rows[0].favorites;
}

async function folderExists(): Promise<boolean> {
  const { rows } = await test.sql.query('select 1 from user_folders where id = $1', [FOLDER_ID]);
  return rows.length === 1;
}

describe('PATCH /api/videos/{id}/favorite', () => {
  it.each(variants(VIDEO_ID))('answers %s as an unknown video and changes nothing', async (id) => {
    const response = await member.request('PATCH', `/api/videos/${id}/favorite`, {
      body: { favorites: true },
    });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ code: 'NOT_FOUND', message: 'Video not found' });
    expect(await favorite()).toBe(false);
  });

  it('answers an id nobody has the same way', async () => {
    const response = await member.request('PATCH', '/api/videos/54/favorite', {
      body: { favorites: true },
    });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ code: 'NOT_FOUND', message: 'Video not found' });
  });

  it('changes the video named by its canonical id', async () => {
    const response = await member.request('PATCH', `/api/videos/${VIDEO_ID}/favorite`, {
      body: { favorites: true },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: VIDEO_ID, favorites: true });
    expect(await favorite()).toBe(true);
    await test.sql.query('update video_generated_content set favorites = false where id = $1', [
      VIDEO_ID,
    ]);
  });
});

describe('DELETE /api/user-folders/{id}', () => {
  it.each(variants(FOLDER_ID))(
    'answers %s as an unknown folder and deletes nothing',
    async (id) => {
      const response = await member.request('DELETE', `/api/user-folders/${id}`);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ code: 'NOT_FOUND', message: 'Folder not found' });
      expect(await folderExists()).toBe(true);
    },
  );

  it('answers an id nobody has the same way', async () => {
    const response = await member.request('DELETE', '/api/user-folders/56');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ code: 'NOT_FOUND', message: 'Folder not found' });
  });

  it('deletes the folder named by its canonical id', async () => {
    const response = await member.request('DELETE', `/api/user-folders/${FOLDER_ID}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ folderName: 'Kept' });
    expect(await folderExists()).toBe(false);
  });
});

describe('the other integer ids in paths', () => {
  it.each([
    ['DELETE', '/api/video-generated-content/{id}', 'Video not found'],
    ['DELETE', '/api/video-creation-requests/{id}', 'Video not found'],
    ['DELETE', '/api/video-creation-requests/req-{id}', 'Video not found'],
    ['DELETE', '/api/video-jobs/{id}', 'Job not found'],
    ['POST', '/api/video-jobs/{id}/unlink', 'Job not found'],
    ['PATCH', '/api/videos/{id}/visibility', 'Video not found'],
    ['PATCH', '/api/videos/{id}/retry', 'Video not found'],
    ['GET', '/api/shared-video/{id}', 'Video not found'],
  ])('%s %s answers every variant 404', async (method, route, message) => {
    const wrong: string[] = [];
    for (const id of variants(VIDEO_ID)) {
      const response = await member.request(method, route.replace('{id}', id), {
        body: method === 'PATCH' && route.endsWith('visibility') ? { isPublic: true } : undefined,
      });
      const body = response.body as { code?: string; message?: string };
      if (response.status !== 404 || body.code !== 'NOT_FOUND' || body.message !== message) {
        wrong.push(`${id} → ${response.status} ${JSON.stringify(body)}`);
      }
    }
    expect(wrong).toEqual([]);
    const { rows } = await test.sql.query(
      'select is_public from video_generated_content where id = $1',
      [VIDEO_ID],
    );
    expect(rows).toEqual([{ is_public: false }]);
  });
});
