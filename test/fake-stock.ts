// Stand-ins for Pexels and Pixabay at the HTTP boundary, with their documented request and answer
// shapes (docs: pexels.com/api/documentation, pixabay.com/api/docs): Pexels' `/videos/search` and
// `/v1/search` with the raw key in Authorization and X-Ratelimit-* (Reset a UNIX time) on 2xx only;
// Pixabay's `/api/videos/` and `/api/` with `key=` and X-RateLimit-* (Reset in seconds), errors as
// plain text. Each serves a library of real media made by ffmpeg: every asset a solid colour of
// its own, so a test can tell from a frame which asset a shot shows. A test scripts 429s, empty
// answers and tags, and reads every request.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { runFfmpeg } from '../server/media/ffmpeg';

export type FakeAsset = {
  id: number;
  media: 'video' | 'photo';
  /** Its colour, as ffmpeg names it (`0xd02020`), and as RGB for the frame checks. */
  colour: string;
  rgb: [number, number, number];
  width: number;
  height: number;
  /** Seconds (videos). */
  duration: number;
  /** Pexels' alt text / Pixabay's tags. */
  description: string;
  bytes: Buffer;
  /** A JPEG preview (a clip's `image` / thumbnail; a photo's is the photo itself). */
  preview: Buffer;
};

export type StockRequest = {
  path: string;
  params: URLSearchParams;
  headers: IncomingMessage['headers'];
  /** Whether it was answered with results. */
  status: number;
};

export type FakeStock = {
  baseUrl: string;
  apiKey: string;
  assets: FakeAsset[];
  /** Every search (not file downloads), in order. */
  searches: StockRequest[];
  downloads: string[];
  /** When the stand-in last finished answering anything (ms since 1970). */
  lastAnswerAt: number;
  /** The next this-many searches are answered 429. */
  rateLimitNext: number;
  /** Searches whose query contains one of these words find nothing. */
  emptyWords: Set<string>;
  /** Assets put first in every answer whatever the query (to check the blocklist). */
  firstInEveryAnswer: number[];
  /** X-Ratelimit-Remaining on the next 2xx answers. */
  remaining: number;
  close(): Promise<void>;
};

/** Distinct, saturated colours: each asset one, far apart in RGB. */
const PALETTE: Array<[string, [number, number, number]]> = [
  ['0xe02020', [224, 32, 32]],
  ['0x20c040', [32, 192, 64]],
  ['0x2040e0', [32, 64, 224]],
  ['0xe0e020', [224, 224, 32]],
  ['0xe020e0', [224, 32, 224]],
  ['0x20e0e0', [32, 224, 224]],
  ['0xf08000', [240, 128, 0]],
  ['0x8000f0', [128, 0, 240]],
  ['0x808080', [128, 128, 128]],
  ['0xffffff', [255, 255, 255]],
  ['0x006040', [0, 96, 64]],
  ['0x600000', [96, 0, 0]],
  ['0x000080', [0, 0, 128]],
  ['0xff80c0', [255, 128, 192]],
  ['0x80ff80', [128, 255, 128]],
  ['0xc0a060', [192, 160, 96]],
];

/** Real media for a library: `videos` clips and `photos` stills of the given shape. */
export async function makeStockLibrary(options: {
  videos: number;
  photos: number;
  orientation: 'landscape' | 'portrait';
  /** Seconds of each clip. */
  seconds?: number;
  /** A moving test pattern (its hue turned per asset) instead of a flat colour: footage with
   * detail, for the benchmark's decoding cost. */
  detailed?: boolean;
}): Promise<FakeAsset[]> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'reelforge-fake-stock-'));
  const portrait = options.orientation === 'portrait';
  const seconds = options.seconds ?? 6;
  try {
    const assets: FakeAsset[] = [];
    const total = options.videos + options.photos;
    for (let index = 0; index < total; index++) {
      const [colour, rgb] = PALETTE[index % PALETTE.length] as (typeof PALETTE)[number];
      const media = index < options.videos ? 'video' : 'photo';
      const [width, height] = portrait ? [360, 640] : [640, 360];
      const file = path.join(folder, `${index}.${media === 'video' ? 'mp4' : 'jpg'}`);
      const duration = media === 'video' ? `:d=${seconds}` : '';
      const source = options.detailed
        ? `testsrc2=s=${width}x${height}:r=25${duration},hue=h=${index * 23}`
        : `color=c=${colour}:s=${width}x${height}:r=25${duration}`;
      await runFfmpeg([
        ...['-f', 'lavfi', '-i', source],
        ...(media === 'video'
          ? ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p']
          : ['-frames:v', '1', '-update', '1']),
        ...['-y', file],
      ]);
      const preview = path.join(folder, `${index}-preview.jpg`);
      if (media === 'video') {
        await runFfmpeg(['-i', file, '-frames:v', '1', '-vf', 'scale=160:-2', '-y', preview]);
      }
      assets.push({
        id: 1000 + index,
        media,
        colour,
        rgb,
        width,
        height,
        duration: media === 'video' ? seconds : 0,
        description: `a ${media} of colour ${index}`,
        bytes: await readFile(file),
        preview: await readFile(media === 'video' ? preview : file),
      });
    }
    return assets;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * The answer's assets for a query: the library's of that media, in an order that depends on the
 * query (so different shots see different first results), the scripted ones first.
 */
function answerAssets(
  fake: FakeStock,
  media: 'video' | 'photo',
  query: string,
  orientation: 'landscape' | 'portrait' | null,
): FakeAsset[] {
  if ([...fake.emptyWords].some((word) => query.toLowerCase().includes(word))) return [];
  const pool = fake.assets.filter(
    (asset) =>
      asset.media === media &&
      (orientation === null || asset.height > asset.width === (orientation === 'portrait')),
  );
  let hash = 0;
  for (const char of query) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  const start = pool.length > 0 ? hash % pool.length : 0;
  const rotated = [...pool.slice(start), ...pool.slice(0, start)];
  const first = fake.firstInEveryAnswer.flatMap((id) => rotated.filter((asset) => asset.id === id));
  return [...first, ...rotated.filter((asset) => !fake.firstInEveryAnswer.includes(asset.id))];
}

/** Where a stand-in listens (a free port by default) and the key it takes (a random one). */
export type StandInOptions = { port?: number; apiKey?: string };

async function startStand(
  handle: (fake: FakeStock, url: URL, req: IncomingMessage, res: ServerResponse) => void,
  apiKey: string,
  assets: FakeAsset[],
  port = 0,
): Promise<FakeStock> {
  const fake: FakeStock = {
    baseUrl: '',
    apiKey,
    assets,
    searches: [],
    downloads: [],
    lastAnswerAt: 0,
    rateLimitNext: 0,
    emptyWords: new Set(),
    firstInEveryAnswer: [],
    remaining: 150,
    close: async () => {},
  };
  const server = createServer((req, res) => {
    res.on('finish', () => {
      fake.lastAnswerAt = Date.now();
    });
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const file = /^\/files\/(\d+)\.(mp4|jpg)$/u.exec(url.pathname);
    if (file) {
      const asset = fake.assets.find((entry) => entry.id === Number(file[1]));
      fake.downloads.push(url.pathname);
      if (!asset) {
        res.writeHead(404).end();
        return;
      }
      // A clip's `.jpg` is its preview, as the services serve a clip's thumbnail.
      const bytes = asset.media === 'video' && file[2] === 'jpg' ? asset.preview : asset.bytes;
      res
        .writeHead(200, {
          'content-type': file[2] === 'jpg' ? 'image/jpeg' : 'video/mp4',
          'content-length': String(bytes.length),
        })
        .end(bytes);
      return;
    }
    handle(fake, url, req, res);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

/** Pexels: GET /videos/search and /v1/search, `Authorization: {key}`. */
export function startFakePexels(
  assets: FakeAsset[],
  options: StandInOptions = {},
): Promise<FakeStock> {
  return startStand(
    (fake, url, req, res) => {
      const media =
        url.pathname === '/videos/search'
          ? 'video'
          : url.pathname === '/v1/search'
            ? 'photo'
            : null;
      const record = (status: number) =>
        fake.searches.push({
          path: url.pathname,
          params: url.searchParams,
          headers: req.headers,
          status,
        });
      if (!media) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not found"}');
        return;
      }
      if (req.headers.authorization !== fake.apiKey) {
        record(401);
        res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"Unauthorized"}');
        return;
      }
      if (fake.rateLimitNext > 0) {
        fake.rateLimitNext--;
        record(429);
        // Pexels' 429 carries no rate-limit headers.
        res.writeHead(429, { 'content-type': 'text/plain' }).end('Too Many Requests');
        return;
      }
      record(200);
      const query = url.searchParams.get('query') ?? '';
      const perPage = Number(url.searchParams.get('per_page') ?? 15);
      const orientation = url.searchParams.get('orientation');
      const found = answerAssets(
        fake,
        media,
        query,
        orientation === 'portrait' || orientation === 'landscape' ? orientation : null,
      ).slice(0, perPage);
      const page =
        media === 'video'
          ? {
              page: 1,
              per_page: perPage,
              total_results: found.length,
              url: `https://www.pexels.com/search/videos/${encodeURIComponent(query)}/`,
              videos: found.map((asset) => ({
                id: asset.id,
                width: asset.width,
                height: asset.height,
                url: `https://www.pexels.com/video/${asset.description.replaceAll(' ', '-')}-${asset.id}/`,
                image: `${fake.baseUrl}/files/${asset.id}.jpg`,
                duration: asset.duration,
                user: {
                  id: 7,
                  name: `Pexels author ${asset.id}`,
                  url: `https://www.pexels.com/@author-${asset.id}`,
                },
                video_files: [
                  {
                    id: asset.id * 10,
                    quality: 'sd',
                    file_type: 'video/mp4',
                    width: asset.width,
                    height: asset.height,
                    fps: 25,
                    link: `${fake.baseUrl}/files/${asset.id}.mp4`,
                  },
                  // A 4K rendition (labelled "hd", as Pexels does) we must not pick.
                  {
                    id: asset.id * 10 + 1,
                    quality: 'hd',
                    file_type: 'video/mp4',
                    width: asset.width * 6,
                    height: asset.height * 6,
                    fps: 25,
                    link: `${fake.baseUrl}/files/4k-${asset.id}.mp4`,
                  },
                  {
                    id: asset.id * 10 + 2,
                    quality: 'hls',
                    file_type: 'video/mp4',
                    width: null,
                    height: null,
                    link: `${fake.baseUrl}/files/${asset.id}.m3u8`,
                  },
                ],
                video_pictures: [],
              })),
            }
          : {
              page: 1,
              per_page: perPage,
              total_results: found.length,
              photos: found.map((asset) => ({
                id: asset.id,
                width: asset.width,
                height: asset.height,
                url: `https://www.pexels.com/photo/${asset.description.replaceAll(' ', '-')}-${asset.id}/`,
                photographer: `Pexels author ${asset.id}`,
                photographer_url: `https://www.pexels.com/@author-${asset.id}`,
                photographer_id: 7,
                avg_color: '#808080',
                src: {
                  original: `${fake.baseUrl}/files/${asset.id}.jpg`,
                  large2x: `${fake.baseUrl}/files/${asset.id}.jpg`,
                  large: `${fake.baseUrl}/files/${asset.id}.jpg`,
                  tiny: `${fake.baseUrl}/files/${asset.id}.jpg`,
                },
                liked: false,
                alt: asset.description,
              })),
            };
      res
        .writeHead(200, {
          'content-type': 'application/json',
          'x-ratelimit-limit': '20000',
          'x-ratelimit-remaining': String(fake.remaining),
          'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 30 * 24 * 3600),
        })
        .end(JSON.stringify(page));
    },
    options.apiKey ?? `pexels-key-${Math.random().toString(36).slice(2)}`,
    assets,
    options.port,
  );
}

/** Pixabay: GET /api/videos/ and /api/, `key=` in the query, `safesearch=true` expected. */
export function startFakePixabay(
  assets: FakeAsset[],
  options: StandInOptions = {},
): Promise<FakeStock> {
  return startStand(
    (fake, url, req, res) => {
      const media =
        url.pathname === '/api/videos/' ? 'video' : url.pathname === '/api/' ? 'photo' : null;
      const record = (status: number) =>
        fake.searches.push({
          path: url.pathname,
          params: url.searchParams,
          headers: req.headers,
          status,
        });
      if (!media) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
        return;
      }
      if (url.searchParams.get('key') !== fake.apiKey) {
        record(400);
        res
          .writeHead(400, { 'content-type': 'text/plain' })
          .end('[ERROR 400] Invalid or missing API key');
        return;
      }
      if (fake.rateLimitNext > 0) {
        fake.rateLimitNext--;
        record(429);
        res
          .writeHead(429, {
            'content-type': 'text/plain',
            'x-ratelimit-limit': '100',
            'x-ratelimit-remaining': '0',
            'x-ratelimit-reset': '40',
          })
          .end('API rate limit exceeded');
        return;
      }
      record(200);
      const query = url.searchParams.get('q') ?? '';
      const perPage = Number(url.searchParams.get('per_page') ?? 20);
      // The video search has no orientation: it answers every shape (the library's).
      const orientation = url.searchParams.get('orientation');
      const found = answerAssets(
        fake,
        media,
        query,
        media === 'photo' && orientation !== null && orientation !== 'all'
          ? orientation === 'vertical'
            ? 'portrait'
            : 'landscape'
          : null,
      ).slice(0, perPage);
      const user = (asset: FakeAsset) => ({
        user_id: 40 + asset.id,
        user: `pixabay_author_${asset.id}`,
      });
      const page = {
        total: found.length,
        totalHits: found.length,
        hits: found.map((asset) =>
          media === 'video'
            ? {
                id: asset.id,
                pageURL: `https://pixabay.com/videos/${asset.description.replaceAll(' ', '-')}-${asset.id}/`,
                type: 'film',
                tags: asset.description.split(' ').join(', '),
                duration: asset.duration,
                videos: {
                  // No 4K rendition: Pixabay sends an empty url and size 0.
                  large: { url: '', width: 0, height: 0, size: 0, thumbnail: '' },
                  medium: {
                    url: `${fake.baseUrl}/files/${asset.id}.mp4`,
                    width: asset.width,
                    height: asset.height,
                    size: asset.bytes.length,
                    thumbnail: `${fake.baseUrl}/files/${asset.id}.jpg`,
                  },
                  small: {
                    url: `${fake.baseUrl}/files/${asset.id}.mp4`,
                    width: asset.width,
                    height: asset.height,
                    size: asset.bytes.length,
                    thumbnail: `${fake.baseUrl}/files/${asset.id}.jpg`,
                  },
                  tiny: {
                    url: `${fake.baseUrl}/files/${asset.id}.mp4`,
                    width: asset.width / 2,
                    height: asset.height / 2,
                    size: asset.bytes.length,
                    thumbnail: `${fake.baseUrl}/files/${asset.id}.jpg`,
                  },
                },
                views: 1,
                downloads: 1,
                likes: 1,
                comments: 0,
                ...user(asset),
                userImageURL: '',
              }
            : {
                id: asset.id,
                pageURL: `https://pixabay.com/photos/${asset.description.replaceAll(' ', '-')}-${asset.id}/`,
                type: 'photo',
                tags: asset.description.split(' ').join(', '),
                previewURL: `${fake.baseUrl}/files/${asset.id}.jpg`,
                previewWidth: 150,
                previewHeight: 84,
                webformatURL: `${fake.baseUrl}/files/${asset.id}.jpg`,
                webformatWidth: asset.width,
                webformatHeight: asset.height,
                largeImageURL: `${fake.baseUrl}/files/${asset.id}.jpg`,
                imageWidth: asset.width,
                imageHeight: asset.height,
                imageSize: asset.bytes.length,
                views: 1,
                downloads: 1,
                likes: 1,
                comments: 0,
                ...user(asset),
                userImageURL: '',
              },
        ),
      };
      res
        .writeHead(200, {
          'content-type': 'application/json',
          'x-ratelimit-limit': '100',
          'x-ratelimit-remaining': String(fake.remaining),
          'x-ratelimit-reset': '60',
        })
        .end(JSON.stringify(page));
    },
    options.apiKey ?? `pixabay-key-${Math.random().toString(36).slice(2)}`,
    assets,
    options.port,
  );
}
