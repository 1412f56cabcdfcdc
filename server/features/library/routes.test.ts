// The library on the real server with real rendered videos: favourites, folders, sharing, deletion,
// media proxies and link previews, each scoped to its owner (anyone else gets 404, nothing changes).

import { mkdtempSync, writeFileSync } from 'node:fs';
import { access } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDuration } from '../../../shared/format';
import type { Video } from '../../../shared/schemas/videos';
import { signUp, TestClient } from '../../../test/http-client';
import { setUpTestServer } from '../../../test/server';
import { isSettled, listVideos, videoInput, waitForVideo } from '../../../test/videos';

// A stand-in for the built client: the server injects link-preview tags into its index.html.
const clientDir = mkdtempSync(path.join(os.tmpdir(), 'reelforge-client-'));
writeFileSync(
  path.join(clientDir, 'index.html'),
  '<!doctype html><html><head><title>Reelforge</title>\n    <meta name="description" content="Reelforge turns a title into a video." />\n  </head><body><div id="root"></div></body></html>',
);
const test = setUpTestServer({ clientDir });

let owner: TestClient;
let stranger: TestClient;
let first: Video;
let second: Video;
let spliced: Video;
/** A title with every replacement pattern that would splice the page into itself, and markup. */
const splicingTitle = `Tom's $' and $& or $\` "<b>cut</b>"`;

async function render(client: TestClient, title: string): Promise<Video> {
  const created = await client.post<{ requestId: number }>('/api/video-creation-requests', {
    ...videoInput,
    title,
  });
  return waitForVideo(client, created.body.requestId, isSettled);
}

beforeAll(async () => {
  owner = new TestClient(test.server.url);
  await signUp(owner);
  stranger = new TestClient(test.server.url);
  await signUp(stranger);
  [first, second, spliced] = await Promise.all([
    render(owner, 'First light'),
    render(owner, 'Second wind'),
    render(owner, splicingTitle),
  ]);
  expect([first.status, second.status, spliced.status]).toEqual([
    'completed',
    'completed',
    'completed',
  ]);
}, 60_000);

describe('the member’s videos', () => {
  it('lists finished videos with integer ids next to req- entries, newest first', async () => {
    const queued = await owner.post<{ id: string }>('/api/video-creation-requests', videoInput);
    const videos = await listVideos(owner);
    expect(videos[0]?.id).toBe(queued.body.id);
    expect(videos.map((video) => video.id)).toEqual(
      expect.arrayContaining([first.id, second.id, queued.body.id]),
    );
    expect(await listVideos(stranger)).toEqual([]);
    await waitForVideo(owner, Number(queued.body.id.slice(4)), isSettled);
  });

  it('favourites a video for its owner only', async () => {
    expect(
      (await stranger.patch(`/api/videos/${first.id}/favorite`, { favorites: true })).status,
    ).toBe(404);
    const response = await owner.patch<Video>(`/api/videos/${first.id}/favorite`, {
      favorites: true,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: first.id, favorites: true });
    expect((await listVideos(owner)).find((video) => video.id === first.id)?.favorites).toBe(true);
  });
});

describe('folders', () => {
  it('creates a folder, files a video in it, counts it, and deletes it leaving the video', async () => {
    const blank = await owner.post('/api/user-folders', { folderName: '  ', folderIcon: '🎬' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Please enter a name for your folder.');
    expect(
      (await owner.post('/api/user-folders', { folderName: 'Ads', folderIcon: 'x' })).status,
    ).toBe(400);

    const folder = await owner.post<{ id: number; folderName: string; folderIcon: string }>(
      '/api/user-folders',
      { folderName: 'Client work', folderIcon: '🎬' },
    );
    expect(folder.status).toBe(201);
    expect(folder.body).toMatchObject({ folderName: 'Client work', folderIcon: '🎬' });

    expect(
      (
        await stranger.patch(`/api/videos/${first.id}/assign-folder`, {
          userFolderId: folder.body.id,
        })
      ).status,
    ).toBe(404);
    const theirs = await stranger.post<{ id: number }>('/api/user-folders', {
      folderName: 'Mine',
      folderIcon: '📁',
    });
    expect(
      (await owner.patch(`/api/videos/${first.id}/assign-folder`, { userFolderId: theirs.body.id }))
        .status,
    ).toBe(404);

    const assigned = await owner.patch(`/api/videos/${first.id}/assign-folder`, {
      userFolderId: folder.body.id,
    });
    expect(assigned.body).toEqual({ userFolderId: folder.body.id, folderName: 'Client work' });
    expect((await owner.get('/api/folders')).body).toEqual([
      { id: folder.body.id, name: 'Client work', videoCount: 1, type: 'manual', icon: '🎬' },
    ]);
    expect((await owner.get('/api/user-folders')).body).toEqual([folder.body]);
    expect((await stranger.get('/api/user-folders')).body).toEqual([theirs.body]);

    expect((await stranger.request('DELETE', `/api/user-folders/${folder.body.id}`)).status).toBe(
      404,
    );
    const removed = await owner.request('DELETE', `/api/user-folders/${folder.body.id}`);
    expect(removed.body).toEqual({ folderName: 'Client work' });
    expect(
      (await listVideos(owner)).find((video) => video.id === first.id)?.userFolderId,
    ).toBeNull();

    const unassigned = await owner.patch(`/api/videos/${first.id}/assign-folder`, {
      userFolderId: null,
    });
    expect(unassigned.body).toEqual({ userFolderId: null, folderName: null });
  });
});

describe('sharing', () => {
  it('keeps a video private until shared, then serves it and its link preview to anyone', async () => {
    const visitor = new TestClient(test.server.url);
    expect((await visitor.get(`/api/shared-video/${second.id}`)).status).toBe(404);
    expect((await visitor.get(second.videoUrl as string)).status).toBe(404);
    expect(
      (await stranger.patch(`/api/videos/${second.id}/visibility`, { isPublic: true })).status,
    ).toBe(404);

    const shared = await owner.patch<Video>(`/api/videos/${second.id}/visibility`, {
      isPublic: true,
    });
    expect(shared.body.isPublic).toBe(true);
    const answer = await visitor.get(`/api/shared-video/${second.id}`);
    expect(answer.body).toEqual({
      title: 'Second wind',
      description: videoInput.description,
      videoUrl: second.videoUrl,
      thumbnailUrl: second.thumbnailUrl,
      createdAt: second.createdAt,
      aspectRatio: 'landscape',
      scenes: 1,
      // As long as it speaks (3–8 s), in m:ss.
      duration: formatDuration(second.duration ?? 0),
      // A new member's videos are narrated by the default voice, Ava (US English).
      captionsUrl: expect.stringMatching(/\.vtt$/),
      captionsLanguage: 'en-US',
      // Drawn into the frames too: players offer the track under CC.
      captionsBurnedIn: true,
      chaptersUrl: expect.stringMatching(/chapters\.vtt$/),
      assets: [],
    });
    expect((answer.body as { captionsUrl: string }).captionsUrl).toBe(second.captionsUrl);
    // Its scenes as chapters, served to the visitor like the rest of a shared video.
    const chapters = await visitor.get((answer.body as { chaptersUrl: string }).chaptersUrl);
    expect(chapters.status).toBe(200);
    const captions = await visitor.get(second.captionsUrl as string);
    expect(captions.status).toBe(200);
    expect(String(captions.headers.get('content-type'))).toContain('text/vtt');
    expect(String(captions.body)).toMatch(/^WEBVTT/);
    const range = await fetch(new URL(second.videoUrl as string, test.server.url), {
      headers: { range: 'bytes=0-1023' },
    });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toMatch(/^bytes 0-1023\/\d+$/);

    const page = await fetch(`${test.server.url}/watch/${second.id}`);
    const html = await page.text();
    expect(html).toContain(
      '<meta property="og:title" content="Second wind | Made with Reelforge">',
    );
    expect(html).toMatch(
      /<meta property="og:image" content="http:\/\/[^"]+\/media\/users\/[^"]+\/thumbnail\.jpg">/,
    );
    expect(html).toContain('<title>Second wind | Made with Reelforge</title>');
    // The page's own description gives way to the video's: one description, not two.
    expect(html.match(/<meta name="description"[^>]*>/g)).toEqual([
      `<meta name="description" content="${videoInput.description.slice(0, 300)}">`,
    ]);

    await owner.patch(`/api/videos/${second.id}/visibility`, { isPublic: false });
    expect((await visitor.get(`/api/shared-video/${second.id}`)).status).toBe(404);
    const privatePage = await (await fetch(`${test.server.url}/watch/${second.id}`)).text();
    expect(privatePage).not.toContain('og:title');
    expect(privatePage).toContain('content="Reelforge turns a title into a video."');
    expect((await visitor.get('/api/shared-video/req-1')).status).toBe(404);
    expect((await visitor.get('/api/shared-video/999999')).status).toBe(404);
  });

  it("puts a title with $' $& $` into the /watch page as text, never splicing the page in", async () => {
    await owner.patch(`/api/videos/${spliced.id}/visibility`, { isPublic: true });
    const html = await (await fetch(`${test.server.url}/watch/${spliced.id}`)).text();
    const escaped =
      'Tom&#39;s $&#39; and $&amp; or $` &quot;&lt;b&gt;cut&lt;/b&gt;&quot; | Made with Reelforge';
    expect(html.match(/<title>[^<]*<\/title>/g)).toEqual([`<title>${escaped}</title>`]);
    expect(html.match(/<meta property="og:title"[^>]*>/g)).toEqual([
      `<meta property="og:title" content="${escaped}">`,
    ]);
    expect(html.match(/<meta name="twitter:title"[^>]*>/g)).toEqual([
      `<meta name="twitter:title" content="${escaped}">`,
    ]);
    // Each of the page's own pieces once: nothing of it copied into the title or the tags.
    for (const piece of ['<!doctype html>', '<head>', '</head>', '<div id="root">', '<title>']) {
      expect(html.split(piece)).toHaveLength(2);
    }
    expect(html.split('Made with Reelforge')).toHaveLength(4);
  });
});

describe('media proxies', () => {
  it('downloads the owner’s video as an attachment named after its title', async () => {
    const url = encodeURIComponent(first.videoUrl as string);
    const response = await owner.get(
      `/api/proxy/download?url=${url}&filename=${encodeURIComponent('First light.mp4')}`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="First light.mp4"; filename*=UTF-8''First%20light.mp4`,
    );
    expect(response.headers.get('content-type')).toContain('video/mp4');
    expect((await stranger.get(`/api/proxy/download?url=${url}`)).status).toBe(404);
    const media = await fetch(`${test.server.url}/api/proxy/media?url=${url}`, {
      headers: { cookie: owner.cookieHeader, range: 'bytes=0-9' },
    });
    expect(media.status).toBe(206);
  });

  it.each([
    'http://169.254.169.254/latest/meta-data/',
    'http://127.0.0.1:5432/',
    'file:///etc/passwd',
    '/media/../../etc/passwd',
    '/media/users/../../auth-secret',
    'https://example.com/media/users/x/video.mp4',
    '//example.com/media/x.mp4',
    '//evil.example/media/users/x/video.mp4',
    '\\\\evil.example/media/users/x/video.mp4',
    '/media/users\\x\\video.mp4',
    '/%2F/evil.example/media/users/x/video.mp4',
  ])('refuses %s with 400 and fetches nothing', async (address) => {
    for (const route of ['/api/proxy/media', '/api/proxy/download']) {
      const response = await owner.get(`${route}?url=${encodeURIComponent(address)}`);
      expect(response.status).toBe(400);
    }
  });
});

describe('deleting', () => {
  it('deletes a finished video and its media, for its owner only; its shared page goes too', async () => {
    await owner.patch(`/api/videos/${first.id}/visibility`, { isPublic: true });
    const visitor = new TestClient(test.server.url);
    expect((await visitor.get(`/api/shared-video/${first.id}`)).status).toBe(200);
    expect(
      (await stranger.request('DELETE', `/api/video-generated-content/${first.id}`)).status,
    ).toBe(404);
    const { rows } = await test.sql.query(
      'select video_key from video_generated_content where id = $1',
      [first.id],
    );
    const folder = path.dirname(path.join(test.server.config.dataDir, 'media', rows[0].video_key));
    const response = await owner.request('DELETE', `/api/video-generated-content/${first.id}`);
    expect(response.body).toEqual({ deleted: true });
    expect((await listVideos(owner)).some((video) => video.title === 'First light')).toBe(false);
    await expect(access(folder)).rejects.toThrow();
    expect((await visitor.get(`/api/shared-video/${first.id}`)).status).toBe(404);
    expect((await visitor.get(first.videoUrl as string)).status).toBe(404);
    expect((await owner.request('DELETE', `/api/video-generated-content/${first.id}`)).status).toBe(
      404,
    );
  });
});
