// The OpenAI-compatible planner against a fake chat-completions server speaking the documented
// request and answer shapes: what it sends, and the plan (or the member's message) it gives back.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { planLocally } from './local-planner';
import { captionOfNarration, narrationWordCount } from './narration';
import { languageName, PLANNER_MESSAGES, systemPrompt } from './openai-planner';
import { createPlanner, type PlanInput, PlannerError } from './planner';

type Received = { method: string; url: string; headers: IncomingHttpHeaders; body: unknown };
type Answer = (response: ServerResponse) => void;

let received: Received[] = [];
let answer: Answer = () => {};
let baseUrl = '';

const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const text = Buffer.concat(chunks).toString('utf8');
    received.push({
      method: request.method ?? '',
      url: request.url ?? '',
      headers: request.headers,
      body: text ? JSON.parse(text) : null,
    });
    answer(response);
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  received = [];
  answer = () => {};
});

function completion(content: string) {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: 1_700_000_000,
    model: 'test-model',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 120, completion_tokens: 80, total_tokens: 200 },
  };
}

function answerWith(status: number, body: unknown): Answer {
  return (response) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
}

/** A scene as the system prompt asks for it: narration and visual apart. */
function modelScene(number: number) {
  return {
    number,
    narration: `Model narration ${number}: the cat finds its balance.`,
    visual: `Model visual ${number}: a ginger cat on a skateboard at Shibuya crossing, tracking shot, neon light.`,
    prompt: `Model prompt ${number}: a ginger cat rides a skateboard through Shibuya crossing at night.`,
    camera: 'tracking shot',
    mood: 'playful, electric',
  };
}

/** What the plan holds for `modelScene(number)`: the caption is the narration without its full stop. */
function plannedScene(number: number) {
  const scene = modelScene(number);
  return { ...scene, caption: captionOfNarration(scene.narration), durationSeconds: 8 };
}

const input: PlanInput = {
  title: 'Skater Cat',
  description: 'A cat learns to skateboard in Tokyo.',
  scenes: 2,
  aspectRatio: 'portrait',
  hasSourceImage: true,
};

function planner(
  options: { apiKey?: string | null; timeoutMs?: number; base?: string; retries?: number } = {},
) {
  return createPlanner(
    {
      llmBaseUrl: options.base ?? `${baseUrl}/`,
      llmApiKey: options.apiKey === undefined ? 'sk-test-key' : options.apiKey,
      llmModel: 'gpt-test',
    },
    { timeoutMs: options.timeoutMs ?? 5_000, retries: options.retries, minRetryDelayMs: 5 },
  );
}

/** Answers each request with the next of `answers` (the last one again when they run out). */
function answerInTurn(...answers: Answer[]): Answer {
  let index = 0;
  return (response) => {
    const next = answers[Math.min(index, answers.length - 1)];
    index += 1;
    next?.(response);
  };
}

const goodPlan = () =>
  answerWith(200, completion(JSON.stringify({ scenes: [modelScene(1), modelScene(2)] })));

describe('OpenAI-compatible planner', () => {
  it('posts the documented chat-completions request and returns the model’s plan', async () => {
    answer = answerWith(
      200,
      completion(JSON.stringify({ scenes: [modelScene(1), modelScene(2)] })),
    );
    const subject = planner();
    expect(subject.name).toBe('openai-compatible');
    const plan = await subject.plan(input);

    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/v1/chat/completions');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers.authorization).toBe('Bearer sk-test-key');
    const body = request?.body as {
      model: string;
      messages: { role: string; content: string }[];
      temperature: number;
      response_format: unknown;
    };
    expect(body.model).toBe('gpt-test');
    expect(body.temperature).toBe(0.7);
    expect(body.response_format).toEqual({ type: 'json_object' });
    expect(body.messages.map((message) => message.role)).toEqual(['system', 'user']);
    expect(body.messages[0]?.content).toContain('"scenes"');
    expect(body.messages[0]?.content).toContain('"narration"');
    expect(body.messages[0]?.content).toContain('"visual"');
    expect(body.messages[0]?.content).toContain('at most 18 words');
    expect(body.messages[1]?.content).toContain('2 scenes');
    expect(body.messages[1]?.content).toContain('A cat learns to skateboard in Tokyo.');
    expect(body.messages[1]?.content).toContain('portrait 9:16');
    expect(body.messages[1]?.content).toContain('"referenceImage": true');

    expect(plan).toEqual({ title: 'Skater Cat', scenes: [1, 2].map(plannedScene) });
  });

  it('sends no authorization header without a key', async () => {
    answer = answerWith(
      200,
      completion(JSON.stringify({ scenes: [modelScene(1), modelScene(2)] })),
    );
    await planner({ apiKey: null }).plan(input);
    expect(received[0]?.headers.authorization).toBeUndefined();
  });

  it('keeps only the requested number of scenes when the model writes more', async () => {
    const scenes = [1, 2, 3, 4, 5, 6].map(modelScene);
    answer = answerWith(200, completion(JSON.stringify({ scenes })));
    const plan = await planner().plan({ ...input, scenes: 2 });
    expect(plan.scenes.map((scene) => scene.number)).toEqual([1, 2]);
    expect(plan.scenes.map((scene) => scene.narration)).toEqual([
      modelScene(1).narration,
      modelScene(2).narration,
    ]);
  });

  it('narrates the member’s own marked scene texts, whatever the model wrote', async () => {
    const scenes = [1, 2].map(modelScene);
    answer = answerWith(200, completion(JSON.stringify({ scenes })));
    const plan = await planner().plan({
      ...input,
      description: 'Scene 1: Beans tumble in the roaster. Scene 2: Steam rises from a cup.',
      scenes: 2,
    });
    expect(plan.scenes.map((scene) => scene.narration)).toEqual([
      'Beans tumble in the roaster.',
      'Steam rises from a cup.',
    ]);
    expect(plan.scenes.map((scene) => scene.caption)).toEqual([
      'Beans tumble in the roaster',
      'Steam rises from a cup',
    ]);
    expect(plan.scenes[0]?.prompt).toBe(modelScene(1).prompt);
    expect(plan.scenes[0]?.visual).toBe(modelScene(1).visual);
    expect(JSON.stringify(received.at(-1)?.body)).toContain('Scene 1:');
  });

  it('fills scenes the model left out from the local planner', async () => {
    answer = answerWith(200, completion(JSON.stringify({ scenes: [modelScene(1)] })));
    const plan = await planner().plan({ ...input, scenes: 3 });
    const local = planLocally({ ...input, scenes: 3 });
    expect(plan.scenes).toEqual([plannedScene(1), local.scenes[1], local.scenes[2]]);
  });

  it('reads JSON wrapped in a ```json fence, and an answer in the old shape (caption only)', async () => {
    const content = [
      'Here is your storyboard:',
      '```json',
      JSON.stringify({
        scenes: [
          { prompt: 'A cat on a skateboard.', caption: 'The cat wobbles. Slow-motion close-up.' },
          { prompt: 'The cat lands a kickflip.', mood: ['proud', 'joyful'] },
        ],
      }),
      '```',
    ].join('\n');
    answer = answerWith(200, completion(content));
    const plan = await planner().plan(input);
    const local = planLocally(input);
    // The caption stands in for the narration, its direction taken out; the prompt for the visual.
    expect(plan.scenes[0]).toMatchObject({
      prompt: 'A cat on a skateboard.',
      visual: 'A cat on a skateboard.',
      narration: 'The cat wobbles.',
      caption: 'The cat wobbles',
      camera: local.scenes[0]?.camera,
    });
    // No words at all from the model: the local planner's.
    expect(plan.scenes[1]).toEqual({
      number: 2,
      prompt: 'The cat lands a kickflip.',
      narration: local.scenes[1]?.narration,
      visual: 'The cat lands a kickflip.',
      caption: local.scenes[1]?.caption,
      camera: local.scenes[1]?.camera,
      mood: 'proud, joyful',
      durationSeconds: 8,
    });
  });

  it('filters and shortens narration a model writes against its instructions', async () => {
    const long =
      'The cat rolls past the shrine, the market, the station and the river, and every commuter on the bridge turns to watch it go by.';
    answer = answerWith(
      200,
      completion(
        JSON.stringify({
          scenes: [
            {
              narration: `Film style: cinematic. ${long} Slow dolly-in, soft morning light, cozy acoustic music.`,
              visual: 'A ginger cat at a shrine.',
            },
            { narration: 'Aerial drone shot, golden hour, 4k.', visual: 'The cat at sunset.' },
            { narration: 'Wide shot, neon light.', visual: 'The cat at night.' },
          ],
        }),
      ),
    );
    const plan = await planner().plan({ ...input, scenes: 3 });
    const local = planLocally({ ...input, scenes: 3 });
    const [first, second, third] = plan.scenes;
    expect(first?.narration).toBe(
      'The cat rolls past the shrine, the market, the station and the river.',
    );
    expect(narrationWordCount(first?.narration ?? '')).toBeLessThanOrEqual(18);
    // Directions only: a later scene is silent, scene 1 would take the local planner's words.
    expect(second?.narration).toBe('');
    expect(third?.narration).toBe('');
    expect(second?.visual).toBe('The cat at sunset.');

    answer = answerWith(
      200,
      completion(
        JSON.stringify({ scenes: [{ narration: 'Handheld close-up.', visual: 'A cat.' }] }),
      ),
    );
    const silent = await planner().plan({ ...input, scenes: 1 });
    expect(silent.scenes[0]?.narration).toBe(
      planLocally({ ...input, scenes: 1 }).scenes[0]?.narration,
    );
    expect(local.scenes[0]?.narration).not.toBe('');
  });

  it('asks for narration in the voice’s language, within the scene’s words', async () => {
    answer = goodPlan();
    await planner().plan({ ...input, narrationLanguage: 'pt-BR' });
    const body = received[0]?.body as { messages: { content: string }[] };
    expect(body.messages[0]?.content).toContain('written in Brazilian Portuguese');
    expect(body.messages[1]?.content).toContain('"narrationLanguage": "Brazilian Portuguese"');
    expect(systemPrompt('ja')).toContain('written in Japanese, at most 43 characters per scene');
    expect(systemPrompt(null)).toContain('in the language of the description, at most 18 words');
    expect(languageName('en-US')).toBe('American English');
    expect(languageName('not a tag!')).toBe('not a tag!');
    expect(languageName('  ')).toBeNull();
  });

  it('turns an HTTP error into a readable message without the key', async () => {
    answer = answerWith(500, { error: { message: 'Internal error for key sk-test-key' } });
    const failure = await planner()
      .plan(input)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PlannerError);
    expect((failure as PlannerError).message).toBe(
      'The scene planner is unavailable (HTTP 500). Please try again.',
    );
    expect((failure as PlannerError).status).toBe(500);
    expect(String((failure as Error).message)).not.toContain('sk-test');
  });

  it('turns a garbage answer into a readable message', async () => {
    for (const body of [
      'not json at all',
      { unexpected: true },
      completion('I cannot help with that.'),
      completion(JSON.stringify({ scenes: [] })),
      completion(JSON.stringify({ scenes: [{ caption: 'no prompt' }] })),
    ]) {
      answer = answerWith(200, body);
      await expect(planner().plan(input)).rejects.toThrow(
        new PlannerError(PLANNER_MESSAGES.unreadable),
      );
    }
    expect(PLANNER_MESSAGES.unreadable).toBe(
      'The scene planner returned a plan we could not read. Please try again.',
    );
  });

  it('gives up with a readable message when the endpoint does not answer in time', async () => {
    answer = () => {}; // never answers
    const started = Date.now();
    await expect(planner({ timeoutMs: 150 }).plan(input)).rejects.toThrow(
      'The scene planner took too long to answer. Please try again.',
    );
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('says so when the endpoint cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(planner({ base: `http://127.0.0.1:${port}/v1` }).plan(input)).rejects.toThrow(
      'The scene planner could not be reached. Please try again.',
    );
  });

  it('rejects with the caller’s reason when the caller aborts', async () => {
    answer = () => {};
    const controller = new AbortController();
    const pending = planner().plan(input, controller.signal);
    setTimeout(() => controller.abort(new Error('worker stopping')), 50);
    await expect(pending).rejects.toThrow('worker stopping');
  });

  it('waits out a 429 for as long as Retry-After says, then plans', async () => {
    answer = answerInTurn((response) => {
      response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
      response.end(JSON.stringify({ error: { message: 'Rate limit reached' } }));
    }, goodPlan());
    const started = Date.now();
    const plan = await planner().plan(input);
    expect(plan.scenes[0]?.narration).toBe(modelScene(1).narration);
    expect(received).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  });

  it('tries again after a passing 503, and again, then plans', async () => {
    const overloaded = answerWith(503, { error: { message: 'overloaded' } });
    answer = answerInTurn(overloaded, overloaded, goodPlan());
    const plan = await planner().plan(input);
    expect(plan.scenes).toHaveLength(2);
    expect(received).toHaveLength(3);
  });

  it('gives up after its retries with the readable message of the last answer', async () => {
    answer = answerWith(503, { error: { message: 'overloaded' } });
    await expect(planner({ retries: 2 }).plan(input)).rejects.toThrow(
      'The scene planner is unavailable (HTTP 503). Please try again.',
    );
    expect(received).toHaveLength(3);
  });

  it('does not retry an answer that would fail again (400, or a plan it cannot read)', async () => {
    answer = answerWith(400, { error: { message: 'bad request' } });
    await expect(planner().plan(input)).rejects.toThrow(
      'The scene planner is unavailable (HTTP 400). Please try again.',
    );
    expect(received).toHaveLength(1);
    received = [];
    answer = answerWith(200, completion('Sorry, here is a poem instead.'));
    await expect(planner().plan(input)).rejects.toThrow(PLANNER_MESSAGES.unreadable);
    expect(received).toHaveLength(1);
  });

  it('stops waiting between attempts when the caller aborts', async () => {
    answer = (response) => {
      response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '30' });
      response.end('{}');
    };
    const controller = new AbortController();
    const started = Date.now();
    const pending = planner().plan(input, controller.signal);
    setTimeout(() => controller.abort(new Error('worker stopping')), 100);
    await expect(pending).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
