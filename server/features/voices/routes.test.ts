// GET /api/voices and GET /api/voices/{id}/sample on the real server: the list for members, a
// sample anyone can play (spoken once, then served from memory, cacheable), a clear 404 for a
// voice that is not offered, and both in the API document.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UNKNOWN_VOICE_MESSAGE, voicesResponseSchema } from '../../../shared/schemas/voices';
import { levelDb, samplesOf } from '../../../test/audio';
import { signUp, TestClient } from '../../../test/http-client';
import { setUpTestServer } from '../../../test/server';

const test = setUpTestServer({ env: { ROLES: 'api' } });

async function soundOf(bytes: ArrayBuffer) {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'reelforge-sample-'));
  try {
    const file = path.join(folder, 'sample.wav');
    await writeFile(file, Buffer.from(bytes));
    const samples = await samplesOf(file);
    return { seconds: samples.length / 16_000, level: levelDb(samples, [{ start: 0, end: 60 }]) };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

describe('GET /api/voices', () => {
  it('lists the voices to a member, the default first, each with its sample', async () => {
    const anonymous = await new TestClient(test.server.url).get('/api/voices');
    expect(anonymous.status).toBe(401);

    const member = new TestClient(test.server.url);
    await signUp(member);
    const response = await member.get('/api/voices');
    expect(response.status).toBe(200);
    const body = voicesResponseSchema.parse(response.body);
    expect(body.defaultVoiceId).toBe('offline-en-us');
    expect(body.voices[0]).toMatchObject({
      id: 'offline-en-us',
      name: 'Ava',
      languageName: 'US English',
      provider: 'offline',
    });
    expect(body.voices.length).toBeGreaterThanOrEqual(10);
    for (const voice of body.voices) {
      expect(voice.sampleUrl).toBe(`/api/voices/${voice.id}/sample`);
    }
  });
});

describe('GET /api/voices/{id}/sample', () => {
  it('speaks the voice once, then serves the same audio from memory, cacheable by anyone', async () => {
    const url = `${test.server.url}/api/voices/offline-fr/sample`;
    const first = await fetch(url);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('audio/wav');
    expect(first.headers.get('cache-control')).toBe('public, max-age=86400');
    const bytes = await first.arrayBuffer();
    expect(Buffer.from(bytes).toString('latin1', 0, 4)).toBe('RIFF');
    const sound = await soundOf(bytes);
    expect(sound.seconds).toBeGreaterThan(1.5);
    expect(sound.seconds).toBeLessThan(10);
    expect(sound.level).toBeGreaterThan(-30);

    const started = performance.now();
    const again = await fetch(url);
    const elapsed = performance.now() - started;
    expect(Buffer.from(await again.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
    // Kept, not spoken again (speaking starts a thread and takes a few hundred milliseconds).
    expect(elapsed).toBeLessThan(150);
  });

  it('answers 404 with a clear message for a voice that is not offered', async () => {
    const client = new TestClient(test.server.url);
    for (const id of ['offline-xx', 'x'.repeat(90), 'offline-en-us%20']) {
      const response = await client.get(`/api/voices/${id}/sample`);
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ message: UNKNOWN_VOICE_MESSAGE, code: 'NOT_FOUND' });
    }
    // An id past Fastify's 100 characters matches no route: 414 from Fastify, or 404 from the
    // built client's catch-all when the build is there. Slashes match no route either.
    expect([404, 414]).toContain(
      (await client.get(`/api/voices/${'x'.repeat(300)}/sample`)).status,
    );
    expect((await client.get('/api/voices/..%2F..%2Fetc/sample')).status).toBe(404);
  });
});

describe('the API document', () => {
  it('lists both routes with what they answer', async () => {
    const response = await new TestClient(test.server.url).get<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>('/api/docs/json');
    const list = response.body.paths['/api/voices']?.get?.responses;
    const sample = response.body.paths['/api/voices/{id}/sample']?.get?.responses;
    expect(Object.keys(list ?? {})).toEqual(expect.arrayContaining(['200', '4XX']));
    expect(sample?.['200']).toMatchObject({ content: { 'audio/wav': expect.anything() } });
  });
});
