// Measures, for scripts/bench.mjs (one JSON line on stdout), how fast the offline voice speaks:
//   - one thread: seconds of speech made per second of CPU (espeak-ng, word timings, WAV written),
//     over narrations of a scene's length in several languages,
//   - the preparation threads as renders use them: wall-clock for 2 narrations at a time,
//   - the first narration in a fresh thread (loading the engine and its data).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { holdPreparation, runPreparation } from '../server/render-threads/preparation-pool';
import { synthesizeSpeech } from '../server/voice/espeak-synthesis';
import { OFFLINE_VOICES } from '../server/voice/voice-list';

/** A scene's narration (about 18 words, 7 seconds) in a few of the offered languages. */
const NARRATIONS: Array<{ voiceId: string; text: string }> = [
  {
    voiceId: 'offline-en-us',
    text: 'Waves roll in against the old stone pier while gulls circle overhead, calling to each other at dusk.',
  },
  {
    voiceId: 'offline-en-gb',
    text: 'Far out at sea a small boat turns for home, and the keeper climbs the stairs to light the lamp.',
  },
  {
    voiceId: 'offline-es',
    text: 'Las olas rompen contra el viejo muelle mientras las gaviotas vuelan en círculos sobre el mar al atardecer.',
  },
  {
    voiceId: 'offline-de',
    text: 'Weit draußen auf dem Meer wendet ein kleines Boot, und der Wärter steigt hinauf, um die Lampe anzuzünden.',
  },
  {
    voiceId: 'offline-zh',
    text: '海浪拍打着古老的石码头，海鸥在黄昏中盘旋鸣叫，远处的小船正驶向港口。',
  },
];
const ROUNDS = 20;

const folder = await mkdtemp(path.join(os.tmpdir(), 'reelforge-bench-voice-'));
const inputFor = (index: number) => {
  const narration = NARRATIONS[index % NARRATIONS.length] as (typeof NARRATIONS)[number];
  const voice = OFFLINE_VOICES.find((entry) => entry.id === narration.voiceId);
  if (!voice) throw new Error(`no voice ${narration.voiceId}`);
  return {
    text: narration.text,
    espeakVoice: voice.espeakVoice,
    wordsPerMinute: voice.wordsPerMinute,
    language: voice.language,
    outputFile: path.join(folder, `narration-${index}.wav`),
  };
};

try {
  // One thread (this one), warmed up first: the engine loads once per thread.
  await synthesizeSpeech(inputFor(0));
  const cpuBefore = process.cpuUsage();
  const wallBefore = performance.now();
  let spokenSeconds = 0;
  for (let index = 0; index < ROUNDS * NARRATIONS.length; index++) {
    spokenSeconds += (await synthesizeSpeech(inputFor(index))).durationSeconds;
  }
  const cpu = process.cpuUsage(cpuBefore);
  const oneThread = {
    narrations: ROUNDS * NARRATIONS.length,
    spokenSeconds,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    wallSeconds: (performance.now() - wallBefore) / 1000,
  };

  // The preparation threads: a fresh thread's first narration, then 2 at a time.
  const release = holdPreparation();
  try {
    const coldStarted = performance.now();
    await runPreparation('synthesizeSpeech', inputFor(0), { step: 'voice' });
    const firstInThreadMs = performance.now() - coldStarted;
    // Both threads started, each language's data loaded in each, before the clock starts.
    await Promise.all(
      Array.from({ length: NARRATIONS.length * 2 }, (_, index) =>
        runPreparation('synthesizeSpeech', inputFor(index), { step: 'voice' }),
      ),
    );
    const started = performance.now();
    let pooledSeconds = 0;
    let next = 0;
    const total = ROUNDS * NARRATIONS.length;
    await Promise.all(
      [0, 1].map(async () => {
        while (next < total) {
          const index = next++;
          const spoken = await runPreparation('synthesizeSpeech', inputFor(index), {
            step: 'voice',
          });
          pooledSeconds += spoken.durationSeconds;
        }
      }),
    );
    const twoThreads = {
      narrations: total,
      spokenSeconds: pooledSeconds,
      wallSeconds: (performance.now() - started) / 1000,
    };
    process.stdout.write(`${JSON.stringify({ oneThread, twoThreads, firstInThreadMs })}\n`);
  } finally {
    await release();
  }
} finally {
  await rm(folder, { recursive: true, force: true });
}
