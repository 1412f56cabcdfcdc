// The music generator: what it plays for a mood, and that slices rendered apart join seamlessly.
import { describe, expect, it } from 'vitest';
import { composeMusic, grooveFor, MUSIC_SAMPLE_RATE, renderMusic, wavFile } from './music';

describe('composeMusic', () => {
  it('keys tempo, scale, drums and arpeggio on the mood', () => {
    expect(grooveFor('bold energetic')).toMatchObject({ drums: 2, arpeggio: true });
    expect(grooveFor('bold energetic').tempo).toBeGreaterThan(grooveFor('calm ocean').tempo);
    expect(grooveFor('calm ocean')).toMatchObject({ drums: 0 });
    expect(grooveFor('dark, mysterious').scale).toContain(3);
    expect(grooveFor('warm, cozy').scale).toContain(4);
    expect(grooveFor('')).toEqual(grooveFor('unheard-of words'));
  });

  it('writes a melody that moves, over a chord a bar, with fades at the ends of the piece', () => {
    const score = composeMusic({ mood: 'warm, cozy', seed: 'video 1', durationSeconds: 32 });
    const lead = score.notes.filter((note) => note.voice === 'lead');
    expect(lead.length).toBeGreaterThan(16);
    expect(new Set(lead.map((note) => note.pitch)).size).toBeGreaterThan(4);
    const bar = (4 * 60) / score.groove.tempo;
    const pads = score.notes.filter((note) => note.voice === 'pad');
    expect(
      pads.every((note) => Math.abs(note.start / bar - Math.round(note.start / bar)) < 1e-9),
    ).toBe(true);
    expect(score.hits.some((hit) => hit.kind === 'kick')).toBe(true);
    expect(score.fadeInSeconds).toBeGreaterThan(0);
    expect(score.fadeOutSeconds).toBeGreaterThan(0);
    for (const note of score.notes) expect(note.start).toBeLessThan(32);
  });

  it('is the same piece for the same video, and another for another', () => {
    const options = { mood: 'calm', seed: 'video 1', durationSeconds: 16 };
    expect(composeMusic(options)).toEqual(composeMusic(options));
    expect(composeMusic({ ...options, seed: 'video 2' }).notes).not.toEqual(
      composeMusic(options).notes,
    );
  });
});

describe('renderMusic', () => {
  const score = composeMusic({ mood: 'fresh, healthy', seed: 'slices', durationSeconds: 16 });

  it('renders scenes apart that join into the whole piece', () => {
    const whole = renderMusic(score, 0, 16);
    const joined = [...renderMusic(score, 0, 8), ...renderMusic(score, 8, 16)];
    expect(joined.length).toBe(whole.length);
    // The same, up to the echo fed from 1.5 s before each slice: inaudible differences.
    let worst = 0;
    for (let index = 0; index < whole.length; index++) {
      worst = Math.max(worst, Math.abs((whole[index] ?? 0) - (joined[index] ?? 0)));
    }
    expect(worst).toBeLessThan(0.01);
  });

  it('fades in from silence and out to silence, and never clips', () => {
    const samples = renderMusic(score, 0, 16);
    expect(Math.abs(samples[0] ?? 1)).toBeLessThan(0.001);
    expect(Math.abs(samples.at(-1) ?? 1)).toBeLessThan(0.01);
    expect(samples.reduce((peak, value) => Math.max(peak, Math.abs(value)), 0)).toBeLessThan(0.81);
  });

  it('writes a 16-bit stereo WAV of the slice', () => {
    const wav = wavFile(renderMusic(score, 0, 2));
    expect(wav.toString('latin1', 0, 4)).toBe('RIFF');
    expect(wav.readUInt16LE(22)).toBe(2);
    expect(wav.readUInt32LE(24)).toBe(MUSIC_SAMPLE_RATE);
    expect(wav.readUInt32LE(40)).toBe(2 * MUSIC_SAMPLE_RATE * 2 * 2);
  });
});
