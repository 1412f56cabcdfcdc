// The time bounds the tests used to assert, measured here instead (one JSON line on stdout): a
// loaded machine made them fail while the behaviour they guard held. Each is the worst case over
// many random inputs of the kind the property tests draw, or the one pathological input a test
// feeds, beside the limit it must stay under:
//   - the offline planner, a title's typographic lines, caption grouping and word timing over
//     member text;
//   - a video's shot pictures (up to 16 phrases, any language) and one enormous phrase;
//   - the OpenAI-compatible planner giving up at its time limit, and stopping when aborted while it
//     waits out a Retry-After;
//   - an ffmpeg run stopped at its time limit.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { DEFAULT_RENDER_LIMITS } from '../server/config-limits';
import { planLocally } from '../server/generation/planner/local-planner';
import { createPlanner } from '../server/generation/planner/planner';
import { runFfmpeg } from '../server/media/ffmpeg';
import { chooseShotPictures } from '../server/media/pictures/pictures';
import { SCENE_SIZES } from '../server/media/renderer';
import { frameOf, typographicLines } from '../server/media/scene-layout';
import { layoutWordCaptions } from '../server/media/word-captions';
import { setRenderLimits } from '../server/render-limits';
import { wordsOf } from '../server/voice/text-words';
import { timeWordsFromPauses } from '../server/voice/word-timings';
import { aspectRatio, memberDescription, memberTitle, sceneCount } from '../test/member-text';

const SAMPLES = 300;

function timed(work: () => unknown): number {
  const started = performance.now();
  work();
  return performance.now() - started;
}

function worst(times: number[]): { worstMs: number; medianMs: number; samples: number } {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    worstMs: sorted.at(-1) ?? 0,
    medianMs: sorted[Math.floor(sorted.length / 2)] ?? 0,
    samples: times.length,
  };
}

function plannerBound() {
  const inputs = fc.sample(
    fc.tuple(memberTitle, memberDescription, aspectRatio, sceneCount, fc.boolean(), fc.boolean()),
    { numRuns: SAMPLES, seed: 7 },
  );
  return worst(
    inputs.map(([title, description, aspect, scenes, hasSourceImage, voiced]) =>
      timed(() =>
        planLocally({ title, description, scenes, aspectRatio: aspect, hasSourceImage, voiced }),
      ),
    ),
  );
}

function typographyBound() {
  const frame = frameOf(SCENE_SIZES.landscape.width, SCENE_SIZES.landscape.height);
  const titles = fc.sample(memberTitle, { numRuns: SAMPLES, seed: 11 });
  return worst(titles.map((title) => timed(() => typographicLines(frame, title))));
}

function captionsBound() {
  const frame = frameOf(SCENE_SIZES.portrait.width, SCENE_SIZES.portrait.height);
  const texts = fc.sample(memberDescription, { numRuns: SAMPLES, seed: 13 });
  return worst(
    texts.map((text) => {
      const words = text
        .split(/\s+/u)
        .filter(Boolean)
        .map((word, index) => ({ text: word, start: index * 0.3, end: index * 0.3 + 0.25 }));
      return timed(() =>
        layoutWordCaptions(words, 'karaoke', {
          frame,
          window: { from: 0.2, to: words.length * 0.3 + 2 },
          accent: [255, 200, 80],
        }),
      );
    }),
  );
}

function wordTimingMs() {
  const text = Array.from(
    { length: 300 },
    (_, index) => `word${index}${index % 7 === 6 ? '.' : ''}`,
  ).join(' ');
  const speech = Array.from({ length: 80 }, (_, index) => ({
    start: index * 1.5,
    end: index * 1.5 + 1.2,
  }));
  return timed(() => timeWordsFromPauses({ words: wordsOf(text), speech, durationSeconds: 121 }));
}

function picturesBound() {
  const languages = [
    'en',
    'es-ES',
    'pt-BR',
    'fr',
    'de',
    'it',
    'ja',
    'zh-Hant',
    'ko',
    'hi',
    'ar',
    'tr',
  ];
  // A first choice per language builds its index: measured apart from the steady state.
  const firstMs = timed(() => {
    for (const language of languages) chooseShotPictures(['coffee'], { language, title: 'x' });
  });
  const videos = fc.sample(
    fc.tuple(fc.array(memberTitle, { maxLength: 16 }), memberTitle, fc.constantFrom(...languages)),
    { numRuns: 150, seed: 17 },
  );
  const steady = worst(
    videos.map(([shots, title, language]) =>
      timed(() => chooseShotPictures(shots, { language, title })),
    ),
  );
  const longMs = timed(() =>
    chooseShotPictures(
      [`A sailboat ${'and more words '.repeat(200_000)}`, 'x'.repeat(10_000), '🚀'.repeat(5_000)],
      { language: 'en', title: 'y'.repeat(100_000) },
    ),
  );
  return { ...steady, indexesMs: firstMs, longPhraseMs: longMs };
}

async function plannerLimits() {
  let answer: (response: import('node:http').ServerResponse) => void = () => {};
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => answer(response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const planner = (timeoutMs: number) =>
    createPlanner(
      { llmBaseUrl: base, llmApiKey: 'sk-bench', llmModel: 'gpt-bench' },
      { timeoutMs, minRetryDelayMs: 5, log: { warn: () => {} } },
    );
  const input = {
    title: 'Bench',
    description: 'A quiet harbour at dawn.',
    scenes: 2,
    aspectRatio: 'landscape' as const,
    hasSourceImage: false,
  };
  try {
    answer = () => {}; // never answers
    let started = performance.now();
    await planner(150)
      .plan(input)
      .catch(() => undefined);
    const timeoutMs = performance.now() - started;
    answer = (response) => {
      response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '30' });
      response.end('{}');
    };
    const controller = new AbortController();
    started = performance.now();
    const pending = planner(5_000).plan(input, controller.signal);
    setTimeout(() => controller.abort(new Error('worker stopping')), 100);
    await pending.catch(() => undefined);
    const abortMs = performance.now() - started;
    return { timeoutMs, abortMs };
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

async function ffmpegLimitMs() {
  setRenderLimits({ ...DEFAULT_RENDER_LIMITS, stepTimeoutMs: 800 });
  const started = performance.now();
  await runFfmpeg([
    ...['-re', '-f', 'lavfi', '-i', 'testsrc2=s=320x240:r=10:d=30'],
    ...['-f', 'null', '-'],
  ]).catch(() => undefined);
  setRenderLimits(DEFAULT_RENDER_LIMITS);
  return performance.now() - started;
}

const result = {
  planner: plannerBound(),
  typography: typographyBound(),
  captions: captionsBound(),
  wordTimingMs: wordTimingMs(),
  pictures: picturesBound(),
  plannerLimits: await plannerLimits(),
  ffmpegLimitMs: await ffmpegLimitMs(),
};
process.stdout.write(`${JSON.stringify(result)}\n`);
process.exit(0);
