// Measures the scene sources for scripts/bench.mjs (one JSON line on stdout), on one server with
// a worker and a stand-in fal (FLUX's image answers) in this process, each beside a bare ffmpeg
// encode of the same length run between the videos:
//   - `ai-image`, 4 scenes: from the stand-in's last "done" of the four stills to our video
//     completed (fetch and check each still, the voice, four animated scenes, join, store);
//   - `offline`, 4 scenes: submit to completed (plan, pictures, voice, four scenes, join, store).
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { ffmpegPath } from '../server/media/ffmpeg';
import { startFakeFal } from '../test/fake-providers';
import { member, withBenchServer } from './bench-support';

const RUNS = 5;
const SCENES = 4;
const run = promisify(execFile);
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const DESCRIPTION =
  'Scene 1: Spring blossoms open in the orchard. Scene 2: Summer sun warms the beach. ' +
  'Scene 3: Autumn leaves fall in the park. Scene 4: Winter snow covers the village.';

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

/** Four stills with detail (a test pattern, its hue turned per scene), as FLUX would send. */
async function stills(workDir: string): Promise<Buffer[]> {
  const pattern = path.join(workDir, 'pattern.png');
  await run(ffmpegPath(), [
    ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=s=1024x576', '-frames:v', '1', '-y', pattern],
  ]);
  const source = await readFile(pattern);
  return Promise.all(
    [0, 90, 180, 270].map((hue) => sharp(source).modulate({ hue }).png().toBuffer()),
  );
}

async function main() {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'reelforge-bench-images-'));
  const fal = await startFakeFal();
  fal.script = {
    pollsBeforeDone: 1,
    outcome: 'succeed',
    rateLimitedPolls: 0,
    output: Buffer.from(''),
    outputs: await stills(workDir),
  };
  try {
    const env = {
      ROLES: 'api,worker',
      IMAGE_PROVIDER: 'fal',
      FAL_KEY: fal.apiKey,
      FAL_BASE_URL: fal.baseUrl,
      VIDEO_POLL_SECONDS: '0.2',
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
            'select status, completed_at, error_message from video_creation_requests where id = $1',
            [requestId],
          );
          if (rows[0]?.status === 'failed') throw new Error(rows[0].error_message);
          if (rows[0]?.status === 'completed') return rows[0].completed_at as Date;
          await sleep(20);
        }
      };
      const create = (sceneSource: 'ai-image' | 'offline', index: number) =>
        client.request<{ requestId: number }>('POST', '/api/video-creation-requests', {
          title: `Four seasons ${index}`,
          description: DESCRIPTION,
          aspectRatio: 'landscape',
          scenes: SCENES,
          watermark: true,
          sceneSource,
        });

      const image: number[] = [];
      const offline: number[] = [];
      const bare: number[] = [];
      for (let index = 0; index < RUNS; index++) {
        bare.push(await bareEncode(8 * SCENES, workDir));

        const { requestId } = await create('ai-image', index);
        const completedAt = await completed(requestId);
        const { rows } = await sql.query(
          'select external_id from video_provider_jobs where request_id = $1',
          [requestId],
        );
        const lastDone = Math.max(
          ...rows.map((row: { external_id: string }) => fal.doneAt.get(row.external_id) ?? 0),
        );
        if (rows.length !== SCENES || lastDone === 0)
          throw new Error('the stand-in never said done');
        image.push(completedAt.getTime() - lastDone);

        const submitted = Date.now();
        const offlineVideo = await create('offline', index);
        offline.push((await completed(offlineVideo.requestId)).getTime() - submitted);
      }
      return { image: median(image), offline: median(offline), bare: median(bare) };
    });
    process.stdout.write(
      `${JSON.stringify({ runs: RUNS, scenes: SCENES, imageDoneToCompletedMs: result.image, offlineSubmitToCompletedMs: result.offline, bareMs: result.bare })}\n`,
    );
  } finally {
    await fal.close();
    await rm(workDir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
