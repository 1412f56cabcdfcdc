// With an OpenAI-compatible planner configured (a fake one, speaking the chat-completions shapes):
// an outage fails the video with a readable message and refunds it; once the planner is back, a
// retry completes the video from the model's plan.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { signUp, TestClient } from '../../test/http-client';
import { setUpTestServer } from '../../test/server';
import { isSettled, videoInput, waitForVideo } from '../../test/videos';

let healthy = false;
const requests: Array<{ model: string; messages: unknown[] }> = [];
const fakePlanner = http.createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => {
    body += chunk;
  });
  request.on('end', () => {
    requests.push(JSON.parse(body));
    if (!healthy || request.url !== '/v1/chat/completions') {
      response.writeHead(503, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'overloaded', type: 'server_error' } }));
      return;
    }
    const plan = {
      scenes: [
        {
          number: 1,
          prompt: 'Wide shot of boats leaving a misty harbour at dawn',
          // Every sentence the member wrote, in order (one 8 s scene has no room for the title
          // too): an answer that dropped or changed them would not be used (the offline plan would).
          narration:
            'Fishing boats slip out of a quiet harbour at dawn. Gulls circle the masts. The town wakes up behind them.',
          visual: 'Boats leave a misty harbour at dawn, gulls over the masts',
          camera: 'slow push-in',
          mood: 'calm, golden',
        },
      ],
    };
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        id: 'chatcmpl-test',
        object: 'chat.completion',
        created: 1,
        model: 'test-model',
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: JSON.stringify(plan) },
            finish_reason: 'stop',
          },
        ],
        usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
      }),
    );
  });
});
await new Promise<void>((resolve) => fakePlanner.listen(0, '127.0.0.1', resolve));
const plannerUrl = `http://127.0.0.1:${(fakePlanner.address() as AddressInfo).port}/v1`;

const test = setUpTestServer({ env: { LLM_BASE_URL: plannerUrl, LLM_MODEL: 'test-model' } });
afterAll(() => new Promise<void>((resolve) => fakePlanner.close(() => resolve())));

describe('an OpenAI-compatible planner', () => {
  it('fails and refunds during an outage, then completes on retry', async () => {
    const client = new TestClient(test.server.url);
    await signUp(client);
    const created = await client.post<{ id: string; requestId: number }>(
      '/api/video-creation-requests',
      videoInput,
    );
    const failed = await waitForVideo(client, created.body.requestId, isSettled);
    expect(failed.status).toBe('failed');
    expect(failed.errorMessage).toBe(
      'The scene planner is unavailable (HTTP 503). Please try again.',
    );
    expect((await client.get('/api/credits')).body.remainingCredits).toBe(10);

    healthy = true;
    expect((await client.patch(`/api/videos/${created.body.id}/retry`)).status).toBe(200);
    const video = await waitForVideo(client, created.body.requestId, isSettled);
    expect(video.status).toBe('completed');
    // The model's plan was used: its camera and mood, not the offline planner's.
    expect(JSON.parse(video.generatedPrompt as string).scenes[0]).toMatchObject({
      camera: 'slow push-in',
      mood: 'calm, golden',
    });
    expect((await client.get('/api/credits')).body.remainingCredits).toBe(9);
    expect(requests.at(-1)?.model).toBe('test-model');
  });
});
