// A stand-in for the Gemini API's Interactions API, as the Gemini Omni adapter uses it.
// For the video contract and the adapter's own tests, in the documented shapes
// (ai.google.dev/gemini-api/docs/omni): a background interaction, queued then in_progress, then
// completed with the video in the model_output step (inline base64, or a file link that redirects
// to the bytes), or failed with the step's error.
import { randomUUID } from 'node:crypto';
import { GEMINI_OMNI_DEFAULT_MODEL } from '../../server/generation/providers/gemini-omni';
import {
  answeredBeforePoll,
  type Received,
  type Respond,
  type ScriptedFake,
  scriptedError,
  scriptedRecords,
  serve,
} from './serve';

/** A model the stand-in answers as Google does one it has shut down. */
export const OMNI_RETIRED_MODEL = 'gemini-omni-flash-preview';
export const OMNI_RETIRED_MESSAGE = `models/${OMNI_RETIRED_MODEL} is no longer available. Please use gemini-omni-1.2-flash instead.`;

export type OmniStandIn = ScriptedFake & {
  received: Received[];
  /** Models answered as shut down, at submission and in the models get. */
  retiredModels: Set<string>;
  /** How a finished video comes back: inline base64 (Google's answer today) or a file link. */
  videoAs: 'inline' | 'uri';
};

export async function startOmniStandIn(): Promise<OmniStandIn> {
  const interactions = new Map<string, { polls: number }>();
  const standIn = {
    apiKey: `test-key-${randomUUID()}`,
    ...scriptedRecords(),
    retiredModels: new Set([OMNI_RETIRED_MODEL]),
    videoAs: 'inline' as 'inline' | 'uri',
    baseUrl: '',
  };
  const retired = (model: string) => ({
    error: {
      code: 404,
      message: `models/${model} is no longer available. Please use gemini-omni-1.2-flash instead.`,
      status: 'NOT_FOUND',
    },
  });

  const answer = (request: Received, respond: Respond) => {
    const path = request.path.replace(/^\/v1beta/u, '');
    // Google's file links redirect to the bytes; the redirect target needs no key.
    if (path.startsWith('/files/public/')) {
      standIn.downloads.push(request);
      respond(200, standIn.script.output, { 'content-type': 'video/mp4' });
      return;
    }
    if (request.headers['x-goog-api-key'] !== standIn.apiKey) {
      respond(403, {
        error: { code: 403, message: 'API key not valid.', status: 'PERMISSION_DENIED' },
      });
      return;
    }
    const model = /^\/models\/([^/?]+)$/u.exec(path)?.[1];
    if (request.method === 'GET' && model) {
      if (standIn.retiredModels.has(model)) {
        respond(404, retired(model));
      } else if (model === GEMINI_OMNI_DEFAULT_MODEL) {
        respond(200, { name: `models/${model}`, displayName: 'Gemini Omni 1.1 Flash' });
      } else {
        respond(404, {
          error: {
            code: 404,
            message: `models/${model} is not found for API version v1beta.`,
            status: 'NOT_FOUND',
          },
        });
      }
      return;
    }
    if (request.method === 'POST' && path === '/interactions') {
      const asked = String((request.body as { model?: unknown }).model);
      if (standIn.retiredModels.has(asked)) {
        respond(404, retired(asked));
        return;
      }
      if (scriptedError(standIn.script.submitErrors, request, respond)) return;
      const id = `v1_${randomUUID()}`;
      standIn.submissions.push(request);
      interactions.set(id, { polls: 0 });
      respond(200, { id, status: 'in_progress', model: asked, object: 'interaction' });
      return;
    }
    const cancelled = /^\/interactions\/([^/]+)\/cancel$/u.exec(path)?.[1];
    if (request.method === 'POST' && cancelled) {
      standIn.cancels.push(request);
      respond(200, { id: decodeURIComponent(cancelled), status: 'cancelled' });
      return;
    }
    const polled = /^\/interactions\/([^/]+)$/u.exec(path)?.[1];
    if (request.method === 'GET' && polled) {
      poll(decodeURIComponent(polled), request, respond);
      return;
    }
    const download = /^\/files\/([^/:]+):download$/u.exec(path.split('?')[0] ?? '')?.[1];
    if (request.method === 'GET' && download) {
      standIn.downloads.push(request);
      respond(302, {}, { location: `/v1beta/files/public/${download}.mp4` });
      return;
    }
    respond(404, { error: { code: 404, message: `no route for ${request.method} ${path}` } });
  };

  /** One poll: scripted errors and 429s first, then queued, in_progress, then the outcome. */
  const poll = (id: string, request: Received, respond: Respond) => {
    if (answeredBeforePoll(standIn, request, respond)) return;
    const script = standIn.script;
    const interaction = interactions.get(id);
    if (!interaction) {
      respond(404, { error: { code: 404, message: 'Interaction not found.' } });
      return;
    }
    interaction.polls += 1;
    if (script.outcome === 'never' || interaction.polls <= script.pollsBeforeDone) {
      respond(200, { id, status: interaction.polls === 1 ? 'queued' : 'in_progress' });
      return;
    }
    respond(200, finished(id));
  };

  /** A finished interaction: the REST shape, with the video in the model_output step. */
  const finished = (id: string) => {
    const steps: unknown[] = [
      { type: 'user_input', content: [{ type: 'text', text: 'A lighthouse at dusk' }] },
      { type: 'thought', content: [{ type: 'thought', text: 'Planning the shot.' }] },
    ];
    const interaction = { id, model: GEMINI_OMNI_DEFAULT_MODEL, object: 'interaction', steps };
    const outcome = standIn.script.outcome;
    if (outcome === 'succeed') {
      const video =
        standIn.videoAs === 'inline'
          ? {
              type: 'video',
              mime_type: 'video/mp4',
              data: standIn.script.output.toString('base64'),
            }
          : {
              type: 'video',
              mime_type: 'video/mp4',
              uri: `${standIn.baseUrl}/files/${id.slice(3, 15)}:download?alt=media`,
            };
      steps.push({ type: 'model_output', content: [video] });
      return { ...interaction, status: 'completed' };
    }
    steps.push({
      type: 'model_output',
      content: [],
      error:
        outcome === 'refuse'
          ? {
              code: 3,
              message: 'The request was blocked by the safety filters (prohibited content).',
            }
          : { code: 13, message: 'Internal error while generating the video.' },
    });
    return { ...interaction, status: 'failed' };
  };

  const served = await serve(answer, '/v1beta');
  standIn.baseUrl = served.baseUrl;
  return Object.assign(standIn, { received: served.received, close: served.close });
}
