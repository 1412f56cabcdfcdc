// GET /api/voices (the voices this server offers) and GET /api/voices/{id}/sample (a few seconds
// of one, spoken once and kept in memory). Neither holds member data, so neither needs a session.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { voicesResponseSchema } from '../../../shared/schemas/voices';
import { NotFound } from '../../errors';
import type { VoiceCatalog } from '../../voice/catalog';

export const VOICE_NOT_FOUND_MESSAGE = 'There is no voice with that id.';

export function voiceRoutes({ voices }: { voices: VoiceCatalog }): FastifyPluginAsyncZod {
  const samples = new Map<string, Promise<Buffer>>();
  const sampleOf = (voiceId: string, text: string) => {
    let sample = samples.get(voiceId);
    if (!sample) {
      sample = speakSample(voices, voiceId, text);
      // A failure is not kept: the next request tries again.
      sample.catch(() => samples.delete(voiceId));
      samples.set(voiceId, sample);
    }
    return sample;
  };

  return async (app) => {
    app.get(
      '/api/voices',
      { schema: { response: { 200: voicesResponseSchema } } },
      async (_request, reply) => {
        reply.header('cache-control', 'private, max-age=300');
        return { voices: voices.list(), defaultVoiceId: voices.defaultVoiceId };
      },
    );

    app.get(
      '/api/voices/:id/sample',
      {
        schema: {
          params: z.object({ id: z.string().max(120) }),
          response: {
            200: z.any().describe('A few seconds of the voice, audio/wav.'),
          },
        },
      },
      async (request, reply) => {
        const text = voices.sampleText(request.params.id);
        if (text === null) throw new NotFound(VOICE_NOT_FOUND_MESSAGE);
        const audio = await sampleOf(request.params.id, text);
        return reply
          .header('content-type', 'audio/wav')
          .header('cache-control', 'public, max-age=86400')
          .send(audio);
      },
    );
  };
}

async function speakSample(voices: VoiceCatalog, voiceId: string, text: string): Promise<Buffer> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'reelforge-voice-sample-'));
  try {
    const outputFile = path.join(folder, 'sample.wav');
    await voices.speak({ voiceId, text, speed: 1, outputFile });
    return await readFile(outputFile);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
