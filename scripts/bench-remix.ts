// Measures scene remixing for scripts/bench.mjs (one JSON line on stdout): a narrated 4-scene
// Elite video rendered whole, submit to completed, and then a remix of it with scene 2's words and
// picture changed, submit (POST /api/storyboards/{id}/render) to its new version completed. Each
// run makes a new video (new words), so nothing is reused from a run before; the goal (issue 38)
// is a remix at most 0.4× of the whole render.
import { member, withBenchServer } from './bench-support';

const RUNS = 3;
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const PLACES = ['bakery', 'harbour', 'garden', 'market', 'library'];

type Scene = { number: number; narration: string; shots: { id: string; visual: unknown }[] };
type Board = { id: number; updatedAt: string; scenes: Scene[] };

async function main() {
  const result = await withBenchServer({ env: { ROLES: 'api,worker' } }, async ({ url, sql }) => {
    const client = member(url);
    const email = `bench-remix-${Date.now()}@example.com`;
    await client.request('POST', '/api/auth/signup', {
      name: 'Bench',
      email,
      password: 'correct horse battery',
    });
    await sql.query("update users set member_level = 'Elite' where email = $1", [email]);
    const settled = async (requestId: number) => {
      for (;;) {
        const { rows } = await sql.query(
          'select status, completed_at, error_message from video_creation_requests where id = $1',
          [requestId],
        );
        if (rows[0]?.status === 'failed') throw new Error(rows[0].error_message);
        if (rows[0]?.status === 'completed') return (rows[0].completed_at as Date).getTime();
        await sleep(20);
      }
    };
    const whole: number[] = [];
    const remixed: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const place = PLACES[run % PLACES.length];
      const submitted = Date.now();
      const created = await client.request<{ requestId: number }>(
        'POST',
        '/api/video-creation-requests',
        {
          title: `Morning at the ${place} ${run + 1}`,
          description:
            `The first light reaches the ${place}. People arrive one by one with their bags. ` +
            'Someone opens the doors and the smell of coffee drifts out. By noon every table is full.',
          aspectRatio: 'landscape',
          scenes: 4,
          watermark: false,
        },
      );
      whole.push((await settled(created.requestId)) - submitted);
      const { rows } = await sql.query(
        'select generated_content_id as id from video_creation_requests where id = $1',
        [created.requestId],
      );
      const board = await client.request<Board>('POST', `/api/videos/${rows[0].id}/remix`);
      const edited = await client.request<Board>('PATCH', `/api/storyboards/${board.id}`, {
        updatedAt: board.updatedAt,
        scenes: board.scenes.map((scene) => ({
          number: scene.number,
          narration: scene.number === 2 ? `A cat sleeps by the ${place} window.` : scene.narration,
          shots: scene.shots.map((shot) => ({ id: shot.id })),
        })),
      });
      const remixStarted = Date.now();
      const rendered = await client.request<{ requestId: number }>(
        'POST',
        `/api/storyboards/${edited.id}/render`,
      );
      remixed.push((await settled(rendered.requestId)) - remixStarted);
    }
    return { runs: RUNS, wholeMs: median(whole), remixMs: median(remixed), whole, remixed };
  });
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

await main();
