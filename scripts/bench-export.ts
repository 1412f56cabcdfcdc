// Measures "Download my data" (GET /api/account/export) for scripts/bench.mjs (one JSON line on
// stdout): a member whose export is about 10 MB downloads it over real HTTP, whole, as the browser
// does (median of a few runs), with the media
//   - on local disk (the default store), and
//   - in a bucket (s3rver, a real S3-protocol server) behind a stand-in network that adds
//     NETWORK_DELAY_MS to each request, about what a bucket in the same region takes to answer;
// each for two libraries of about 10 MB: 10 videos (video, thumbnail, captions) and 4 uploads, and
// 150 short videos (454 objects), where the time per stored object shows. Then the memory the
// export keeps while it streams, at 10 MB and at 40 MB on local disk: the live heap and buffers
// (after a collection, with the reader paused at each eighth) above what they are once it is over.
// A streamed zip keeps the same at both sizes; a copy of the whole zip would grow four times.
// The server runs in this process (scripts/bench-support.ts), api role only.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import type pg from 'pg';
import type { Storage } from '../server/storage/storage';
import { userUploadPrefix, videoFileKeys, videoPrefix } from '../server/storage/storage-keys';
import { startS3Server } from '../test/s3-server';
import { member, withBenchServer } from './bench-support';

const RUNS = 3;
const NETWORK_DELAY_MS = 20;
const UPLOADS = 4;
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** A library: how many videos, and each file's size (media is random: it does not compress). */
type Library = { label: string; videos: number; videoBytes: number; thumbnailBytes: number };
const LIBRARIES: Library[] = [
  { label: '10 videos', videos: 10, videoBytes: 900_000, thumbnailBytes: 60_000 },
  { label: '150 short videos', videos: 150, videoBytes: 50_000, thumbnailBytes: 12_000 },
];
/** For memory: the first library, and the same four times larger. */
const MEMORY_SIZES = [10, 40];

/**
 * A TCP stand-in for a network between the API and its bucket: what the API sends reaches the
 * bucket `delayMs` later (order kept), so each request takes that much longer to be answered.
 */
async function slowNetwork(target: URL, delayMs: number) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.on('data', (chunk) => setTimeout(() => upstream.write(chunk), delayMs));
    client.on('end', () => setTimeout(() => upstream.end(), delayMs));
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Runs `work` on each of `items`, `concurrency` at a time. */
async function eachLimited<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await work(items[next++] as T);
    }),
  );
}

/** A member with `library` stored, some rows of everything for account.json; their client. */
async function memberWithLibrary(
  server: { url: string; sql: pg.Pool; storage: Storage },
  library: Library,
) {
  const { url, sql, storage } = server;
  const client = member(url);
  const email = `bench-export-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  await client.request('POST', '/api/auth/signup', { email, password: 'correct horse battery' });
  const { rows } = await sql.query('select id from users where email = $1', [email]);
  const userId = rows[0].id as string;

  const videos = Array.from({ length: library.videos }, (_, index) => ({
    index,
    keys: videoFileKeys(videoPrefix(userId, index + 1, 1)),
  }));
  await eachLimited(videos, 16, async ({ keys }) => {
    await storage.putBuffer(keys.video, randomBytes(library.videoBytes));
    await storage.putBuffer(keys.thumbnail, randomBytes(library.thumbnailBytes));
    await storage.putBuffer(keys.captions, Buffer.from('WEBVTT\n\n'.repeat(250)));
  });
  for (let index = 0; index < UPLOADS; index++) {
    await storage.putBuffer(`${userUploadPrefix(userId)}upload-${index}.png`, randomBytes(200_000));
  }
  await sql.query(
    `insert into video_generated_content
       (user_id, title, description, video_key, thumbnail_key, captions_key, duration, scenes,
        aspect_ratio, width, height, generated_prompt)
     select $1, 'Harbour at dusk #' || n, 'Boats come home as the lamps come on.',
            ($2::text[])[n], ($3::text[])[n], ($4::text[])[n], 8, 1, 'landscape', 1280, 720,
            '{"scenes":[]}'
     from generate_series(1, $5::int) n`,
    [
      userId,
      videos.map(({ keys }) => keys.video),
      videos.map(({ keys }) => keys.thumbnail),
      videos.map(({ keys }) => keys.captions),
      library.videos,
    ],
  );
  // account.json: a year of ledger lines and notifications, and an hourly job with its runs.
  await sql.query(
    `insert into credit_ledger (user_id, amount, transaction_type, description, created_at)
     select $1, -1, 'spend', 'Video #' || n, now() - make_interval(hours => n)
     from generate_series(1, 1000) n`,
    [userId],
  );
  await sql.query(
    `insert into notifications (user_id, kind, title, message)
     select $1, 'video', 'Video ready', 'Harbour at dusk #' || n || ' is ready.'
     from generate_series(1, 300) n`,
    [userId],
  );
  const job = await sql.query(
    `insert into video_jobs (user_id, job_name, frequency) values ($1, 'Hourly harbour', 'hourly')
     returning id`,
    [userId],
  );
  await sql.query(
    `insert into video_job_runs (job_id, due_at, status, reason)
     select $1, now() - make_interval(hours => n), 'skipped', 'Not enough credits'
     from generate_series(1, 2000) n`,
    [job.rows[0].id],
  );
  return client;
}

/** Downloads the member's export whole, chunk by chunk, as a browser saves it. */
async function download(url: string, cookie: string) {
  const started = performance.now();
  const response = await fetch(new URL('/api/account/export', url), {
    headers: { cookie, 'accept-encoding': 'gzip, deflate, br, zstd' },
  });
  if (response.status !== 200 || !response.body) throw new Error(`export: ${response.status}`);
  let bytes = 0;
  for await (const chunk of response.body) bytes += chunk.length;
  return { ms: performance.now() - started, bytes };
}

async function timeLibrary(
  server: { url: string; sql: pg.Pool; storage: Storage },
  library: Library,
) {
  const client = await memberWithLibrary(server, library);
  const times: number[] = [];
  let bytes = 0;
  for (let run = 0; run < RUNS; run++) {
    const result = await download(server.url, client.cookie());
    times.push(result.ms);
    bytes = result.bytes;
  }
  return {
    library: library.label,
    objects: library.videos * 3 + UPLOADS,
    bytes,
    ms: median(times),
  };
}

/** Live heap and buffers after a full collection. */
function liveBytes(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  // The least of three: a collection can leave some garbage it is still sweeping.
  let least = Number.POSITIVE_INFINITY;
  for (let attempt = 0; attempt < 3; attempt++) {
    gc?.();
    const { heapUsed, arrayBuffers } = process.memoryUsage();
    least = Math.min(least, heapUsed + arrayBuffers);
  }
  return least;
}

/**
 * The most the export keeps alive while it streams: the reader (node:http, which stops reading the
 * socket while paused, so it holds next to nothing itself) pauses at each eighth of the download,
 * long enough for the server to fill what it buffers, and the live memory then is compared with
 * the live memory once the download is over (the same process, without the export).
 */
async function exportMemory(
  server: { url: string; sql: pg.Pool; storage: Storage },
  megabytes: number,
) {
  const base = LIBRARIES[0] as Library;
  const client = await memberWithLibrary(server, {
    ...base,
    videos: (base.videos * megabytes) / 10,
  });
  const { bytes: size } = await download(server.url, client.cookie());
  const pause = () => new Promise((resolve) => setTimeout(resolve, 100));
  let most = 0;
  let received = 0;
  await new Promise<void>((resolve, reject) => {
    const request = http.get(
      new URL('/api/account/export', server.url),
      { headers: { cookie: client.cookie() } },
      (response) => {
        let eighth = 1;
        response.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received < (eighth * size) / 8 || eighth >= 8) return;
          eighth += 1;
          response.pause();
          void pause().then(() => {
            most = Math.max(most, liveBytes());
            response.resume();
          });
        });
        response.on('end', resolve);
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
  await pause();
  return { bytes: received, liveGrowth: Math.max(0, most - liveBytes()) };
}

async function main() {
  if (!(globalThis as { gc?: () => void }).gc) throw new Error('run with --expose-gc');
  const local = await withBenchServer({}, async ({ url, sql, runtime }) => {
    const server = { url, sql, storage: runtime.ctx.storage };
    const times = [];
    for (const library of LIBRARIES) times.push(await timeLibrary(server, library));
    const memory = [];
    for (const size of MEMORY_SIZES) memory.push(await exportMemory(server, size));
    return { times, memory };
  });

  const s3 = await startS3Server();
  const network = await slowNetwork(new URL(s3.env.S3_ENDPOINT as string), NETWORK_DELAY_MS);
  try {
    const bucket = await withBenchServer(
      { env: { ...s3.env, S3_ENDPOINT: network.endpoint } },
      async ({ url, sql, runtime }) => {
        const server = { url, sql, storage: runtime.ctx.storage };
        const times = [];
        for (const library of LIBRARIES) times.push(await timeLibrary(server, library));
        return times;
      },
    );
    process.stdout.write(
      `${JSON.stringify({ runs: RUNS, networkDelayMs: NETWORK_DELAY_MS, local: local.times, s3: bucket, memory: local.memory })}\n`,
    );
  } finally {
    await network.close();
    await s3.close();
  }
}

await main();
process.exit(0);
