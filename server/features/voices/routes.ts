// GET /api/voices: the voices this server offers (members: Create, jobs and Profile pick from it).
// GET /api/voices/{id}/sample: a few seconds of one voice introducing itself, as audio/wav, spoken
// on first request and then served from memory. Samples are public and the same for everyone, so
// shared caches may keep them; the list needs a session like every member page's data.

import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  UNKNOWN_VOICE_MESSAGE,
  type VoicesResponse,
  voicesResponseSchema,
} from '../../../shared/schemas/voices';
import { NotFound, Unavailable } from '../../errors';
import { fileAnswer } from '../../http/openapi';
import type { SessionGuards } from '../../http/session';
import { holdPreparation } from '../../render-threads/preparation-pool';
import { VoiceServiceError } from '../../voice/cloud-http';
import type { Voices } from '../../voice/voices';

/** The voices' side these routes use. */
export type VoiceSamples = Pick<Voices, 'list' | 'defaultVoiceId' | 'sampleText' | 'speak'>;

export function voiceRoutes(
  { voices }: { voices: VoiceSamples },
  guards: SessionGuards,
): FastifyPluginAsyncZod {
  // One entry per voice at most (ids come from the catalogue, never from the request as such).
  const samples = new Map<string, Promise<Buffer>>();
  const sampleOf = (voiceId: string, text: string): Promise<Buffer> => {
    let sample = samples.get(voiceId);
    if (!sample) {
      sample = speakSample(voices, voiceId, text);
      // A failed sample is not kept: the next listener tries again.
      sample.catch(() => samples.delete(voiceId));
      samples.set(voiceId, sample);
    }
    return sample;
  };

  return async (app) => {
    // Offline samples are spoken in the preparation threads: this server holds them while it runs.
    app.addHook('onClose', holdPreparation());

    app.get(
      '/api/voices',
      { onRequest: guards.requireUser, schema: { response: { 200: voicesResponseSchema } } },
      async (_request, reply) => {
        const body: VoicesResponse = {
          voices: voices.list(),
          defaultVoiceId: voices.defaultVoiceId,
        };
        return reply.header('cache-control', 'private, max-age=300').send(body);
      },
    );

    app.get(
      '/api/voices/:id/sample',
      {
        schema: {
          params: z.object({ id: z.string() }),
          response: {
            200: fileAnswer('A few seconds of the voice introducing itself.', ['audio/wav']),
          },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const text = voices.sampleText(id);
        if (text === null) throw new NotFound(UNKNOWN_VOICE_MESSAGE);
        let audio: Buffer;
        try {
          audio = await sampleOf(id, text);
        } catch (error) {
          if (error instanceof VoiceServiceError) {
            throw new Unavailable('VOICE_UNAVAILABLE', error.message, 502);
          }
          throw error;
        }
        return reply
          .header('content-type', 'audio/wav')
          .header('cache-control', 'public, max-age=86400')
          .send(audio);
      },
    );
  };
}

async function speakSample(voices: VoiceSamples, voiceId: string, text: string): Promise<Buffer> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'reelforge-voice-sample-'));
  try {
    const spoken = await voices.speak({
      voiceId,
      text,
      speed: 1,
      outputFile: path.join(folder, 'sample.wav'),
    });
    if (!spoken.file) throw new Error(`voice ${voiceId} said nothing for its sample`);
    return await readFile(spoken.file);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
