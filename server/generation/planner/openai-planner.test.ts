// The OpenAI-compatible planner against a fake chat-completions server speaking the documented
// request and answer shapes: what it sends, the plan it gives back (the model's when its narration
// keeps the rules, else the offline plan with a log line), or the member's message.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SCENE_TIMING } from '../../media/scene-timing';
import { planLocally } from './local-planner';
import { NARRATION_CJK_CHARACTERS_PER_SECOND, NARRATION_WORDS_PER_SECOND } from './narration';
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

/** A scene as the system prompt asks for it: narration, its shots and the visual apart. */
function modelScene(number: number) {
  const narration = MODEL_NARRATIONS[number - 1] ?? `Scene ${number}.`;
  return {
    number,
    narration,
    shots: MODEL_SHOTS[number - 1],
    visual: `Model visual ${number}: a ginger cat on a skateboard at Shibuya crossing, tracking shot, neon light.`,
    prompt: `Model prompt ${number}: a ginger cat rides a skateboard through Shibuya crossing at night.`,
    camera: 'tracking shot',
    mood: 'playful, electric',
  };
}

/** What a model that keeps the rules says: the title, then the member's two sentences. */
const MODEL_NARRATIONS = [
  'Skater Cat. A cat learns to skateboard in Tokyo.',
  'It rolls past the crossing at night.',
];
const MODEL_SHOTS = [['Skater Cat. A cat learns', 'to skateboard in Tokyo.'], undefined];

const input: PlanInput = {
  title: 'Skater Cat',
  description: 'A cat learns to skateboard in Tokyo. It rolls past the crossing at night.',
  scenes: 2,
  aspectRatio: 'portrait',
  hasSourceImage: true,
  narrationLanguage: 'en-US',
  voiced: true,
};

let warnings: string[] = [];

const { firstVoiceStart, voiceStart, breath, endCard } = SCENE_TIMING;
/** To the hundredth of a second, as plans give times. */
const cents = (seconds: number) => Math.round(seconds * 100) / 100;
/** Whole words a scene's voice says between its start and its tail, at 2.5 a second, in 8 s. */
const wordsIn = (start: number, tail: number) =>
  Math.floor((8 - start - tail) * NARRATION_WORDS_PER_SECOND);
/** When the voice has said `words` words, starting at `start`. */
const saidBy = (start: number, words: number) => cents(start + words / NARRATION_WORDS_PER_SECOND);

function planner(
  options: { apiKey?: string | null; timeoutMs?: number; base?: string; retries?: number } = {},
) {
  return createPlanner(
    {
      llmBaseUrl: options.base ?? `${baseUrl}/`,
      llmApiKey: options.apiKey === undefined ? 'sk-test-key' : options.apiKey,
      llmModel: 'gpt-test',
    },
    {
      timeoutMs: options.timeoutMs ?? 5_000,
      retries: options.retries,
      minRetryDelayMs: 5,
      log: { warn: (message) => warnings.push(message) },
    },
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

/** The model answers with these scenes (each a partial model scene over scene N's defaults). */
function answerScenes(...scenes: Array<Partial<ReturnType<typeof modelScene>>>): Answer {
  return answerWith(
    200,
    completion(
      JSON.stringify({
        scenes: scenes.map((scene, index) => ({ ...modelScene(index + 1), ...scene })),
      }),
    ),
  );
}

beforeEach(() => {
  warnings = [];
});

describe('OpenAI-compatible planner', () => {
  it('posts the documented chat-completions request and returns the model’s plan', async () => {
    answer = goodPlan();
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
    const [system, user] = body.messages.map((message) => message.content);
    for (const asked of ['"scenes"', '"narration"', '"shots"', '"visual"']) {
      expect(system).toContain(asked);
    }
    // The hook first, every sentence in order, list items kept, the call to action last.
    expect(system).toContain('Scene 1 opens with the "hook"');
    expect(system).toContain('say every one of the member\'s "sentences", in their order');
    expect(system).toContain('keep every item of a list');
    expect(system).toContain('Never stop in the middle of a phrase');
    expect(user).toContain('2 scenes');
    expect(user).toContain('"hook": "Skater Cat."');
    expect(user).toContain('"A cat learns to skateboard in Tokyo."');
    // Scene 1's voice starts under the fade in and ends on a breath; the last one's, the end card.
    const perScene = [wordsIn(firstVoiceStart, breath), wordsIn(voiceStart, endCard)];
    expect(user).toContain(`"wordsPerScene": [\n    ${perScene.join(',\n    ')}\n  ]`);
    expect(user).toContain('portrait 9:16');
    expect(user).toContain('"referenceImage": true');

    expect(plan.title).toBe('Skater Cat');
    expect(plan.omitted).toEqual([]);
    expect(plan.scenes).toEqual([
      {
        number: 1,
        prompt: modelScene(1).prompt,
        visual: modelScene(1).visual,
        camera: 'tracking shot',
        mood: 'playful, electric',
        narration: MODEL_NARRATIONS[0],
        caption: 'Skater Cat. A cat learns to skateboard in Tokyo',
        // 9 words at 2.5 a second, from the voice's start, then a breath.
        durationSeconds: cents(saidBy(firstVoiceStart, 9) + breath),
        speed: 1,
        // The model's own shots: each 1.5–4 s at that pace.
        shots: [
          {
            text: 'Skater Cat. A cat learns',
            start: 0,
            end: saidBy(firstVoiceStart, 5),
            visual: null,
          },
          {
            text: 'to skateboard in Tokyo.',
            start: saidBy(firstVoiceStart, 5),
            end: cents(saidBy(firstVoiceStart, 9) + breath),
            visual: null,
          },
        ],
        overlay: null,
      },
      {
        number: 2,
        prompt: modelScene(2).prompt,
        visual: modelScene(2).visual,
        camera: 'tracking shot',
        mood: 'playful, electric',
        narration: MODEL_NARRATIONS[1],
        caption: 'It rolls past the crossing at night',
        // 7 words, then the end card.
        durationSeconds: cents(saidBy(voiceStart, 7) + endCard),
        speed: 1,
        // No shots from the model: cut here. The scene is under 4 s, the most a shot lasts,
        // and says one phrase: one shot, from its start to its end.
        shots: [
          {
            text: 'It rolls past the crossing at night.',
            start: 0,
            end: cents(saidBy(voiceStart, 7) + endCard),
            visual: null,
          },
        ],
        overlay: null,
      },
    ]);
    expect(warnings).toEqual([]);
  });

  it('sends no authorization header without a key', async () => {
    answer = goodPlan();
    await planner({ apiKey: null }).plan(input);
    expect(received[0]?.headers.authorization).toBeUndefined();
  });

  it('keeps only the requested number of scenes when the model writes more', async () => {
    const scenes = [1, 2, 3, 4, 5, 6].map(modelScene);
    answer = answerWith(200, completion(JSON.stringify({ scenes })));
    const plan = await planner().plan({ ...input, scenes: 2 });
    expect(plan.scenes.map((scene) => scene.number)).toEqual([1, 2]);
    expect(plan.scenes.map((scene) => scene.narration)).toEqual(MODEL_NARRATIONS);
  });

  it('narrates the member’s own marked scene texts, whatever the model wrote', async () => {
    const scenes = [1, 2].map(modelScene);
    answer = answerWith(200, completion(JSON.stringify({ scenes })));
    const marked = {
      ...input,
      description: 'Scene 1: Beans tumble in the roaster. Scene 2: Steam rises from a cup.',
      scenes: 2,
    };
    const plan = await planner().plan(marked);
    const local = planLocally(marked);
    expect(plan.scenes.map((scene) => scene.narration)).toEqual([
      'Skater Cat. Beans tumble in the roaster.',
      'Steam rises from a cup.',
    ]);
    expect(plan.scenes.map((scene) => scene.shots)).toEqual(
      local.scenes.map((scene) => scene.shots),
    );
    expect(plan.scenes[0]?.prompt).toBe(modelScene(1).prompt);
    expect(plan.scenes[0]?.visual).toBe(modelScene(1).visual);
    expect(JSON.stringify(received.at(-1)?.body)).toContain('Scene 1:');
  });

  it('reads JSON wrapped in a ```json fence, and an answer in the old shape (caption only)', async () => {
    const content = [
      'Here is your storyboard:',
      '```json',
      JSON.stringify({
        scenes: [
          { prompt: 'A cat on a skateboard.', caption: MODEL_NARRATIONS[0] },
          {
            prompt: 'The cat at the crossing.',
            caption: MODEL_NARRATIONS[1],
            mood: ['proud', 'joyful'],
          },
        ],
      }),
      '```',
    ].join('\n');
    answer = answerWith(200, completion(content));
    const plan = await planner().plan(input);
    const local = planLocally(input);
    // The caption stands in for the narration; the prompt for the visual.
    expect(plan.scenes[0]).toMatchObject({
      prompt: 'A cat on a skateboard.',
      visual: 'A cat on a skateboard.',
      narration: MODEL_NARRATIONS[0],
      camera: local.scenes[0]?.camera,
    });
    expect(plan.scenes[1]).toMatchObject({ narration: MODEL_NARRATIONS[1], mood: 'proud, joyful' });
  });

  describe('an answer that breaks the narration rules gives the offline plan, with a log line', () => {
    const cases: Array<[string, Answer, string]> = [
      [
        'a direction spoken',
        answerScenes(
          { narration: `${MODEL_NARRATIONS[0]} Slow dolly-in, soft morning light.` },
          {},
        ),
        'scene 1 speaks a direction',
      ],
      [
        'a sentence left out',
        answerScenes({}, { narration: 'Tokyo loves it.' }),
        'leaves out or reorders “It rolls past the crossing at night.”',
      ],
      [
        'sentences out of order',
        answerScenes(
          { narration: 'Skater Cat. It rolls past the crossing at night.' },
          { narration: 'A cat learns to skateboard in Tokyo.' },
        ),
        'leaves out or reorders',
      ],
      [
        'the title not first',
        answerScenes({ narration: 'A cat learns to skateboard in Tokyo.' }, {}),
        'leaves out or reorders “Skater Cat”',
      ],
      [
        'a scene that stops mid-phrase',
        answerScenes(
          { narration: 'Skater Cat. A cat learns to skateboard in Tokyo. It rolls past the' },
          { narration: 'crossing at night.' },
        ),
        'scene 1 ends mid-phrase',
      ],
      [
        'a scene longer than 8 s',
        answerScenes(
          {
            narration: `${MODEL_NARRATIONS[0]} ${MODEL_NARRATIONS[1]} Every commuter on the bridge turns to watch it go by, and the station lights up.`,
          },
          { narration: 'What a night.' },
        ),
        'more than 8 s holds',
      ],
      [
        'a silent scene',
        answerScenes({ narration: `${MODEL_NARRATIONS.join(' ')}` }, { narration: '' }),
        'scene 2 says nothing',
      ],
      [
        'a scene missing',
        answerWith(200, completion(JSON.stringify({ scenes: [modelScene(1)] }))),
        'it wrote 1 of 2 scenes',
      ],
    ];
    for (const [name, given, reason] of cases) {
      it(name, async () => {
        answer = given;
        const plan = await planner().plan(input);
        expect(plan).toEqual(planLocally(input));
        expect(warnings).toHaveLength(1);
        expect(warnings[0]).toContain('scene planner (gpt-test): the answer was not used');
        expect(warnings[0]).toContain(reason);
      });
    }
  });

  it('lets a model shorten a sentence, or leave out what the video has no room for', async () => {
    const long = {
      ...input,
      scenes: 1,
      description:
        'Grind the beans medium-fine, like coarse sea salt. Bloom the grounds for thirty seconds. Pour in slow circles until the scale reads two hundred and fifty grams.',
    };
    answer = answerScenes({
      narration: 'Skater Cat. Grind the beans medium-fine. Bloom the grounds for thirty seconds.',
      shots: undefined,
    });
    const plan = await planner().plan(long);
    expect(warnings).toEqual([]);
    expect(plan.scenes[0]?.narration).toBe(
      'Skater Cat. Grind the beans medium-fine. Bloom the grounds for thirty seconds.',
    );
    // Only what the offline plan also leaves out may go.
    expect(planLocally(long).omitted).toEqual([
      'Pour in slow circles until the scale reads two hundred and fifty grams.',
    ]);
    expect(plan.omitted).toEqual([
      'Pour in slow circles until the scale reads two hundred and fifty grams.',
    ]);
  });

  it('says a call to action’s address as words and shows it as written', async () => {
    const withCall = {
      ...input,
      description: `${input.description}\nCall to action: Follow us at emberandoak.example`,
    };
    answer = answerScenes(
      {},
      { narration: 'It rolls past the crossing at night. Follow us at emberandoak.example' },
    );
    const plan = await planner().plan(withCall);
    expect(warnings).toEqual([]);
    expect(plan.scenes[1]?.narration).toBe(
      'It rolls past the crossing at night. Follow us at ember and oak dot example.',
    );
    expect(plan.scenes.map((scene) => scene.overlay)).toEqual([null, 'emberandoak.example']);
  });

  it('takes a narration in the voice’s language as the model wrote it', async () => {
    answer = answerScenes(
      { narration: 'スケーターキャット。猫が東京でスケートボードを習います。', shots: undefined },
      { narration: '夜の交差点を走り抜けます。', shots: undefined },
    );
    const plan = await planner().plan({ ...input, narrationLanguage: 'ja-JP' });
    expect(warnings).toEqual([]);
    expect(plan.scenes.map((scene) => scene.narration)).toEqual([
      'スケーターキャット。猫が東京でスケートボードを習います。',
      '夜の交差点を走り抜けます。',
    ]);
  });

  it('asks for narration in the voice’s language, within the scene’s words', async () => {
    answer = goodPlan();
    await planner().plan({ ...input, narrationLanguage: 'pt-BR' });
    const body = received[0]?.body as { messages: { content: string }[] };
    expect(body.messages[0]?.content).toContain('written in Brazilian Portuguese');
    expect(body.messages[1]?.content).toContain('"narrationLanguage": "Brazilian Portuguese"');
    expect(systemPrompt('ja')).toContain('written in Japanese');
    // A middle scene's words, or the characters said in the same seconds.
    const words = (8 - voiceStart - breath) * NARRATION_WORDS_PER_SECOND;
    const characters = (words / NARRATION_WORDS_PER_SECOND) * NARRATION_CJK_CHARACTERS_PER_SECOND;
    expect(systemPrompt('ja')).toContain(
      `"charactersPerScene" (about ${Math.floor(characters)} characters`,
    );
    expect(systemPrompt(null)).toContain('in the language of the description');
    expect(systemPrompt(null)).toContain(`"wordsPerScene" (about ${Math.floor(words)} words`);
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
    // How soon it gives up: `npm run bench -- bounds`.
    await expect(planner({ timeoutMs: 150 }).plan(input)).rejects.toThrow(
      'The scene planner took too long to answer. Please try again.',
    );
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
    expect(plan.scenes[0]?.narration).toBe(MODEL_NARRATIONS[0]);
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
      // Longer than the test may run: waiting it out fails the test.
      response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '60' });
      response.end('{}');
    };
    const controller = new AbortController();
    const pending = planner().plan(input, controller.signal);
    setTimeout(() => controller.abort(new Error('worker stopping')), 100);
    await expect(pending).rejects.toThrow();
  });
});
