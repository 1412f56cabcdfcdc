// A stand-in for Replicate's predictions API, as the Replicate image adapter uses it.
// Documented shapes, for the image contract and the adapter's own tests: an official model's
// predictions or a pinned version's (Bearer auth), the prediction starting → processing → succeeded
// with a list of file URLs (or one), FLUX's NSFW failure, the cancel, public picture files, the
// model's and the version's own pages, and a withdrawn model whose 404 names its replacement.
import sharp from 'sharp';
import { REPLICATE_IMAGE_DEFAULT_MODEL } from '../../server/generation/providers/images/replicate-image';
import type { FakeError } from '../fake-providers';
import { type Received, rateLimited, scriptedError, serve } from './serve';

export const REPLICATE_PINNED_VERSION =
  '5599ed30703defd1d160a25a63321b4dec97101d98b4674bcc56e41f62f35637';

export type ReplicateImageScript = {
  /** Polls answered `starting` (the first), then `processing`, before the outcome. */
  pollsBeforeDone: number;
  outcome: 'list' | 'string' | 'nsfw' | 'fail';
  rateLimitedPolls: number;
  submitErrors: FakeError[];
};

export type ReplicateImageStandIn = {
  /** With /v1, as REPLICATE_BASE_URL is. */
  baseUrl: string;
  apiKey: string;
  png: Buffer;
  received: Received[];
  script: ReplicateImageScript;
  close(): Promise<void>;
};

export function replicateImageScript(): ReplicateImageScript {
  return { pollsBeforeDone: 3, outcome: 'list', rateLimitedPolls: 0, submitErrors: [] };
}

export async function startReplicateImageStandIn(): Promise<ReplicateImageStandIn> {
  const png = await sharp({ create: { width: 64, height: 36, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  const polls = new Map<string, number>();
  const standIn = {
    apiKey: 'r8_test-token-1234567890',
    png,
    script: replicateImageScript(),
    baseUrl: '',
  };

  /** A prediction as Replicate answers it, at the stage `status` names. */
  const prediction = (id: string, status: string, extra: Record<string, unknown> = {}) => ({
    id,
    model: REPLICATE_IMAGE_DEFAULT_MODEL,
    version: 'dp-4d0bcc010b3049749a251855f12800be',
    input: { prompt: 'A lighthouse at dusk' },
    logs: '',
    output: null,
    data_removed: false,
    error: null,
    status,
    created_at: '2026-11-20T10:00:00.000Z',
    urls: {
      cancel: `${standIn.baseUrl}/predictions/${id}/cancel`,
      get: `${standIn.baseUrl}/predictions/${id}`,
      web: `https://replicate.com/p/${id}`,
    },
    ...extra,
  });

  const served = await serve((request, respond) => {
    const path = new URL(request.path, standIn.baseUrl).pathname;
    // replicate.delivery files are public.
    if (/^\/files\/[\w-]+\.png$/u.test(path)) {
      respond(200, png, { 'content-type': 'image/png' });
      return;
    }
    if (request.headers.authorization !== `Bearer ${standIn.apiKey}`) {
      respond(401, {
        title: 'Unauthenticated',
        detail: 'You did not pass a valid authentication token',
        status: 401,
      });
      return;
    }
    if (request.method === 'GET' && path === '/v1/models/black-forest-labs/flux-schnell') {
      respond(200, {
        url: 'https://replicate.com/black-forest-labs/flux-schnell',
        owner: 'black-forest-labs',
        name: 'flux-schnell',
        visibility: 'public',
        latest_version: { id: REPLICATE_PINNED_VERSION },
      });
      return;
    }
    if (
      request.method === 'GET' &&
      path === `/v1/models/someone/pinned/versions/${REPLICATE_PINNED_VERSION}`
    ) {
      respond(200, { id: REPLICATE_PINNED_VERSION, openapi_schema: {} });
      return;
    }
    if (request.method === 'POST' && path === '/v1/models/someone/withdrawn/predictions') {
      respond(404, {
        detail:
          'This model has been deprecated and is no longer available. Use someone/model-2 instead.',
        status: 404,
      });
      return;
    }
    if (
      request.method === 'POST' &&
      (path === '/v1/models/black-forest-labs/flux-schnell/predictions' ||
        path === '/v1/predictions')
    ) {
      if (scriptedError(standIn.script.submitErrors, request, respond)) return;
      const id = `p${served.received.length}${Date.now()}`;
      polls.set(id, 0);
      respond(201, prediction(id, 'starting'));
      return;
    }
    const match = /^\/v1\/predictions\/(\w+)(\/cancel)?$/u.exec(path);
    const id = match?.[1];
    if (!id || !polls.has(id)) {
      respond(404, { detail: 'Not found.', status: 404 });
      return;
    }
    if (match?.[2] === '/cancel') {
      respond(200, prediction(id, 'canceled'));
      return;
    }
    const script = standIn.script;
    const throttled = {
      title: 'Request was throttled',
      detail: 'Request was throttled.',
      status: 429,
    };
    if (rateLimited(script, respond, throttled)) return;
    const count = (polls.get(id) ?? 0) + 1;
    polls.set(id, count);
    if (count <= script.pollsBeforeDone) {
      respond(
        200,
        count === 1
          ? prediction(id, 'starting')
          : prediction(id, 'processing', { logs: 'Using seed: 31337\n' }),
      );
    } else if (script.outcome === 'nsfw') {
      respond(
        200,
        prediction(id, 'failed', {
          error: 'NSFW content detected. Try running it again, or try a different prompt.',
        }),
      );
    } else if (script.outcome === 'fail') {
      respond(200, prediction(id, 'failed', { error: 'CUDA out of memory' }));
    } else {
      const file = `${standIn.baseUrl.replace(/\/v1$/u, '')}/files/${id}.png`;
      respond(
        200,
        prediction(id, 'succeeded', {
          output: script.outcome === 'list' ? [file] : file,
          metrics: { predict_time: 0.61, total_time: 1.2 },
        }),
      );
    }
  }, '/v1');
  standIn.baseUrl = served.baseUrl;
  return Object.assign(standIn, { received: served.received, close: served.close });
}
