// Measures outbound webhook fan-out for scripts/bench.mjs (one JSON line on stdout): a member with
// one endpoint on a local receiver gets 1,000 events, sent by a worker process, in three rounds:
//   - `http`: 1,000 "Send test event" requests, 16 at a time, each its own transaction writing the
//     delivery and its job (what the API can write);
//   - `burst` (twice): 1,000 `video.completed` events of a typical size written in one
//     transaction (WebhookEvents.emit, as the render lifecycle calls it), then sent: the worker's
//     fan-out rate, from the commit to the receiver holding all 1,000.
// Each round: the time until the receiver has all 1,000 (events per second), and the worker's
// memory before, during and after; flat means the later rounds' figures are the first's. Every
// delivery's signature is checked by the receiver with the standardwebhooks library, and each
// webhook-id counted once.
//
// The API runs in this process (scripts/bench-support.ts, api role); the worker runs in its own
// (this script with `--worker`: startRuntime from the sources with ROLES=worker and --expose-gc,
// plus a memory probe on stdin/stdout), so nothing the sending side allocates is counted.
//   - before: heapUsed and RSS right after a collection, the worker idle;
//   - during: the peak of both, sampled by the worker every 10 ms while the round runs;
//   - after: both right after a collection, once the round is over.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { startRuntime } from '../server/app/runtime';
import { parseConfig } from '../server/config';
import { inTransaction } from '../server/db/transaction';
import { deliveryJobExpirySeconds, WebhookEvents } from '../server/features/webhooks';
import { WebhooksRepository } from '../server/features/webhooks/repository';
import { member, withBenchServer } from './bench-support';
import { serveMemoryProbe, startProbedProcess } from './memory-probe';

const EVENTS = 1_000;
const ROUNDS = ['http', 'burst', 'burst'] as const;
const SENDERS = 16;
const WEBHOOK_ENV = { WEBHOOKS_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_SCHEDULE: '1s' };

// ---------------------------------------------------------------------------------------------
// The worker being measured (`--worker`): the real runtime plus a memory probe.

async function runWorker(): Promise<void> {
  serveMemoryProbe(await startRuntime(parseConfig(process.env)));
}

// ---------------------------------------------------------------------------------------------
// The measuring side.

const startWorker = (env: Record<string, string>) =>
  startProbedProcess('scripts/bench-webhooks.ts', '--worker', env);

/** A local endpoint: verifies every delivery and counts distinct webhook-ids. */
async function startReceiver() {
  const ids = new Set<string>();
  let verifier: Webhook | null = null;
  let bad = 0;
  let onCount: (() => void) | null = null;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const headers = request.headers as Record<string, string>;
      try {
        verifier?.verify(Buffer.concat(chunks).toString('utf8'), headers);
        ids.add(headers['webhook-id'] ?? '');
      } catch {
        bad += 1;
      }
      response.writeHead(204).end();
      onCount?.();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    ids,
    get bad() {
      return bad;
    },
    useSecret(secret: string) {
      verifier = new Webhook(secret);
    },
    /** Resolves once `count` distinct deliveries have arrived. */
    untilCount(count: number) {
      return new Promise<void>((resolve) => {
        onCount = () => {
          if (ids.size >= count) resolve();
        };
        onCount();
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function main() {
  const receiver = await startReceiver();
  try {
    const result = await withBenchServer(
      { env: WEBHOOK_ENV },
      async ({ url, sql, runtime, databaseUrl, dataDir }) => {
        const client = member(url);
        const email = `bench-webhooks-${Date.now()}@example.com`;
        await client.request('POST', '/api/auth/signup', {
          name: 'Bench',
          email,
          password: 'correct horse battery',
        });
        const { rows } = await sql.query('select id from users where email = $1', [email]);
        const userId = rows[0].id as string;
        const { ctx } = runtime;
        const events = new WebhookEvents({
          repository: new WebhooksRepository(ctx.db),
          queue: ctx.queue,
          downloadLinks: ctx.downloadLinks,
          clock: ctx.clock,
          jobExpirySeconds: deliveryJobExpirySeconds(ctx.config.webhooks.timeoutSeconds),
        });
        // About what a one-scene video.completed carries (its storyboard is the bulk of it).
        const video = {
          id: '1',
          title: 'Harbour at dawn',
          description: 'Fishing boats slip out of a quiet harbour at dawn.'.repeat(3),
          status: 'completed',
          generatedPrompt: JSON.stringify({ scenes: [{ narration: 'x'.repeat(1200) }] }),
          downloadUrl: `${url}/api/media-downloads?key=users/x/video.mp4&signature=${'s'.repeat(43)}`,
        };
        const endpoint = await client.request<{ id: string; secret: string }>(
          'POST',
          '/api/webhook-endpoints',
          { url: receiver.url, events: ['video.completed'] },
        );
        receiver.useSecret(endpoint.secret);
        const worker = await startWorker({
          ...WEBHOOK_ENV,
          ROLES: 'worker',
          DATABASE_URL: databaseUrl,
          DATA_DIR: dataDir,
          LOG_LEVEL: 'silent',
          DEMO_CLIPS: 'false',
        });
        const rounds = [];
        try {
          for (const kind of ROUNDS) {
            const before = await worker.ask('mark');
            const target = receiver.ids.size + EVENTS;
            const started = performance.now();
            if (kind === 'http') {
              let next = 0;
              await Promise.all(
                Array.from({ length: SENDERS }, async () => {
                  while (next < EVENTS) {
                    next += 1;
                    await client.request('POST', `/api/webhook-endpoints/${endpoint.id}/test`);
                  }
                }),
              );
            } else {
              await inTransaction(ctx.pool, async (tx) => {
                for (let index = 0; index < EVENTS; index++) {
                  await events.emit(tx.db, userId, 'video.completed', video);
                }
              });
            }
            const written = performance.now() - started;
            await receiver.untilCount(target);
            const delivered = performance.now() - started;
            const during = await worker.ask('peak');
            // Give the last batch time to complete before collecting.
            await new Promise((resolve) => setTimeout(resolve, 1000));
            const after = await worker.ask('mark');
            rounds.push({
              kind,
              writtenMs: written,
              deliveredMs: delivered,
              /** From the first event written (http) or from the commit (burst) to the last one in. */
              eventsPerSecond:
                EVENTS / ((kind === 'http' ? delivered : delivered - written) / 1000),
              before,
              during,
              after,
            });
          }
        } finally {
          await worker.stop();
        }
        return { events: EVENTS, senders: SENDERS, rounds, badSignatures: receiver.bad };
      },
    );
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    await receiver.close();
  }
}

if (process.argv.includes('--worker')) {
  void runWorker();
} else {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
