// Measures the stock footage source for scripts/bench.mjs (one JSON line on stdout): a 4-scene
// narrated `stock` video against stand-ins for Pexels and Pixabay (clips with detail: a moving
// test pattern, 640×360, as an SD rendition would be), from the stand-in's last answer (its last
// search or file) to our video completed, beside a bare ffmpeg encode of the video's own length
// run between the videos. Each run asks for new words, so each searches and downloads afresh.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ffmpegPath } from '../server/media/ffmpeg';
import { makeStockLibrary, startFakePexels, startFakePixabay } from '../test/fake-stock';
import { member, withBenchServer } from './bench-support';

const RUNS = 5;
const SCENES = 4;
const run = promisify(execFile);
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const TOPICS = ['coffee', 'harbour', 'garden', 'bakery', 'mountain', 'market', 'library'];

/** The floor: testsrc2 of the same length, 1280x720, the same encoder settings (as bench.mjs). */
async function bareEncode(seconds: number, workDir: string): Promise<number> {
  const started = performance.now();
  await run(ffmpegPath(), [
    ...['-v', 'error', '-f', 'lavfi', '-i', `testsrc2=s=1280x720:r=30:d=${seconds}`],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p'],
    ...['-y', path.join(workDir, 'bare.mp4')],
  ]);
  return performance.now() - started;
}

async function main() {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'reelforge-bench-stock-'));
  const library = await makeStockLibrary({
    videos: 16,
    photos: 2,
    orientation: 'landscape',
    seconds: 6,
    detailed: true,
  });
  const pexels = await startFakePexels(library);
  const pixabay = await startFakePixabay(library);
  try {
    const env = {
      ROLES: 'api,worker',
      PEXELS_API_KEY: pexels.apiKey,
      PEXELS_BASE_URL: pexels.baseUrl,
      PIXABAY_API_KEY: pixabay.apiKey,
      PIXABAY_BASE_URL: pixabay.baseUrl,
    };
    const result = await withBenchServer({ env }, async ({ url, sql }) => {
      const client = member(url);
      const email = `bench-${Date.now()}@example.com`;
      await client.request('POST', '/api/auth/signup', {
        name: 'Bench',
        email,
        password: 'correct horse battery',
      });
      await sql.query("update users set member_level = 'Elite' where email = $1", [email]);
      const completed = async (requestId: number) => {
        for (;;) {
          const { rows } = await sql.query(
            `select r.status, r.completed_at, r.error_message, v.duration
             from video_creation_requests r
             left join video_generated_content v on v.id = r.generated_content_id
             where r.id = $1`,
            [requestId],
          );
          if (rows[0]?.status === 'failed') throw new Error(rows[0].error_message);
          if (rows[0]?.status === 'completed') {
            return {
              at: (rows[0].completed_at as Date).getTime(),
              seconds: rows[0].duration as number,
            };
          }
          await sleep(20);
        }
      };
      const stock: number[] = [];
      const bare: number[] = [];
      const ratios: number[] = [];
      const lengths: number[] = [];
      for (let index = 0; index < RUNS; index++) {
        const topic = TOPICS[index % TOPICS.length] as string;
        const { requestId } = await client.request<{ requestId: number }>(
          'POST',
          '/api/video-creation-requests',
          {
            title: `A morning at the ${topic}`,
            description: `We open the ${topic} at dawn. The first visitors arrive with the light. Music fills the ${topic} by noon. We close the doors as the sun goes down.`,
            aspectRatio: 'landscape',
            scenes: SCENES,
            watermark: true,
            voiceId: 'offline-en-us',
            sceneSource: 'stock',
          },
        );
        const done = await completed(requestId);
        const took = done.at - pexels.lastAnswerAt;
        const floor = await bareEncode(done.seconds, workDir);
        stock.push(took);
        bare.push(floor);
        ratios.push(took / floor);
        lengths.push(done.seconds);
      }
      return {
        stock: median(stock),
        bare: median(bare),
        ratio: median(ratios),
        seconds: median(lengths),
      };
    });
    process.stdout.write(
      `${JSON.stringify({ runs: RUNS, scenes: SCENES, lastAnswerToCompletedMs: result.stock, bareMs: result.bare, ratio: result.ratio, videoSeconds: result.seconds })}\n`,
    );
  } finally {
    await pexels.close();
    await pixabay.close();
    await rm(workDir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
