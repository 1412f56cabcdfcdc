// The offline voice's engine: espeak-ng speaks each curated voice audibly, its word events are
// mapped back to the text by code point, and it runs in the preparation threads under the smallest
// memory limit the configuration allows. What every voice does (every word timed once, in order,
// where it is heard; speed; fitting) is voice.contract.test.ts.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import init from '@echogarden/espeak-ng-emscripten';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYSIS_RATE, levelDb, samplesOf } from '../../test/audio';
import { DEFAULT_RENDER_LIMITS } from '../config-limits';
import { wavDurationSeconds } from '../media/wav';
import { setRenderLimits } from '../render-limits';
import { holdPreparation, runPreparation } from '../render-threads/preparation-pool';
import { synthesizeSpeech } from './espeak-synthesis';
import { wordsOf } from './text-words';
import { OFFLINE_VOICES } from './voice-list';

let folder = '';
beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'reelforge-espeak-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** The median pitch (Hz) of the voiced parts: autocorrelation over 40 ms frames. */
function medianPitch(samples: Float32Array): number {
  const frame = Math.round(ANALYSIS_RATE * 0.04);
  const [shortest, longest] = [Math.round(ANALYSIS_RATE / 400), Math.round(ANALYSIS_RATE / 60)];
  const pitches: number[] = [];
  for (let from = 0; from + frame + longest < samples.length; from += frame) {
    let energy = 0;
    for (let index = from; index < from + frame; index++) energy += (samples[index] ?? 0) ** 2;
    if (energy / frame < 1e-4) continue;
    let bestLag = 0;
    let best = 0;
    for (let lag = shortest; lag <= longest; lag++) {
      let sum = 0;
      for (let index = from; index < from + frame; index++) {
        sum += (samples[index] ?? 0) * (samples[index + lag] ?? 0);
      }
      if (sum > best) {
        best = sum;
        bestLag = lag;
      }
    }
    if (bestLag > 0 && best / energy > 0.5) pitches.push(ANALYSIS_RATE / bestLag);
  }
  pitches.sort((a, b) => a - b);
  return pitches[Math.floor(pitches.length / 2)] ?? 0;
}

async function speak(text: string, espeakVoice = 'en-us', language = 'en-US') {
  const outputFile = path.join(folder, `${Math.random().toString(36).slice(2)}.wav`);
  const spoken = await synthesizeSpeech({
    text,
    espeakVoice,
    wordsPerMinute: 165,
    outputFile,
    language,
  });
  return { ...spoken, outputFile };
}

describe('espeak-ng word events', () => {
  it('count code points from 1 (not UTF-16 units, not bytes)', async () => {
    const engine = new (await init()).eSpeakNGWorker();
    engine.set_voice('en-us');
    const positions: number[] = [];
    // 'é' is two bytes in UTF-8, '𝒜' two UTF-16 units: each is one position.
    engine.synthesize('é 𝒜 go', (_samples, events) => {
      for (const event of events) if (event.type === 'word') positions.push(event.text_position);
      return false;
    });
    expect(positions).toEqual([1, 3, 5]);
  });
});

describe('synthesizeSpeech', () => {
  it('speaks every curated voice audibly, in a WAV as long as it says', async () => {
    for (const voice of OFFLINE_VOICES) {
      const spoken = await speak(voice.sample, voice.espeakVoice, voice.language);
      const samples = await samplesOf(spoken.outputFile);
      expect(spoken.durationSeconds, voice.id).toBeGreaterThan(1);
      expect(wavDurationSeconds(await readFile(spoken.outputFile))).toBeCloseTo(
        spoken.durationSeconds,
        3,
      );
      expect(
        levelDb(samples, [{ start: 0, end: spoken.durationSeconds }]),
        voice.id,
      ).toBeGreaterThan(-30);
      expect(
        spoken.words.map((word) => word.text),
        voice.id,
      ).toEqual(wordsOf(voice.sample, voice.language).map((word) => word.text));
    }
  });

  it('refuses a voice espeak-ng does not have', async () => {
    await expect(speak('Hello', 'xx-nowhere')).rejects.toThrow(
      "espeak-ng has no voice 'xx-nowhere'",
    );
  });

  it('gives the female variants (+f3) a clearly higher voice than their language’s own', async () => {
    const variants = OFFLINE_VOICES.filter((voice) => voice.espeakVoice.includes('+'));
    expect(variants.length).toBeGreaterThan(3);
    for (const voice of variants) {
      const base = voice.espeakVoice.split('+')[0] as string;
      const [own, variant] = await Promise.all([
        speak(voice.sample, base, voice.language),
        speak(voice.sample, voice.espeakVoice, voice.language),
      ]);
      const ownPitch = medianPitch(await samplesOf(own.outputFile));
      const variantPitch = medianPitch(await samplesOf(variant.outputFile));
      expect(variantPitch, voice.id).toBeGreaterThan(ownPitch * 1.3);
    }
  });

  it('maps words after accented, CJK and astral characters to their own sound', async () => {
    const text = 'café naïve 日本語, 𝒜𝒜𝒜𝒜 alpha beta gamma delta';
    const spoken = await speak(text);
    expect(spoken.words.map((word) => word.text)).toEqual(text.split(' '));
    const samples = await samplesOf(spoken.outputFile);
    // Counted in UTF-16 units, the four astral letters would push the last words' events onto
    // "delta" and leave the others squeezed in: each here is a normal word's length, and heard.
    for (const word of spoken.words.slice(-4)) {
      expect(word.end - word.start, word.text).toBeGreaterThan(0.15);
      expect(word.end - word.start, word.text).toBeLessThan(0.9);
      expect(levelDb(samples, [word]), word.text).toBeGreaterThan(-35);
    }
  });

  it('runs in a preparation thread held to the smallest heap the configuration allows', async () => {
    setRenderLimits({ ...DEFAULT_RENDER_LIMITS, prepMemoryMb: 32 });
    const release = holdPreparation();
    try {
      const text = 'The quick brown fox jumps over the lazy dog. '.repeat(20).trim();
      const outputFile = path.join(folder, 'pooled.wav');
      const spoken = await runPreparation(
        'synthesizeSpeech',
        { text, espeakVoice: 'en-us+f3', wordsPerMinute: 165, outputFile, language: 'en-US' },
        { step: 'voice' },
      );
      expect(spoken.words).toHaveLength(180);
      expect(spoken.durationSeconds).toBeGreaterThan(40);
      expect(wavDurationSeconds(await readFile(outputFile))).toBeCloseTo(spoken.durationSeconds, 3);
    } finally {
      await release();
      setRenderLimits(DEFAULT_RENDER_LIMITS);
    }
  });
});
