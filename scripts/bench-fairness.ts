// Measures fairness under load for scripts/bench.mjs (one JSON line on stdout), each figure beside
// its idle one from the same run, on a throwaway server (api + worker, default limits except the
// request rate limits, which a flood from one script would trip first):
//   - another member's 1-scene video, submit to completed, idle and while one Pro member floods
//     (30 two-scene creates and 50 combines at once),
//   - an Elite member's video queued behind 40 Free videos: how long until it starts, against one
//     render slot (the median time a render holds a slot), and how many renders started before it,
//   - another member's GET /api/credits p95, idle and while 10 connections page through a
//     2,000-video library,
//   - the size of the library's first page (50 entries), plain, gzip and Brotli.
import http from 'node:http';
import type pg from 'pg';
import {
  freePort,
  member,
  percentile,
  seedLibrary,
  startChild,
  until,
  withBenchServer,
} from './bench-support';

type Client = ReturnType<typeof member>;
type VideoRow = { status: string };

const video = (title: string, scenes = 1) => ({
  title,
  description: 'Fishing boats slip out of a quiet harbour at dawn. Gulls circle the masts.',
  aspectRatio: 'landscape',
  watermark: true,
  scenes,
});

async function signedUp(url: string, sql: pg.Pool, name: string, level: string): Promise<Client> {
  const client = member(url);
  const user = await client.request<{ id: string }>('POST', '/api/auth/signup', {
    email: `${name}@example.com`,
    password: 'correct horse battery',
  });
  await sql.query('update users set member_level = $1 where id = $2', [level, user.id]);
  return client;
}

/** Submit to completed of one video, as its member waits for it (polling the request). */
async function submitToCompleted(client: Client, sql: pg.Pool, title: string): Promise<number> {
  const started = performance.now();
  const { requestId } = await client.request<{ requestId: number }>(
    'POST',
    '/api/video-creation-requests',
    video(title),
  );
  await settled(sql, requestId);
  return performance.now() - started;
}

async function settled(sql: pg.Pool, requestId: number): Promise<VideoRow> {
  for (;;) {
    const { rows } = await sql.query<VideoRow>(
      'select status from video_creation_requests where id = $1',
      [requestId],
    );
    const row = rows[0];
    if (row?.status === 'completed') return row;
    if (row?.status === 'failed') throw new Error(`video ${requestId} failed`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function idleQueue(sql: pg.Pool) {
  for (;;) {
    const { rows } = await sql.query(
      `select count(*)::int as n from video_creation_requests where status in ('queued', 'processing')`,
    );
    if (rows[0].n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const median = (values: number[]) => percentile(values, 50);

/**
 * A neighbour's 1-scene video, idle and while a Pro member floods. Measured for a Pro neighbour
 * (the same plan: members take turns) and a Free one (a lower plan waits for the higher plan's
 * work, as the spec's priority queue means).
 */
async function floodFigures(url: string, sql: pg.Pool) {
  const proNeighbour = await signedUp(url, sql, 'pro-neighbour', 'Pro');
  const freeNeighbour = await signedUp(url, sql, 'free-neighbour', 'Free');
  const idle: number[] = [];
  for (let run = 0; run < 3; run++) {
    idle.push(await submitToCompleted(proNeighbour, sql, `Idle ${run}`));
  }

  // The flooder has finished videos to combine, then asks for everything at once.
  const flooder = await signedUp(url, sql, 'flooder', 'Pro');
  const sources: number[] = [];
  for (let index = 0; index < 2; index++) {
    const { requestId } = await flooder.request<{ requestId: number }>(
      'POST',
      '/api/video-creation-requests',
      video(`Source ${index}`, 2),
    );
    await settled(sql, requestId);
    const { rows } = await sql.query(
      'select id from video_generated_content where request_id = $1',
      [requestId],
    );
    sources.push(rows[0].id);
  }
  const flood = () =>
    Promise.allSettled([
      ...Array.from({ length: 30 }, (_, index) =>
        flooder.request('POST', '/api/video-creation-requests', video(`Flood ${index}`, 2)),
      ),
      ...Array.from({ length: 50 }, (_, index) =>
        flooder.request('POST', '/api/combine-videos', {
          title: `Combined ${index}`,
          description: '',
          videoIds: index % 2 ? sources : [...sources].reverse(),
        }),
      ),
    ]);
  const outcomes = await flood();
  const accepted = outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
  const proFlooded = await submitToCompleted(proNeighbour, sql, 'Pro, during the flood');
  await idleQueue(sql);
  await flood();
  const freeFlooded = await submitToCompleted(freeNeighbour, sql, 'Free, during the flood');
  await idleQueue(sql);
  return {
    idleMs: median(idle),
    proFloodedMs: proFlooded,
    freeFloodedMs: freeFlooded,
    floodAttempts: outcomes.length,
    floodAccepted: accepted,
  };
}

/**
 * Watches every request's status (every 20 ms) and notes when each was first seen rendering and
 * first seen completed: when renders start, in what order, and how long each holds a slot.
 */
function watchRenders(sql: pg.Pool) {
  const seen = new Map<number, { title: string; startedAt?: number; completedAt?: number }>();
  let stopped = false;
  const polling = (async () => {
    while (!stopped) {
      const { rows } = await sql.query<{ id: number; title: string; status: string }>(
        'select id, title, status from video_creation_requests',
      );
      const now = performance.now();
      for (const row of rows) {
        const entry = seen.get(row.id) ?? { title: row.title };
        if (row.status !== 'queued' && entry.startedAt === undefined) entry.startedAt = now;
        if (row.status === 'completed' && entry.completedAt === undefined) entry.completedAt = now;
        seen.set(row.id, entry);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return {
    seen,
    async stop() {
      stopped = true;
      await polling;
    },
  };
}

async function priorityFigures(url: string, sql: pg.Pool) {
  const elite = await signedUp(url, sql, 'elite', 'Elite');
  const watcher = watchRenders(sql);
  const startOf = async (title: string) => {
    const submittedAt = performance.now();
    await elite.request('POST', '/api/video-creation-requests', video(title));
    for (;;) {
      const entry = [...watcher.seen.values()].find((candidate) => candidate.title === title);
      if (entry?.startedAt !== undefined) return { submittedAt, startedAt: entry.startedAt };
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  // Elite on an idle queue, to start from.
  const idle = await startOf('Elite, idle queue');
  await idleQueue(sql);

  const freeMembers = await Promise.all(
    Array.from({ length: 8 }, (_, index) => signedUp(url, sql, `free-${index}`, 'Free')),
  );
  for (let round = 0; round < 5; round++) {
    for (const [index, free] of freeMembers.entries()) {
      await free.request('POST', '/api/video-creation-requests', video(`Free ${index}.${round}`));
    }
  }
  const busy = await startOf('Elite, behind Free work');
  await idleQueue(sql);
  await watcher.stop();

  const free = [...watcher.seen.values()].filter((entry) => entry.title.startsWith('Free '));
  const startedAhead = free.filter(
    (entry) =>
      entry.startedAt !== undefined &&
      entry.startedAt > busy.submittedAt &&
      entry.startedAt < busy.startedAt,
  ).length;
  const slots = free.flatMap((entry) =>
    entry.startedAt !== undefined && entry.completedAt !== undefined
      ? [entry.completedAt - entry.startedAt]
      : [],
  );
  return {
    eliteIdleStartMs: idle.startedAt - idle.submittedAt,
    eliteBusyStartMs: busy.startedAt - busy.submittedAt,
    freeQueued: free.length,
    renderSlotMs: median(slots),
    startedAhead,
  };
}

/**
 * Another member's GET /api/credits while 10 connections page through a 2,000-video library, on
 * an API node in its own process (as in production), so the load generator's own work does not
 * share the server's event loop.
 */
async function creditsFigures(server: { databaseUrl: string; dataDir: string }, sql: pg.Pool) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const api = await startChild(
    ['dist/server/main.js'],
    {
      ROLES: 'api',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATABASE_URL: server.databaseUrl,
      DATA_DIR: server.dataDir,
      LOG_LEVEL: 'silent',
      DEMO_CLIPS: 'false',
      RATE_LIMITS: 'off',
    },
    () => until(async () => (await fetch(`${url}/api/health`)).ok, 'the API node'),
  );
  try {
    const owner = await signedUp(url, sql, 'big-library', 'Pro');
    const { rows } = await sql.query(
      `select id from users where email = 'big-library@example.com'`,
    );
    await seedLibrary(sql, rows[0].id, 2_000, 12);
    const other = await signedUp(url, sql, 'credits-reader', 'Free');

    const credits = async (count: number) => {
      const times: number[] = [];
      for (let index = 0; index < count; index++) {
        const started = performance.now();
        await other.request('GET', '/api/credits');
        times.push(performance.now() - started);
      }
      return times;
    };
    await credits(30);
    const idle = await credits(300);

    let stop = false;
    let pages = 0;
    const pager = async () => {
      while (!stop) {
        let cursor: string | null = null;
        do {
          const query: string = cursor ? `limit=50&cursor=${cursor}` : 'limit=50';
          const page: { nextCursor: string | null } = await owner.request(
            'GET',
            `/api/videos?${query}`,
          );
          pages += 1;
          cursor = page.nextCursor;
        } while (cursor && !stop);
      }
    };
    const pagers = Array.from({ length: 10 }, pager);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const busyStarted = performance.now();
    const busy = await credits(300);
    const busySeconds = (performance.now() - busyStarted) / 1000;
    stop = true;
    await Promise.all(pagers);

    return {
      creditsIdleP95: percentile(idle, 95),
      creditsBusyP50: percentile(busy, 50),
      creditsBusyP95: percentile(busy, 95),
      pagesPerSecond: pages / busySeconds,
      firstPage: await pageSizes(url, owner.cookie()),
    };
  } finally {
    await api.stop();
  }
}

/** The first page's bytes on the wire for each encoding a browser may accept. */
async function pageSizes(url: string, cookie: string) {
  const size = (encoding: string | null) =>
    new Promise<number>((resolve, reject) => {
      http
        .get(
          new URL('/api/videos?limit=50', url),
          { headers: { cookie, ...(encoding ? { 'accept-encoding': encoding } : {}) } },
          (response) => {
            let bytes = 0;
            response.on('data', (chunk: Buffer) => {
              bytes += chunk.length;
            });
            response.on('end', () => resolve(bytes));
          },
        )
        .on('error', reject);
    });
  return { plain: await size(null), gzip: await size('gzip'), brotli: await size('br') };
}

async function main() {
  const result = await withBenchServer({ env: { ROLES: 'api,worker' } }, async (server) => {
    const flood = await floodFigures(server.url, server.sql);
    const priority = await priorityFigures(server.url, server.sql);
    const credits = await creditsFigures(server, server.sql);
    return { ...flood, ...priority, ...credits };
  });
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

await main();
