// A stand-in for fal's queue and Platform APIs, as the fal image adapter uses them.
// Documented shapes, for the image contract and the adapter's own tests: submit to POST /{endpoint}
// (Key auth), IN_QUEUE → IN_PROGRESS → COMPLETED at the status URL, the stored result at the
// response URL (FLUX's images and has_nsfw_concepts, a 422 content_policy_violation, or a 5xx with
// error_type), a PUT cancel, public picture files, and GET /v1/models?endpoint_id=… listing an
// endpoint with its status.
import sharp from 'sharp';
import type { FakeError } from '../fake-providers';
import { type Received, rateLimited, scriptedError, serve } from './serve';

export type FalImageScript = {
  /** Status polls answered IN_QUEUE (the first), then IN_PROGRESS, before COMPLETED. */
  pollsBeforeDone: number;
  outcome: 'picture' | 'nsfw' | 'policy' | 'stored-failure';
  rateLimitedPolls: number;
  submitErrors: FakeError[];
};

export type FalImageStandIn = {
  baseUrl: string;
  apiKey: string;
  /** The picture every finished request answers (64×36). */
  png: Buffer;
  received: Received[];
  script: FalImageScript;
  close(): Promise<void>;
};

/** The Platform APIs' catalogue: endpoint id → its status. */
const CATALOGUE: Record<string, string> = {
  'fal-ai/flux/schnell': 'active',
  'fal-ai/fast-sdxl': 'deprecated',
};

export function falImageScript(): FalImageScript {
  return { pollsBeforeDone: 3, outcome: 'picture', rateLimitedPolls: 0, submitErrors: [] };
}

export async function startFalImageStandIn(): Promise<FalImageStandIn> {
  const png = await sharp({ create: { width: 64, height: 36, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  const polls = new Map<string, number>();
  const standIn = { apiKey: 'fal-test-key-1234567890', png, script: falImageScript(), baseUrl: '' };

  const served = await serve((request, respond) => {
    const url = new URL(request.path, standIn.baseUrl);
    // Files on fal's CDN are public: no key is asked for.
    if (/^\/files\/([\w-]+)\.png$/u.test(url.pathname)) {
      respond(200, png, { 'content-type': 'image/png' });
      return;
    }
    if (request.headers.authorization !== `Key ${standIn.apiKey}`) {
      respond(401, { detail: 'Invalid API key' });
      return;
    }
    // Platform APIs, find mode: GET /v1/models?endpoint_id=…
    if (url.pathname === '/v1/models') {
      const models = url.searchParams
        .getAll('endpoint_id')
        .filter((id) => CATALOGUE[id])
        .map((id) => ({
          endpoint_id: id,
          metadata: { display_name: id, category: 'text-to-image', status: CATALOGUE[id] },
        }));
      respond(200, { models, next_cursor: null, has_more: false });
      return;
    }
    // Submit: POST /{endpoint}; its request URLs name the app (fal-ai/flux) only.
    if (request.method === 'POST' && url.pathname === '/fal-ai/flux/schnell') {
      if (scriptedError(standIn.script.submitErrors, request, respond)) return;
      const id = `req-${served.received.length}-${Date.now()}`;
      const app = `${standIn.baseUrl}/fal-ai/flux/requests/${id}`;
      polls.set(id, 0);
      respond(200, {
        request_id: id,
        response_url: app,
        status_url: `${app}/status`,
        cancel_url: `${app}/cancel`,
        queue_position: 0,
      });
      return;
    }
    const match = /^\/fal-ai\/flux\/requests\/([\w-]+)(\/status|\/cancel)?$/u.exec(url.pathname);
    const id = match?.[1];
    if (!id || !polls.has(id)) {
      respond(404, { detail: 'Request not found' });
      return;
    }
    if (match?.[2] === '/cancel') {
      respond(202, { status: 'CANCELLATION_REQUESTED' });
      return;
    }
    const script = standIn.script;
    if (match?.[2] === '/status') {
      if (rateLimited(script, respond, { detail: 'Too many requests' })) return;
      const count = (polls.get(id) ?? 0) + 1;
      polls.set(id, count);
      const responseUrl = `${standIn.baseUrl}/fal-ai/flux/requests/${id}`;
      if (count <= script.pollsBeforeDone) {
        const status = count === 1 ? 'IN_QUEUE' : 'IN_PROGRESS';
        const progress = count === 1 ? { queue_position: 0 } : { logs: null };
        respond(202, { status, ...progress, response_url: responseUrl });
      } else {
        respond(200, {
          status: 'COMPLETED',
          logs: null,
          metrics: { inference_time: 0.42 },
          response_url: responseUrl,
        });
      }
      return;
    }
    // The response URL: the stored result of a completed request.
    if (script.outcome === 'policy') {
      respond(422, {
        detail: [
          {
            loc: ['body', 'prompt'],
            msg: 'The content was flagged by a content checker.',
            type: 'content_policy_violation',
          },
        ],
      });
      return;
    }
    if (script.outcome === 'stored-failure') {
      respond(
        500,
        { detail: 'Runner disconnected', error_type: 'runner_disconnected' },
        { 'x-fal-error-type': 'runner_disconnected' },
      );
      return;
    }
    respond(200, {
      images: [
        {
          url: `${standIn.baseUrl}/files/${id}.png`,
          width: 1024,
          height: 576,
          content_type: 'image/png',
        },
      ],
      timings: { inference: 0.4 },
      seed: 271828,
      has_nsfw_concepts: [script.outcome === 'nsfw'],
      prompt: 'A lighthouse at dusk',
    });
  });
  standIn.baseUrl = served.baseUrl;
  return Object.assign(standIn, { received: served.received, close: served.close });
}
