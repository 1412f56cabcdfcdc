// Stand-ins for the paid video models, at the HTTP boundary, speaking each provider's documented
// shapes: Veo on the Gemini API (predictLongRunning + operations), fal's queue API (request,
// status, response and cancel URLs) and Replicate's predictions. A test scripts how the next jobs
// behave (polls before done, the outcome, 429s or other errors first) and reads what the fake was
// sent. The script may be changed between requests: each answer reads the one in force.
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { runFfmpeg } from '../server/media/ffmpeg';

export type FakeScript = {
  /** Polls answered "running" before the job is done. */
  pollsBeforeDone: number;
  /** succeed: the clip; refuse: a safety refusal; fail: an error; never: running forever. */
  outcome: 'succeed' | 'refuse' | 'fail' | 'never';
  /** This many polls are answered 429 with Retry-After: 1 first. */
  rateLimitedPolls: number;
  /** The bytes served as the finished clip. */
  output: Buffer;
  /** Answers for the next submissions, one each, before any is accepted (500s, 400s, 422s). */
  submitErrors?: FakeError[];
  /** Answers for the next polls, one each, before the job is looked at. */
  pollErrors?: FakeError[];
  /** Outputs in turn, one per submission (different pictures per scene); else `output`. */
  outputs?: Buffer[];
};

/** One scripted error answer: its status, JSON body and Retry-After header (if any). */
export type FakeError = { status: number; body?: unknown; retryAfter?: string };

export type Received = {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
};

export type FakeProvider = {
  baseUrl: string;
  apiKey: string;
  script: FakeScript;
  /** Every accepted submission, in order (not those answered with a scripted error). */
  submissions: Received[];
  polls: number;
  cancels: Received[];
  /** Every request for a finished clip's bytes, with the headers it came with. */
  downloads: Received[];
  /** When each job was first answered as done (ms since 1970), by job id. */
  doneAt: Map<string, number>;
  /** Polls of a job the fake never saw are answered as for a new job (a bench seeds jobs). */
  adoptUnknown: boolean;
  /** Models the provider answers as retired (Gemini: "is no longer available"). */
  retiredModels: Set<string>;
  close(): Promise<void>;
};

type Job = { id: string; polls: number; script: FakeScript; output?: Buffer };

/** The output the next submission gets: the script's outputs in turn, else its one output. */
function nextOutput(fake: FakeProvider): Buffer {
  const outputs = fake.script.outputs;
  if (!outputs || outputs.length === 0) return fake.script.output;
  return outputs[(fake.submissions.length - 1) % outputs.length] ?? fake.script.output;
}

type Route = (request: Received, respond: Responder) => void;
type Responder = (status: number, body: unknown, headers?: Record<string, string>) => void;

/** An 8 s 720p H.264 clip (with sound unless `audio` is false), as a model would send it. */
export async function makeProviderClip(
  options: { seconds?: number; audio?: boolean; size?: string } = {},
): Promise<Buffer> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'reelforge-fake-clip-'));
  const file = path.join(folder, 'clip.mp4');
  const seconds = String(options.seconds ?? 8);
  try {
    await runFfmpeg([
      '-f',
      'lavfi',
      '-i',
      `testsrc2=s=${options.size ?? '1280x720'}:r=24:d=${seconds}`,
      ...(options.audio === false ? [] : ['-f', 'lavfi', '-i', `sine=f=330:d=${seconds}`]),
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      ...(options.audio === false ? [] : ['-c:a', 'aac']),
      '-t',
      seconds,
      '-y',
      file,
    ]);
    return await readFile(file);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** A request as a stand-in keeps it, once its body has arrived: JSON parsed, else its text. */
export function receivedOf(req: IncomingMessage, chunks: Buffer[]): Received {
  const text = Buffer.concat(chunks).toString('utf8');
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {}
  return { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body };
}

async function startFake(
  authorized: (headers: IncomingMessage['headers'], key: string) => boolean,
  routes: (fake: FakeProvider, jobs: Map<string, Job>) => Record<string, Route>,
): Promise<FakeProvider> {
  const jobs = new Map<string, Job>();
  const fake: FakeProvider = {
    baseUrl: '',
    apiKey: `test-key-${randomUUID()}`,
    script: {
      pollsBeforeDone: 2,
      outcome: 'succeed',
      rateLimitedPolls: 0,
      output: Buffer.from(''),
    },
    submissions: [],
    polls: 0,
    cancels: [],
    downloads: [],
    doneAt: new Map(),
    adoptUnknown: false,
    retiredModels: new Set(),
    close: async () => {},
  };
  const table = routes(fake, jobs);
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const received = receivedOf(req, chunks);
      const respond: Responder = (status, payload, headers = {}) => {
        if (Buffer.isBuffer(payload)) {
          const type =
            payload.subarray(1, 4).toString('latin1') === 'PNG' ? 'image/png' : 'video/mp4';
          res.writeHead(status, { 'content-type': type, ...headers }).end(payload);
        } else {
          res
            .writeHead(status, { 'content-type': 'application/json', ...headers })
            .end(JSON.stringify(payload));
        }
      };
      if (!authorized(req.headers, fake.apiKey) && !received.path.startsWith('/files/public/')) {
        respond(401, { error: 'unauthorized' });
        return;
      }
      const match = Object.entries(table).find(([pattern]) =>
        new RegExp(pattern).test(`${received.method} ${received.path}`),
      );
      if (!match) {
        respond(404, { error: `no route for ${received.method} ${received.path}` });
        return;
      }
      match[1](received, respond);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

/** Answers with the next scripted error of `errors`, if one is left; says whether it did. */
function scriptedError(errors: FakeError[] | undefined, respond: Responder): boolean {
  const error = errors?.shift();
  if (!error) return false;
  const headers: Record<string, string> = error.retryAfter
    ? { 'retry-after': error.retryAfter }
    : {};
  respond(error.status, error.body ?? { error: `scripted ${error.status}` }, headers);
  return true;
}

/** One poll of `job`: scripted errors and 429s first, then running, then the scripted outcome. */
function pollJob(
  fake: FakeProvider,
  job: Job,
  respond: Responder,
): 'rate-limited' | 'running' | 'done' {
  fake.polls += 1;
  if (scriptedError(fake.script.pollErrors, respond)) return 'rate-limited';
  if (fake.script.rateLimitedPolls > 0) {
    fake.script.rateLimitedPolls -= 1;
    respond(429, { error: 'rate limited' }, { 'retry-after': '1' });
    return 'rate-limited';
  }
  job.polls += 1;
  // The script in force now, so a test may finish a job it left running.
  job.script = { ...fake.script };
  if (job.script.outcome === 'never' || job.polls <= job.script.pollsBeforeDone) return 'running';
  if (!fake.doneAt.has(job.id)) fake.doneAt.set(job.id, Date.now());
  return 'done';
}

/** fal's queue API: https://docs.fal.ai/model-apis/model-endpoints/queue */
export function startFakeFal(): Promise<FakeProvider> {
  return startFake(
    (headers, key) => headers.authorization === `Key ${key}`,
    (fake, jobs) => {
      const requestUrl = (app: string, id: string) => `${fake.baseUrl}/${app}/requests/${id}`;
      return {
        '^POST /(?!.*/requests/)': (request, respond) => {
          if (scriptedError(fake.script.submitErrors, respond)) return;
          const id = randomUUID();
          const app = request.path.slice(1).split('/').slice(0, 2).join('/');
          fake.submissions.push(request);
          jobs.set(id, { id, polls: 0, script: { ...fake.script }, output: nextOutput(fake) });
          respond(200, {
            request_id: id,
            response_url: requestUrl(app, id),
            status_url: `${requestUrl(app, id)}/status`,
            cancel_url: `${requestUrl(app, id)}/cancel`,
            queue_position: 0,
          });
        },
        '^GET /.*/requests/[^/]+/status$': (request, respond) => {
          const id = request.path.split('/').at(-2) ?? '';
          if (fake.adoptUnknown && !jobs.has(id)) {
            jobs.set(id, { id, polls: 0, script: { ...fake.script } });
          }
          const job = jobs.get(id);
          if (!job) return respond(404, { detail: 'Request not found' });
          const state = pollJob(fake, job, respond);
          if (state === 'rate-limited') return;
          if (state === 'running') {
            return respond(200, { status: job.polls === 1 ? 'IN_QUEUE' : 'IN_PROGRESS', logs: [] });
          }
          respond(200, { status: 'COMPLETED', logs: [], metrics: { inference_time: 12.5 } });
        },
        '^GET /.*/requests/[^/]+$': (request, respond) => {
          const id = request.path.split('/').at(-1) ?? '';
          const job = jobs.get(id);
          if (!job) return respond(404, { detail: 'Request not found' });
          // A failed request keeps the error it ended with (https://docs.fal.ai/documentation/model-apis/request-errors).
          if (job.script.outcome === 'fail') {
            return respond(
              503,
              { detail: 'Runner disconnected', error_type: 'runner_disconnected' },
              { 'x-fal-error-type': 'runner_disconnected' },
            );
          }
          if (job.script.outcome === 'refuse') {
            return respond(422, {
              detail: [
                {
                  loc: ['body', 'prompt'],
                  msg: 'The content could not be processed because it contained material flagged by a content checker.',
                  type: 'content_policy_violation',
                },
              ],
            });
          }
          const output = job.output ?? job.script.output;
          // An image model (FLUX) answers images (https://fal.ai/models/fal-ai/flux/schnell/api).
          if (/\/flux|image/u.test(request.path)) {
            return respond(200, {
              images: [
                {
                  url: `${fake.baseUrl}/files/public/${id}.png`,
                  width: 1024,
                  height: 576,
                  content_type: 'image/png',
                },
              ],
              timings: { inference: 0.4 },
              seed: 42,
              has_nsfw_concepts: [false],
              prompt: '',
            });
          }
          respond(200, {
            video: {
              url: `${fake.baseUrl}/files/public/${id}.mp4`,
              content_type: 'video/mp4',
              file_name: 'output.mp4',
              file_size: output.length,
            },
          });
        },
        '^PUT /.*/requests/[^/]+/cancel$': (request, respond) => {
          fake.cancels.push(request);
          respond(202, { status: 'CANCELLATION_REQUESTED' });
        },
        '^GET /files/public/': (request, respond) => {
          fake.downloads.push(request);
          const id = (request.path.split('/').at(-1) ?? '').split('.')[0] ?? '';
          respond(200, jobs.get(id)?.output ?? fake.script.output);
        },
      };
    },
  );
}

/**
 * The Gemini API: Gemini Omni through the Interactions API (https://ai.google.dev/gemini-api/docs/omni):
 * background interactions polled until completed, the video inline in the model_output step;
 * models.get for the start-up check; a model in `retiredModels` answers 404 "is no longer
 * available", naming gemini-omni-1.2-flash as its replacement, as Google's shutdown notices do.
 */
export function startFakeGemini(): Promise<FakeProvider> {
  const retired = (model: string) => ({
    error: {
      code: 404,
      message: `models/${model} is no longer available. Please use gemini-omni-1.2-flash instead.`,
      status: 'NOT_FOUND',
    },
  });
  return startFake(
    (headers, key) => headers['x-goog-api-key'] === key,
    (fake, jobs) => ({
      '^GET /models/[^/]+$': (request, respond) => {
        const model = decodeURIComponent(request.path.split('/').at(-1) ?? '');
        if (fake.retiredModels.has(model)) return respond(404, retired(model));
        respond(200, {
          name: `models/${model}`,
          displayName: model,
          supportedGenerationMethods: model.includes('image')
            ? ['generateContent', 'countTokens']
            : ['createInteraction'],
        });
      },
      // Image models answer at once, the picture inline
      // (https://ai.google.dev/gemini-api/docs/image-generation).
      '^POST /models/[^/]+:generateContent$': (request, respond) => {
        const model = decodeURIComponent(request.path.split('/')[2]?.split(':')[0] ?? '');
        if (fake.retiredModels.has(model)) return respond(404, retired(model));
        if (scriptedError(fake.script.submitErrors, respond)) return;
        fake.submissions.push(request);
        const output = nextOutput(fake);
        respond(200, {
          candidates: [
            {
              content: {
                role: 'model',
                parts: [{ inlineData: { mimeType: 'image/png', data: output.toString('base64') } }],
              },
              finishReason: 'STOP',
            },
          ],
          modelVersion: model,
          responseId: randomUUID(),
        });
      },
      '^POST /interactions$': (request, respond) => {
        const model = String((request.body as { model?: unknown })?.model ?? '');
        if (fake.retiredModels.has(model)) return respond(404, retired(model));
        if (scriptedError(fake.script.submitErrors, respond)) return;
        const id = `v1_${randomUUID()}`;
        fake.submissions.push(request);
        jobs.set(id, { id, polls: 0, script: { ...fake.script }, output: nextOutput(fake) });
        respond(200, { id, model, status: 'in_progress', created: new Date().toISOString() });
      },
      '^GET /interactions/[^/]+$': (request, respond) => {
        const id = request.path.split('/').at(-1) ?? '';
        const job = jobs.get(id);
        if (!job) return respond(404, { error: { code: 404, message: 'Interaction not found' } });
        const state = pollJob(fake, job, respond);
        if (state === 'rate-limited') return;
        if (state === 'running') return respond(200, { id, status: 'in_progress' });
        if (job.script.outcome === 'fail') {
          return respond(200, {
            id,
            status: 'failed',
            error: { code: 13, message: 'Internal error' },
          });
        }
        if (job.script.outcome === 'refuse') {
          return respond(200, {
            id,
            status: 'failed',
            error: { code: 3, message: 'The request was blocked by safety filters.' },
          });
        }
        const output = job.output ?? job.script.output;
        respond(200, {
          id,
          status: 'completed',
          steps: [
            { type: 'user_input', content: [{ type: 'text', text: 'prompt' }] },
            {
              type: 'model_output',
              content: [{ type: 'video', mime_type: 'video/mp4', data: output.toString('base64') }],
            },
          ],
        });
      },
      '^POST /interactions/[^/]+/cancel$': (request, respond) => {
        fake.cancels.push(request);
        respond(200, {});
      },
    }),
  );
}

/** Veo on the Gemini API: https://ai.google.dev/gemini-api/docs/video */
export function startFakeVeo(): Promise<FakeProvider> {
  return startFake(
    (headers, key) => headers['x-goog-api-key'] === key,
    (fake, jobs) => ({
      '^POST /models/[^/]+:predictLongRunning$': (request, respond) => {
        if (scriptedError(fake.script.submitErrors, respond)) return;
        const id = randomUUID();
        const model = decodeURIComponent(request.path.split('/')[2]?.split(':')[0] ?? '');
        fake.submissions.push(request);
        jobs.set(id, { id, polls: 0, script: { ...fake.script } });
        respond(200, { name: `models/${model}/operations/${id}` });
      },
      '^GET /models/[^/]+/operations/[^/:]+$': (request, respond) => {
        const id = request.path.split('/').at(-1) ?? '';
        const job = jobs.get(id);
        const name = request.path.slice(1);
        if (!job) return respond(404, { error: { code: 404, message: 'not found' } });
        const state = pollJob(fake, job, respond);
        if (state === 'rate-limited') return;
        if (state === 'running') return respond(200, { name });
        if (job.script.outcome === 'fail') {
          return respond(200, { name, done: true, error: { code: 13, message: 'Internal error' } });
        }
        if (job.script.outcome === 'refuse') {
          return respond(200, {
            name,
            done: true,
            response: {
              '@type':
                'type.googleapis.com/google.ai.generativelanguage.v1beta.PredictLongRunningResponse',
              generateVideoResponse: {
                raiMediaFilteredCount: 1,
                raiMediaFilteredReasons: ['The prompt could not be submitted.'],
              },
            },
          });
        }
        respond(200, {
          name,
          done: true,
          response: {
            generateVideoResponse: {
              generatedSamples: [
                { video: { uri: `${fake.baseUrl}/files/${id}:download?alt=media` } },
              ],
            },
          },
        });
      },
      '^POST /models/[^/]+/operations/[^/]+:cancel$': (request, respond) => {
        fake.cancels.push(request);
        respond(200, {});
      },
      // The key-checked download link redirects to the bytes, as Google's does.
      '^GET /files/[^/]+:download': (request, respond) => {
        fake.downloads.push(request);
        const id = request.path.slice('/files/'.length).split(':')[0] ?? '';
        respond(302, {}, { location: `/files/public/${id}.mp4` });
      },
      '^GET /files/public/': (request, respond) => {
        fake.downloads.push(request);
        respond(200, fake.script.output);
      },
    }),
  );
}

/** Replicate's predictions: https://replicate.com/docs/reference/http */
export function startFakeReplicate(): Promise<FakeProvider> {
  return startFake(
    (headers, key) => headers.authorization === `Bearer ${key}`,
    (fake, jobs) => {
      const prediction = (id: string, status: string, extra: Record<string, unknown> = {}) => ({
        id,
        status,
        output: null,
        error: null,
        logs: '',
        urls: {
          get: `${fake.baseUrl}/predictions/${id}`,
          cancel: `${fake.baseUrl}/predictions/${id}/cancel`,
        },
        ...extra,
      });
      return {
        // models.get (https://replicate.com/docs/reference/http#models.get): a model it does not
        // have (or no longer has) is a 404.
        '^GET /models/[^/]+/[^/]+$': (request, respond) => {
          const [, , owner = '', name = ''] = request.path.split('/');
          if (fake.retiredModels.has(`${owner}/${name}`)) {
            return respond(404, { title: 'Not found', detail: 'Not found.', status: 404 });
          }
          respond(200, { owner, name, url: `https://replicate.com/${owner}/${name}` });
        },
        '^POST /(models/[^/]+/[^/]+/)?predictions$': (request, respond) => {
          if (scriptedError(fake.script.submitErrors, respond)) return;
          const id = randomUUID().replaceAll('-', '').slice(0, 20);
          fake.submissions.push(request);
          jobs.set(id, { id, polls: 0, script: { ...fake.script } });
          respond(201, prediction(id, 'starting'));
        },
        '^GET /predictions/[^/]+$': (request, respond) => {
          const id = request.path.split('/').at(-1) ?? '';
          const job = jobs.get(id);
          if (!job) return respond(404, { detail: 'Not found.' });
          const state = pollJob(fake, job, respond);
          if (state === 'rate-limited') return;
          if (state === 'running') {
            return respond(200, prediction(id, 'processing', { logs: ` 40%|████      | 20/50` }));
          }
          if (job.script.outcome === 'refuse') {
            return respond(
              200,
              prediction(id, 'failed', {
                error:
                  'The input or output was flagged as sensitive. Please try again with different inputs. (E005)',
              }),
            );
          }
          if (job.script.outcome === 'fail') {
            return respond(200, prediction(id, 'failed', { error: 'CUDA out of memory' }));
          }
          respond(
            200,
            prediction(id, 'succeeded', {
              output: `${fake.baseUrl}/files/public/${id}.mp4`,
              metrics: { predict_time: 41.2 },
            }),
          );
        },
        '^POST /predictions/[^/]+/cancel$': (request, respond) => {
          fake.cancels.push(request);
          respond(200, prediction(request.path.split('/').at(-2) ?? '', 'canceled'));
        },
        '^GET /files/public/': (request, respond) => {
          fake.downloads.push(request);
          respond(200, fake.script.output);
        },
      };
    },
  );
}
