// A natural voice through Kokoro-FastAPI (its stand-in: no weights run here): its voices are read
// from the server and offered beside the offline ones, grouped by the language the name's first
// letter gives; a narrated video's captions take Kokoro's own word timestamps to the millisecond;
// without timestamps (Japanese), or with the /dev/ route gone, the words are timed from the audio.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VoicesResponse } from '../../shared/schemas/voices';
import { type FakeKokoro, startFakeKokoro } from '../../test/fake-kokoro';
import { memberOn } from '../../test/members';
import { setUpTestServer } from '../../test/server';
import { download, isSettled, waitForVideo } from '../../test/videos';
import { voiceStartOf } from '../media/scene-timing';
import { parseWebVtt } from '../media/webvtt';
import { LEAD_SECONDS } from '../media/word-captions';

const env: Record<string, string> = { TTS_MODEL: 'kokoro' };
/** The same server behind TTS_BASE_URL alone, TTS_MODEL left at its default. */
const undeclared: Record<string, string> = {};
let kokoro: FakeKokoro;
beforeAll(async () => {
  kokoro = await startFakeKokoro();
  env.TTS_BASE_URL = kokoro.baseUrl;
  undeclared.TTS_BASE_URL = kokoro.baseUrl;
});
const test = setUpTestServer({ env });
const plain = setUpTestServer({ env: undeclared });
afterAll(async () => {
  await kokoro?.close();
});

describe('Kokoro voices', () => {
  it("offers the server's voices beside the offline ones, by the language their name gives", async () => {
    const { client } = await memberOn(test, 'Free');
    const { body } = await client.get<VoicesResponse>('/api/voices');
    const kokoroVoices = body.voices.filter((voice) => voice.provider === 'kokoro');
    expect(
      kokoroVoices.map(({ id, name, language, languageName }) => ({
        id,
        name,
        language,
        languageName,
      })),
    ).toEqual([
      { id: 'kokoro-af-heart', name: 'Heart', language: 'en-US', languageName: 'US English' },
      { id: 'kokoro-am-michael', name: 'Michael', language: 'en-US', languageName: 'US English' },
      { id: 'kokoro-bf-emma', name: 'Emma', language: 'en-GB', languageName: 'British English' },
      { id: 'kokoro-ef-dora', name: 'Dora', language: 'es-ES', languageName: 'Spanish' },
      { id: 'kokoro-jf-alpha', name: 'Alpha', language: 'ja-JP', languageName: 'Japanese' },
    ]);
    // The offline voices are still there, first (the default's language leads the picker).
    expect(body.voices[0]?.provider).toBe('offline');
    expect(body.defaultVoiceId).toBe('offline-en-us');
    expect(kokoro.requests.some((request) => request.path === '/v1/audio/voices')).toBe(true);
  });

  it('recognises a Kokoro-FastAPI server that TTS_MODEL does not name, by its voice list', async () => {
    const { client } = await memberOn(plain, 'Free');
    const { body } = await client.get<VoicesResponse>('/api/voices');
    const providers = new Set(body.voices.map((voice) => voice.provider));
    expect(providers).toEqual(new Set(['offline', 'kokoro']));
    expect(body.voices.map((voice) => voice.id)).toContain('kokoro-ef-dora');
  });

  it("times the captions by Kokoro's own word timestamps, to the millisecond", async () => {
    const { client } = await memberOn(test, 'Elite');
    const created = await client.post<{ requestId: number }>('/api/video-creation-requests', {
      title: 'Morning light',
      description: 'The sun rises over quiet hills. Birds begin their song.',
      aspectRatio: 'landscape',
      scenes: 1,
      watermark: false,
      voiceId: 'kokoro-af-heart',
    });
    expect(created.status).toBe(201);
    const video = await waitForVideo(client, created.body.requestId, isSettled, 120_000);
    expect(video.status, video.errorMessage ?? '').toBe('completed');
    expect(video.voiceId).toBe('kokoro-af-heart');

    const spoken = kokoro.requests.filter((request) => request.path === '/dev/captioned_speech');
    expect(spoken).toHaveLength(1);
    expect(spoken[0]?.body).toMatchObject({
      model: 'kokoro',
      voice: 'af_heart',
      stream: false,
      response_format: 'wav',
    });
    const times = kokoro.answered.at(-1) ?? [];
    const captions = parseWebVtt(
      await (await download(client, video.captionsUrl as string)).text(),
    );
    const words = captions.flatMap((cue) => cue.words);
    expect(words.map((word) => word.text.replace(/[.,]$/u, ''))).toEqual(
      times.map((time) => time.word),
    );
    const voiceStart = voiceStartOf(0);
    const cueStarts = new Set(captions.map((cue) => cue.words[0]));
    for (const [index, word] of words.entries()) {
      const time = times[index];
      // WebVTT's inline times are each word's start; a cue opens LEAD_SECONDS before its first
      // word is heard, as captions do.
      const lead = cueStarts.has(word) ? LEAD_SECONDS : 0;
      expect(word.start).toBeCloseTo((time?.start_time ?? 0) + voiceStart - lead, 3);
    }
  }, 150_000);

  it('times the words from the audio where Kokoro gives no timestamps, or its captioned route is gone', async () => {
    const { client } = await memberOn(test, 'Elite');
    for (const [voiceId, gone] of [
      ['kokoro-jf-alpha', false],
      ['kokoro-am-michael', true],
    ] as const) {
      kokoro.captionedGone = gone;
      const created = await client.post<{ requestId: number }>('/api/video-creation-requests', {
        title: 'Evening walk',
        description: 'Walk slowly along the river as the lights come on.',
        aspectRatio: 'landscape',
        scenes: 1,
        watermark: false,
        voiceId,
      });
      expect(created.status).toBe(201);
      const video = await waitForVideo(client, created.body.requestId, isSettled, 120_000);
      expect(video.status, video.errorMessage ?? '').toBe('completed');
      const captions = parseWebVtt(
        await (await download(client, video.captionsUrl as string)).text(),
      );
      expect(captions.flatMap((cue) => cue.words).length).toBeGreaterThan(3);
    }
    kokoro.captionedGone = false;
    // The route gone: the stable OpenAI-compatible one spoke instead.
    expect(kokoro.requests.at(-1)?.path).toBe('/v1/audio/speech');
  }, 200_000);
});
