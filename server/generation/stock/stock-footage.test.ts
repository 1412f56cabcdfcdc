// Stock footage as a member gets it, against stand-ins for Pexels and Pixabay (never the real
// services): a 4-scene Spanish video whose every shot shows a different asset (read back from the
// frames: each asset is a colour of its own), searched once per shot in the video's shape and the
// member's language, with a licence record per asset in the API, the shared video and the data
// export; a 429 that falls back within seconds; an empty search that falls back to an offline
// picture with a notice; a day-long search cache; and a blocklisted tag never used.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StoryboardView, VisualCandidate } from '../../../shared/schemas/storyboards';
import type { Storyboard, Video } from '../../../shared/schemas/videos';
import { readZip } from '../../../test/account-data';
import {
  type FakeAsset,
  type FakeStock,
  makeStockLibrary,
  startFakePexels,
  startFakePixabay,
} from '../../../test/fake-stock';
import type { TestClient } from '../../../test/http-client';
import { videoFrame } from '../../../test/media';
import { adminOn, memberOn } from '../../../test/members';
import { setUpTestServer } from '../../../test/server';
import { firstShotVisuals } from '../../../test/storyboards';
import { download, isSettled, listVideos, waitForVideo } from '../../../test/videos';
import { createDatabase } from '../../db/client';
import { StockRepository } from './stock-repository';

const ADMIN_EMAIL = 'stock-admin@example.com';
const env: Record<string, string> = { ADMIN_EMAILS: ADMIN_EMAIL };
let assets: FakeAsset[];
let pexels: FakeStock;
let pixabay: FakeStock;
let folder: string;

// Started before the server, which reads their addresses from `env`.
beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'reelforge-stock-'));
  assets = await makeStockLibrary({ videos: 12, photos: 4, orientation: 'landscape' });
  pexels = await startFakePexels(assets);
  pixabay = await startFakePixabay(assets);
  Object.assign(env, {
    PEXELS_API_KEY: pexels.apiKey,
    PEXELS_BASE_URL: pexels.baseUrl,
    PIXABAY_API_KEY: pixabay.apiKey,
    PIXABAY_BASE_URL: pixabay.baseUrl,
  });
}, 60_000);
const test = setUpTestServer({ env });
afterAll(async () => {
  await pexels?.close();
  await pixabay?.close();
  await rm(folder, { recursive: true, force: true });
});

beforeEach(async () => {
  pexels.searches.length = 0;
  pixabay.searches.length = 0;
  pexels.rateLimitNext = 0;
  pixabay.rateLimitNext = 0;
  pexels.emptyWords.clear();
  pexels.firstInEveryAnswer = [];
  pixabay.emptyWords.clear();
  pixabay.firstInEveryAnswer = [];
});

const RECIPE = {
  title: 'Tortilla española',
  description:
    'Pela y corta las patatas en láminas finas. Fríelas en aceite de oliva con la cebolla hasta que estén tiernas. Bate cuatro huevos y mézclalos con las patatas. Cuaja la tortilla a fuego medio y dale la vuelta con un plato.',
  aspectRatio: 'landscape',
  scenes: 4,
  watermark: false,
  voiceId: 'offline-es',
  sceneSource: 'stock',
} as const;

async function make(client: TestClient, input: Record<string, unknown>) {
  const created = await client.post<{ requestId: number; sceneSource: string }>(
    '/api/video-creation-requests',
    input,
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect(created.body.sceneSource).toBe('stock');
  const video = await waitForVideo(client, created.body.requestId, isSettled, 120_000);
  expect(video.status, video.errorMessage ?? '').toBe('completed');
  return video;
}

type StoryboardShot = NonNullable<Storyboard['scenes'][number]['shots']>[number];

function shotsOf(video: Video): Array<StoryboardShot & { at: number }> {
  const plan = JSON.parse(video.generatedPrompt ?? '{}') as Storyboard;
  return plan.scenes.flatMap((scene) =>
    (scene.shots ?? []).map((shot) => ({
      ...shot,
      at: (scene.startSeconds ?? 0) + (shot.start + shot.end) / 2,
    })),
  );
}

/** The library asset whose colour is nearest the middle of the frame at `seconds`. */
async function assetOnScreen(file: string, seconds: number, video: Video): Promise<FakeAsset> {
  const width = 1280;
  const height = 720;
  expect(video.aspectRatio).toBe('landscape');
  const frame = await videoFrame(file, seconds, 'rgb24');
  const sums = [0, 0, 0];
  let count = 0;
  for (let y = Math.round(height * 0.2); y < Math.round(height * 0.6); y += 6) {
    for (let x = Math.round(width * 0.1); x < Math.round(width * 0.9); x += 6) {
      const at = (y * width + x) * 3;
      for (let channel = 0; channel < 3; channel++) {
        sums[channel] = (sums[channel] ?? 0) + (frame[at + channel] ?? 0);
      }
      count++;
    }
  }
  const mean = sums.map((sum) => sum / count);
  const distance = (asset: FakeAsset) =>
    Math.hypot(...asset.rgb.map((value, index) => value - (mean[index] ?? 0)));
  const nearest = [...assets].sort((a, b) => distance(a) - distance(b))[0] as FakeAsset;
  expect(distance(nearest), `frame at ${seconds}s is ${mean.map(Math.round)}`).toBeLessThan(40);
  return nearest;
}

describe('stock footage', () => {
  it('shows a different asset in every shot, searched once per shot in Spanish and landscape, each credited', async () => {
    const { client } = await memberOn(test, 'Elite');
    const video = await make(client, RECIPE);
    const shots = shotsOf(video);
    expect(shots.length).toBeGreaterThanOrEqual(6);
    // Every shot shows stock footage, no asset twice.
    expect(shots.map((shot) => shot.visual?.source)).toEqual(shots.map(() => 'stock'));
    const ids = shots.map((shot) => shot.visual?.id);
    expect(new Set(ids).size).toBe(shots.length);

    // Pexels answered every search with clips: one search per shot at most (the same query
    // once), all in the video's shape and the member's language; Pixabay was never asked.
    expect(pexels.searches.length).toBeGreaterThan(0);
    expect(pexels.searches.length).toBeLessThanOrEqual(shots.length);
    for (const search of pexels.searches) {
      expect(search.path).toBe('/videos/search');
      expect(search.params.get('orientation')).toBe('landscape');
      expect(search.params.get('locale')).toBe('es-ES');
      expect(search.headers.authorization).toBe(pexels.apiKey);
    }
    const queries = pexels.searches.map((search) => search.params.get('query'));
    expect(new Set(queries).size).toBe(queries.length);
    expect(pixabay.searches).toEqual([]);
    // No 4K rendition was downloaded: the file nearest our size.
    expect(pexels.downloads.some((file) => file.includes('4k'))).toBe(false);

    // Every shot's frames come from its own asset.
    const file = path.join(folder, 'recipe.mp4');
    await writeFile(
      file,
      new Uint8Array(await (await download(client, video.videoUrl as string)).arrayBuffer()),
    );
    const onScreen = [];
    for (const shot of shots) {
      const asset = await assetOnScreen(file, shot.at, video);
      expect(`pexels:${asset.id}`).toBe(shot.visual?.id);
      onScreen.push(asset.id);
    }
    expect(new Set(onScreen).size).toBe(shots.length);

    // A licence record per asset: in the API, on the shared video, in the data export.
    expect(video.assets).toHaveLength(shots.length);
    expect(video.notice).toBeNull();
    for (const [index, asset] of video.assets.entries()) {
      expect(asset).toMatchObject({
        provider: 'pexels',
        assetId: String(onScreen[index]),
        author: `Pexels author ${onScreen[index]}`,
        authorUrl: `https://www.pexels.com/@author-${onScreen[index]}`,
        licence: 'Pexels License',
        licenceUrl: 'https://www.pexels.com/license/',
        fileUrl: `${pexels.baseUrl}/files/${onScreen[index]}.mp4`,
      });
      expect(asset.pageUrl).toMatch(/^https:\/\/www\.pexels\.com\/video\//);
      expect(Date.parse(asset.fetchedAt)).not.toBeNaN();
    }
    const shared = await client.patch(`/api/videos/${video.id}/visibility`, { isPublic: true });
    expect(shared.status).toBe(200);
    const watch = await client.get<{ assets: Video['assets'] }>(`/api/shared-video/${video.id}`);
    expect(watch.body.assets).toEqual(video.assets);
    const exported = await download(client, '/api/account/export');
    const zip = await readZip(Buffer.from(await exported.arrayBuffer()));
    const account = JSON.parse(zip.get('account.json')?.toString('utf8') ?? '{}') as {
      stockAssets: Array<{ videoId: number; assetId: string; licence: string }>;
    };
    expect(account.stockAssets.map((row) => row.assetId)).toEqual(
      video.assets.map((asset) => asset.assetId),
    );

    // Our copies are kept with the video.
    const kept = await test.sql.query<{ storage_key: string }>(
      'select storage_key from video_stock_assets where content_id = $1 order by position',
      [video.id],
    );
    expect(kept.rows.every((row) => row.storage_key.includes('/stock/pexels-'))).toBe(true);

    // The same video again within the day: the searches come from the cache.
    const again = await make(client, { ...RECIPE, title: 'Tortilla española (2)' });
    expect(pexels.searches.length).toBe(queries.length);
    expect(shotsOf(again).every((shot) => shot.visual?.source === 'stock')).toBe(true);

    // Combining keeps the records of the footage in the scenes it takes.
    const combined = await client.post<{ requestId: number }>('/api/combine-videos', {
      title: 'Two tortillas',
      videoIds: [video.id, again.id],
      selectedScenes: [
        { videoId: video.id, scenes: [1, 2] },
        { videoId: again.id, scenes: [1] },
      ],
    });
    expect(combined.status, JSON.stringify(combined.body)).toBe(201);
    const joined = await waitForVideo(client, combined.body.requestId, isSettled, 120_000);
    expect(joined.status, joined.errorMessage ?? '').toBe('completed');
    const plan = (made: Video) => JSON.parse(made.generatedPrompt ?? '{}') as Storyboard;
    const shownIn = (made: Video, scenes: number[]) =>
      plan(made)
        .scenes.filter((scene) => scenes.includes(scene.number))
        .flatMap((scene) => (scene.shots ?? []).map((shot) => shot.visual?.id));
    const expected = [...new Set([...shownIn(video, [1, 2]), ...shownIn(again, [1])])];
    expect(joined.assets.map((asset) => `${asset.provider}:${asset.assetId}`)).toEqual(expected);

    // The admin's CSV lists every record, the combination's too.
    const { client: admin } = await adminOn(test, ADMIN_EMAIL);
    const csv = await admin.get<string>('/api/admin/export/stock-assets');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toContain('stock-assets-export.csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'videoId,userId,email,videoTitle,position,provider,assetId,pageUrl,author,authorUrl,licence,licenceUrl,fileUrl,fetchedAt',
    );
    const rowsOf = (made: Video) => lines.filter((line) => line.startsWith(`${made.id},`));
    expect(rowsOf(video)).toHaveLength(video.assets.length);
    expect(rowsOf(joined)).toHaveLength(joined.assets.length);
    expect(rowsOf(video)[0]).toContain(',pexels,');
    expect(rowsOf(video)[0]).toContain(',Pexels License,https://www.pexels.com/license/,');
  }, 240_000);

  it('falls back to Pixabay within seconds of a Pexels 429, then to offline pictures, and never fails', async () => {
    await test.sql.query('delete from stock_rate_budgets; delete from stock_search_cache');
    const { client } = await memberOn(test, 'Elite');
    pexels.rateLimitNext = 1000;
    const started = Date.now();
    const video = await make(client, {
      title: 'Morning surf lesson',
      description:
        'Wax the board on the sand. Paddle out past the small waves. Stand up in one quick move and ride to the beach.',
      aspectRatio: 'landscape',
      scenes: 2,
      watermark: false,
      voiceId: 'offline-en-us',
      sceneSource: 'stock',
    });
    expect(Date.now() - started).toBeLessThan(30_000);
    // The shots asked side by side and were all turned away; Pixabay answered instead.
    const shots = shotsOf(video);
    expect(pexels.searches.length).toBeLessThanOrEqual(shots.length);
    expect(pexels.searches.every((search) => search.status === 429)).toBe(true);
    expect(pixabay.searches.length).toBeGreaterThan(0);
    for (const search of pixabay.searches) {
      expect(search.params.get('key')).toBe(pixabay.apiKey);
      expect(search.params.get('safesearch')).toBe('true');
      expect(search.params.get('lang')).toBe('en');
    }
    expect(shots.every((shot) => shot.visual?.id?.startsWith('pixabay:'))).toBe(true);
    expect(video.assets[0]).toMatchObject({
      provider: 'pixabay',
      licence: 'Pixabay Content License',
      licenceUrl: 'https://pixabay.com/service/license-summary/',
    });
    expect(video.assets[0]?.authorUrl).toMatch(
      /^https:\/\/pixabay\.com\/users\/pixabay_author_\d+-\d+\/$/,
    );

    // Both services busy: the video is still made, from offline pictures, and says why. Pexels
    // is not asked again: the 429 blocked it for every worker.
    pixabay.rateLimitNext = 1000;
    const askedPexels = pexels.searches.length;
    await test.sql.query('delete from stock_search_cache');
    const offline = await make(client, {
      title: 'Evening yoga flow',
      description: 'Roll out the mat by the window. Breathe in slowly and stretch your arms up.',
      aspectRatio: 'landscape',
      scenes: 1,
      watermark: false,
      voiceId: 'offline-en-us',
      sceneSource: 'stock',
    });
    expect(shotsOf(offline).some((shot) => shot.visual?.source === 'stock')).toBe(false);
    expect(offline.assets).toEqual([]);
    expect(pexels.searches.length).toBe(askedPexels);
    expect(offline.notice).toMatch(
      /asked us to slow down, so \d of \d shots show offline pictures/,
    );
  }, 120_000);

  it('shows an offline picture where a search finds nothing, and never an asset tagged with a blocked word', async () => {
    await test.sql.query('delete from stock_rate_budgets; delete from stock_search_cache');
    const { client } = await memberOn(test, 'Elite');
    const blocked = assets[0] as FakeAsset;
    const before = blocked.description;
    blocked.description = 'man holding a gun in a kitchen';
    pexels.firstInEveryAnswer = [blocked.id];
    pixabay.firstInEveryAnswer = [blocked.id];
    pexels.emptyWords.add('butter');
    pixabay.emptyWords.add('butter');
    try {
      const video = await make(client, {
        title: 'Fresh bread',
        description: 'Take the loaf out of the oven. Spread the butter. Share it with friends.',
        aspectRatio: 'landscape',
        scenes: 2,
        watermark: false,
        voiceId: 'offline-en-us',
        sceneSource: 'stock',
      });
      const shots = shotsOf(video);
      expect(shots.map((shot) => shot.visual?.id)).not.toContain(`pexels:${blocked.id}`);
      expect(shots.map((shot) => shot.visual?.id)).not.toContain(`pixabay:${blocked.id}`);
      const butter = shots.filter((shot) => /butter/i.test(shot.text));
      expect(butter.length).toBeGreaterThan(0);
      for (const shot of butter) expect(shot.visual?.source).not.toBe('stock');
      expect(shots.some((shot) => shot.visual?.source === 'stock')).toBe(true);
      expect(video.notice).toMatch(
        /Stock footage had nothing suitable for \d of \d shots, so they show offline pictures\./,
      );
    } finally {
      blocked.description = before;
    }
  }, 120_000);

  it('lets a member pick stock in a storyboard: offered per shot and by search, previewed through our origin, credited, and kept by a remix', async () => {
    const { client } = await memberOn(test, 'Elite');
    const planned = await client.post<StoryboardView>('/api/storyboards', {
      title: 'Harbour morning',
      description: 'Fishing boats leave the harbour at sunrise. Gulls fly over the quiet water.',
      aspectRatio: 'landscape',
      scenes: 2,
      watermark: false,
      voiceId: 'offline-en-us',
      sceneSource: 'stock',
    });
    expect(planned.status, JSON.stringify(planned.body)).toBe(201);
    const board = planned.body;

    // Each shot is offered stock first, credited, its preview served from our own origin.
    const firstShot = board.scenes[0]?.shots[0];
    const offered = firstShot?.candidates.filter((candidate) => candidate.source === 'stock') ?? [];
    expect(offered.length).toBeGreaterThan(0);
    expect(firstShot?.candidates[0]?.source).toBe('stock');
    const shown = offered[0] as VisualCandidate;
    expect(shown.credit).toMatch(/^P(exels|ixabay) author \d+ on P(exels|ixabay)$/);
    expect(shown.thumbnailUrl).toMatch(/^\/api\/stock-thumbnails\?url=.+&signature=/);
    const preview = await download(client, shown.thumbnailUrl as string);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('image/jpeg');
    const shownAsset = assets.find((asset) => shown.id.endsWith(`:${asset.id}`)) as FakeAsset;
    expect(Buffer.from(await preview.arrayBuffer()).equals(shownAsset.preview)).toBe(true);
    // A link we did not sign fetches nothing, whatever it names.
    const forged = new URL(shown.thumbnailUrl as string, 'http://x');
    forged.searchParams.set('url', `${pexels.baseUrl}/files/${assets[1]?.id}.jpg`);
    expect((await client.get(`${forged.pathname}${forged.search}`)).status).toBe(404);

    // The picker's search finds stock beside our pictures; scene 1 takes a result, scene 2 an offer.
    const search = await client.get<{ candidates: VisualCandidate[] }>(
      `/api/storyboard-visuals?q=lighthouse&storyboardId=${board.id}`,
    );
    expect(search.status).toBe(200);
    const found = search.body.candidates.filter((candidate) => candidate.source === 'stock');
    expect(found.length).toBeGreaterThan(1);
    expect(search.body.candidates.some((candidate) => candidate.source === 'picture')).toBe(true);
    const picked = found.find((candidate) => candidate.id !== shown.id) as VisualCandidate;
    const secondOffer = board.scenes[1]?.shots[0]?.candidates.find(
      (candidate) => candidate.source === 'stock' && candidate.id !== picked.id,
    ) as VisualCandidate;
    expect(secondOffer).toBeDefined();
    const choose = (first: string, second: string) =>
      client.patch<StoryboardView>(
        `/api/storyboards/${board.id}`,
        firstShotVisuals(board, (sceneNumber) => ({
          source: 'stock',
          id: sceneNumber === 1 ? first : second,
        })),
      );
    const unknown = await choose('pexels:999999', secondOffer.id);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      message: 'That stock clip is no longer offered. Please search for it again.',
    });
    const edited = await choose(picked.id, secondOffer.id);
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.scenes[0]?.shots[0]?.visual).toMatchObject({
      source: 'stock',
      id: picked.id,
      label: picked.label,
      thumbnailUrl: picked.thumbnailUrl,
    });

    // Rendered: each chosen shot shows its asset, with a licence record for it.
    const rendered = await client.post<{ requestId: number }>(
      `/api/storyboards/${board.id}/render`,
      {},
    );
    expect(rendered.status, JSON.stringify(rendered.body)).toBe(201);
    const video = await waitForVideo(client, rendered.body.requestId, isSettled, 120_000);
    expect(video.status, video.errorMessage ?? '').toBe('completed');
    const file = path.join(folder, 'chosen.mp4');
    /** The assets on screen in the first shot of each of the two scenes. */
    const onScreenAt = async (videoFile: string, made: Video) => {
      const plan = JSON.parse(made.generatedPrompt ?? '{}') as Storyboard;
      const shots = shotsOf(made);
      const sceneTwo = plan.scenes[1]?.startSeconds ?? 0;
      const second = shots.find((shot) => shot.at > sceneTwo);
      return [
        await assetOnScreen(videoFile, shots[0]?.at ?? 0, made),
        await assetOnScreen(videoFile, second?.at ?? 0, made),
      ];
    };
    await writeFile(
      file,
      new Uint8Array(await (await download(client, video.videoUrl as string)).arrayBuffer()),
    );
    const [one, two] = await onScreenAt(file, video);
    expect(picked.id).toBe(`${picked.id.split(':')[0]}:${one?.id}`);
    expect(secondOffer.id).toBe(`${secondOffer.id.split(':')[0]}:${two?.id}`);
    const credited = video.assets.map((asset) => `${asset.provider}:${asset.assetId}`);
    expect(credited).toContain(picked.id);
    expect(credited).toContain(secondOffer.id);
    expect(
      video.assets.find((asset) => `${asset.provider}:${asset.assetId}` === picked.id),
    ).toMatchObject({
      licence: expect.stringMatching(/^P(exels|ixabay) (License|Content License)$/),
    });

    // A remix in another caption style draws every scene again, each showing the same asset
    // from the video's own copy: nothing is downloaded again.
    const clipsFetched = () =>
      [...pexels.downloads, ...pixabay.downloads].filter((entry) => entry.endsWith('.mp4'));
    const fetchedBefore = clipsFetched().length;
    const remix = await client.post<StoryboardView>(`/api/videos/${video.id}/remix`, {});
    expect(remix.status, JSON.stringify(remix.body)).toBe(201);
    expect(remix.body.scenes[0]?.shots[0]?.visual).toMatchObject({
      source: 'stock',
      id: picked.id,
    });
    const again = await client.patch<StoryboardView>(`/api/storyboards/${remix.body.id}`, {
      updatedAt: remix.body.updatedAt,
      captionStyle: remix.body.captionStyle === 'pop' ? 'minimal' : 'pop',
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const remixed = await client.post<{ requestId: number }>(
      `/api/storyboards/${remix.body.id}/render`,
      {},
    );
    expect(remixed.status, JSON.stringify(remixed.body)).toBe(201);
    let current: Video | undefined;
    for (let tries = 0; tries < 800 && !current; tries++) {
      const library = await listVideos(client);
      const failed = library.find((entry) => entry.status === 'failed');
      expect(failed?.errorMessage ?? null).toBeNull();
      current = library.find((entry) => entry.id === video.id && entry.videoUrl !== video.videoUrl);
      if (!current) await new Promise((resolve) => setTimeout(resolve, 150));
    }
    if (!current) throw new Error('the remix made no new version in time');
    expect(clipsFetched().slice(fetchedBefore)).toEqual([]);
    const remixedFile = path.join(folder, 'remixed.mp4');
    await writeFile(
      remixedFile,
      new Uint8Array(await (await download(client, current.videoUrl as string)).arrayBuffer()),
    );
    const [oneAgain, twoAgain] = await onScreenAt(remixedFile, current);
    expect(oneAgain?.id).toBe(one?.id);
    expect(twoAgain?.id).toBe(two?.id);
    expect(current.assets.map((asset) => `${asset.provider}:${asset.assetId}`)).toEqual(credited);
  }, 240_000);

  it("never lets racing workers past a service's budget, and shares a block", async () => {
    await test.sql.query('delete from stock_rate_budgets');
    const { db, close } = createDatabase(test.database.url, { max: 8 });
    try {
      const repository = new StockRepository(db);
      const now = new Date();
      const taken = await Promise.all(
        Array.from({ length: 30 }, () => repository.takeRequest('pixabay', 12, 60_000, now)),
      );
      expect(taken.filter(Boolean)).toHaveLength(12);
      // A new window opens once the old one has passed.
      expect(
        await repository.takeRequest('pixabay', 12, 60_000, new Date(now.getTime() + 61_000)),
      ).toBe(true);
      await repository.block('pexels', new Date(now.getTime() + 5_000));
      expect(await repository.takeRequest('pexels', 200, 3_600_000, now)).toBe(false);
      expect(
        await repository.takeRequest('pexels', 200, 3_600_000, new Date(now.getTime() + 6_000)),
      ).toBe(true);
      // A day-old answer is swept by the hourly upkeep; a fresh one stays.
      await repository.cacheAnswer(
        'pixabay',
        'video',
        'en|landscape|old',
        [],
        new Date(now.getTime() - 25 * 3_600_000),
      );
      await repository.cacheAnswer('pixabay', 'video', 'en|landscape|new', [], now);
      expect(await repository.pruneCache(now)).toBe(1);
      expect(await repository.cachedAnswer('pixabay', 'video', 'en|landscape|new', now)).toEqual(
        [],
      );
    } finally {
      await close();
    }
  });
});
