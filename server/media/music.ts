// Writes a video's music on this machine: a short piece in the mood's key, tempo and groove
// (chords, bass, a melody, drums), synthesised sample by sample into a WAV ffmpeg encodes. No
// samples, no licences, no downloads; deterministic, so a re-render sounds the same. A video's
// scenes are rendered apart, so each renders only its own slice of the one piece: joined, the
// music runs on across the cuts, fading in at the start of the video and out at its end.

import { moodFamilyName, seededRandom } from './scene-style';
import { pcm16WavFile } from './wav';

export const MUSIC_SAMPLE_RATE = 32_000;

/** What a mood sounds like. */
export type Groove = {
  /** Beats per minute. */
  tempo: number;
  /** Semitones of the scale above the key's root. */
  scale: readonly number[];
  /** Chords as scale degrees (0-based), one per bar. */
  progression: readonly number[];
  /** 0: no drums; 1: kick and hats; 2: kick, snare and busy hats. */
  drums: 0 | 1 | 2;
  /** Sixteenth-note arpeggio of the chord under the melody. */
  arpeggio: boolean;
  /** Melody notes per bar (their rhythm is drawn from this many slots of 8). */
  melodyDensity: number;
  /** Brightness of the lead, 0..1 (how much its overtones ring). */
  brightness: number;
};

const MAJOR_SCALE = [0, 2, 4, 5, 7, 9, 11];
const MINOR_SCALE = [0, 2, 3, 5, 7, 8, 10];
const DORIAN_SCALE = [0, 2, 3, 5, 7, 9, 10];

const GROOVES: Record<string, Groove> = {
  dark: {
    tempo: 84,
    scale: MINOR_SCALE,
    progression: [0, 5, 2, 6],
    drums: 1,
    arpeggio: false,
    melodyDensity: 3,
    brightness: 0.25,
  },
  sad: {
    tempo: 76,
    scale: MINOR_SCALE,
    progression: [0, 5, 3, 4],
    drums: 0,
    arpeggio: false,
    melodyDensity: 3,
    brightness: 0.3,
  },
  tech: {
    tempo: 118,
    scale: DORIAN_SCALE,
    progression: [0, 6, 5, 6],
    drums: 2,
    arpeggio: true,
    melodyDensity: 4,
    brightness: 0.7,
  },
  energetic: {
    tempo: 124,
    scale: MAJOR_SCALE,
    progression: [0, 4, 5, 3],
    drums: 2,
    arpeggio: true,
    melodyDensity: 5,
    brightness: 0.75,
  },
  warm: {
    tempo: 96,
    scale: MAJOR_SCALE,
    progression: [0, 5, 3, 4],
    drums: 1,
    arpeggio: false,
    melodyDensity: 4,
    brightness: 0.5,
  },
  dreamy: {
    tempo: 88,
    scale: MAJOR_SCALE,
    progression: [0, 2, 3, 4],
    drums: 0,
    arpeggio: true,
    melodyDensity: 3,
    brightness: 0.4,
  },
  fresh: {
    tempo: 108,
    scale: MAJOR_SCALE,
    progression: [0, 3, 5, 4],
    drums: 1,
    arpeggio: true,
    melodyDensity: 4,
    brightness: 0.6,
  },
  calm: {
    tempo: 80,
    scale: MAJOR_SCALE,
    progression: [0, 3, 0, 4],
    drums: 0,
    arpeggio: false,
    melodyDensity: 3,
    brightness: 0.35,
  },
  epic: {
    tempo: 92,
    scale: MINOR_SCALE,
    progression: [0, 5, 2, 6],
    drums: 1,
    arpeggio: true,
    melodyDensity: 3,
    brightness: 0.45,
  },
  professional: {
    tempo: 104,
    scale: MAJOR_SCALE,
    progression: [0, 4, 5, 3],
    drums: 1,
    arpeggio: true,
    melodyDensity: 4,
    brightness: 0.55,
  },
  any: {
    tempo: 100,
    scale: MAJOR_SCALE,
    progression: [0, 4, 5, 3],
    drums: 1,
    arpeggio: false,
    melodyDensity: 4,
    brightness: 0.5,
  },
};

export type Note = {
  /** Seconds from the start of the piece. */
  start: number;
  duration: number;
  /** MIDI note number (60 = middle C). */
  pitch: number;
  velocity: number;
  voice: 'pad' | 'bass' | 'lead' | 'arp';
};

export type Hit = { start: number; kind: 'kick' | 'snare' | 'hat'; velocity: number };

export type Score = {
  groove: Groove;
  /** MIDI note of the key's root (bass register). */
  root: number;
  durationSeconds: number;
  fadeInSeconds: number;
  fadeOutSeconds: number;
  notes: Note[];
  hits: Hit[];
};

/** The groove for mood words: the same families that choose the scene's colours. */
export function grooveFor(mood: string): Groove {
  return GROOVES[moodFamilyName(mood)] ?? (GROOVES.any as Groove);
}

/**
 * Composes the whole piece: a chord a bar, the bass on the root, a melody that walks the scale and
 * lands on chord tones on strong beats, answered a bar later, and the groove's drums.
 */
export function composeMusic(options: {
  mood: string;
  seed: string;
  durationSeconds: number;
}): Score {
  const groove = grooveFor(options.mood);
  const random = seededRandom(`music\n${options.mood.trim().toLowerCase()}\n${options.seed}`);
  const beat = 60 / groove.tempo;
  const bar = 4 * beat;
  // Keys from D2 to A2 for the bass, which keeps the lead (two octaves up) in a friendly range.
  const root = 38 + Math.floor(random() * 8);
  const duration = options.durationSeconds;
  const bars = Math.ceil(duration / bar) + 1;
  const scale = groove.scale;
  const degreePitch = (degree: number, octave: number) => {
    const steps = scale.length;
    const wrapped = ((degree % steps) + steps) % steps;
    const octaves = Math.floor(degree / steps);
    return root + 12 * (octave + octaves) + (scale[wrapped] ?? 0);
  };

  const notes: Note[] = [];
  const hits: Hit[] = [];
  // Two-bar melodic motifs: the second bar of each pair answers the first with a varied ending.
  let motif: Array<{ slot: number; length: number; step: number }> = [];
  let melodyDegree = 7 + 2 * Math.floor(random() * 3);

  for (let index = 0; index < bars; index++) {
    const start = index * bar;
    if (start >= duration) break;
    const chordDegree = groove.progression[index % groove.progression.length] ?? 0;
    const chordTones = [0, 2, 4].map((offset) => chordDegree + offset);

    for (const tone of chordTones) {
      notes.push({
        start,
        duration: bar,
        pitch: degreePitch(tone, 1),
        velocity: 0.5,
        voice: 'pad',
      });
    }
    // Bass: root on 1, fifth or root on 3, a pickup on the "and" of 4 for moving grooves.
    notes.push({
      start,
      duration: beat * 1.8,
      pitch: degreePitch(chordDegree, 0),
      velocity: 0.9,
      voice: 'bass',
    });
    notes.push({
      start: start + 2 * beat,
      duration: beat * 1.6,
      pitch: degreePitch(chordDegree + (random() < 0.5 ? 4 : 0), 0),
      velocity: 0.75,
      voice: 'bass',
    });
    if (groove.drums === 2) {
      notes.push({
        start: start + 3.5 * beat,
        duration: beat * 0.45,
        pitch: degreePitch(chordDegree, 0),
        velocity: 0.6,
        voice: 'bass',
      });
    }

    if (groove.arpeggio) {
      const pattern = [0, 1, 2, 1, 0, 2, 1, 2];
      for (let step = 0; step < 16; step++) {
        const tone = chordTones[pattern[step % pattern.length] ?? 0] ?? chordDegree;
        notes.push({
          start: start + step * (beat / 4),
          duration: beat / 4,
          pitch: degreePitch(tone, 2),
          velocity: step % 4 === 0 ? 0.55 : 0.35,
          voice: 'arp',
        });
      }
    }

    // Melody: a new motif every other bar, its answer in the bar after.
    if (index % 2 === 0 || motif.length === 0) {
      const slots = new Set<number>([0]);
      while (slots.size < Math.min(8, groove.melodyDensity)) slots.add(Math.floor(random() * 8));
      const ordered = [...slots].sort((a, b) => a - b);
      motif = ordered.map((slot, position) => ({
        slot,
        length: (ordered[position + 1] ?? 8) - slot,
        step: Math.floor(random() * 5) - 2,
      }));
    }
    motif.forEach(({ slot, length, step }, position) => {
      const answer = index % 2 === 1 && position === motif.length - 1;
      melodyDegree += answer ? -step : step;
      // Strong beats land on the nearest chord tone; the line stays within an octave and a half.
      if (slot % 4 === 0) melodyDegree = nearestChordTone(melodyDegree, chordTones);
      melodyDegree = Math.max(5, Math.min(16, melodyDegree));
      notes.push({
        start: start + slot * (beat / 2),
        duration: Math.max(beat / 2, length * (beat / 2)) * 0.92,
        pitch: degreePitch(melodyDegree, 2),
        velocity: slot % 4 === 0 ? 0.8 : 0.62,
        voice: 'lead',
      });
    });

    if (groove.drums > 0) {
      for (let eighth = 0; eighth < 8; eighth++) {
        const at = start + eighth * (beat / 2);
        const onBeat = eighth % 2 === 0;
        if (eighth === 0 || eighth === 4 || (groove.drums === 2 && eighth === 5)) {
          hits.push({ start: at, kind: 'kick', velocity: eighth === 5 ? 0.6 : 0.9 });
        }
        if (groove.drums === 2 && (eighth === 2 || eighth === 6)) {
          hits.push({ start: at, kind: 'snare', velocity: 0.7 });
        }
        if (groove.drums === 2 || !onBeat) {
          hits.push({ start: at, kind: 'hat', velocity: onBeat ? 0.35 : 0.55 });
        }
      }
    }
  }

  return {
    groove,
    root,
    durationSeconds: duration,
    fadeInSeconds: Math.min(1.2, duration / 6),
    fadeOutSeconds: Math.min(2, duration / 4),
    notes: notes.filter((note) => note.start < duration),
    hits: hits.filter((hit) => hit.start < duration),
  };
}

function nearestChordTone(degree: number, chordTones: readonly number[]): number {
  let best = degree;
  let distance = Number.POSITIVE_INFINITY;
  for (let octave = -1; octave <= 3; octave++) {
    for (const tone of chordTones) {
      const candidate = tone + 7 * octave;
      const away = Math.abs(candidate - degree);
      if (away < distance) {
        distance = away;
        best = candidate;
      }
    }
  }
  return best;
}

const frequencyOf = (pitch: number) => 440 * 2 ** ((pitch - 69) / 12);
const TAU = 2 * Math.PI;

/** Per-voice level and stereo position (-1 left .. 1 right). */
const VOICES: Record<Note['voice'], { level: number; pan: number }> = {
  pad: { level: 0.07, pan: 0 },
  bass: { level: 0.32, pan: 0 },
  lead: { level: 0.2, pan: 0.15 },
  arp: { level: 0.06, pan: -0.35 },
};

/**
 * Renders `[from, to)` seconds of the piece as interleaved stereo floats (-1..1). Notes that began
 * before `from` still ring into it, and the echo is fed from a little before, so slices rendered
 * apart and played back to back sound like the whole.
 */
export function renderMusic(score: Score, from: number, to: number): Float32Array {
  const rate = MUSIC_SAMPLE_RATE;
  const frames = Math.max(0, Math.round((to - from) * rate));
  // The echo needs what played just before the slice.
  const preRoll = Math.min(from, 1.5);
  const start = from - preRoll;
  const total = frames + Math.round(preRoll * rate);
  const left = new Float32Array(total);
  const right = new Float32Array(total);
  const lead = new Float32Array(total);

  for (const note of score.notes) {
    const release = note.voice === 'pad' ? 0.6 : note.voice === 'bass' ? 0.12 : 0.3;
    const end = note.start + note.duration + release;
    if (end <= start || note.start >= to) continue;
    renderNote(note, release, score.groove.brightness, start, total, { left, right, lead });
  }
  for (const hit of score.hits) {
    if (hit.start + 0.5 <= start || hit.start >= to) continue;
    renderHit(hit, start, total, left, right);
  }

  // A dotted-eighth echo on the lead, a little to each side: space without a reverb's cost.
  const beat = 60 / score.groove.tempo;
  const delay = Math.round(beat * 0.75 * rate);
  const echo = new Float32Array(total);
  for (let index = 0; index < total; index++) {
    const fed = index >= delay ? (echo[index - delay] ?? 0) * 0.35 : 0;
    echo[index] = (lead[index] ?? 0) + fed;
  }

  const out = new Float32Array(frames * 2);
  const skip = total - frames;
  for (let frame = 0; frame < frames; frame++) {
    const index = frame + skip;
    const time = from + frame / rate;
    const delayed = index >= delay ? (echo[index - delay] ?? 0) * 0.3 : 0;
    const gain =
      time < score.fadeInSeconds || time > score.durationSeconds - score.fadeOutSeconds
        ? fade(time, score)
        : 1;
    // tanh: a soft limiter, so a loud bar never clips.
    out[frame * 2] = Math.tanh(((left[index] ?? 0) + delayed * 0.8) * gain * 1.4) * 0.8;
    out[frame * 2 + 1] = Math.tanh(((right[index] ?? 0) + delayed * 1.1) * gain * 1.4) * 0.8;
  }
  return out;
}

function fade(time: number, score: Score): number {
  const fadeIn = Math.min(1, time / score.fadeInSeconds);
  const fadeOut = Math.min(1, Math.max(0, (score.durationSeconds - time) / score.fadeOutSeconds));
  // Equal-power curves sound even; a straight line seems to drop at the end.
  return Math.sin((fadeIn * Math.PI) / 2) * Math.sin((fadeOut * Math.PI) / 2);
}

/** One period of a sine, looked up with a phase in cycles: about ten times faster than Math.sin. */
const TABLE_SIZE = 4096;
const SINE = Float32Array.from({ length: TABLE_SIZE + 1 }, (_, index) =>
  Math.sin((TAU * index) / TABLE_SIZE),
);
function sine(cycles: number): number {
  const position = (cycles - Math.floor(cycles)) * TABLE_SIZE;
  const index = position | 0;
  const low = SINE[index] as number;
  return low + ((SINE[index + 1] as number) - low) * (position - index);
}

function renderNote(
  note: Note,
  release: number,
  brightness: number,
  sliceStart: number,
  total: number,
  buses: { left: Float32Array; right: Float32Array; lead: Float32Array },
) {
  const rate = MUSIC_SAMPLE_RATE;
  const { level, pan } = VOICES[note.voice];
  const frequency = frequencyOf(note.pitch);
  const first = Math.max(0, Math.round((note.start - sliceStart) * rate));
  const last = Math.min(
    total,
    Math.round((note.start + note.duration + release - sliceStart) * rate),
  );
  if (last <= first) return;
  const leftGain = level * note.velocity * Math.sqrt((1 - pan) / 2);
  const rightGain = level * note.velocity * Math.sqrt((1 + pan) / 2);
  // Pads swell in; plucked voices strike and decay.
  const attack = note.voice === 'pad' ? 0.35 : note.voice === 'bass' ? 0.008 : 0.004;
  const decay =
    note.voice === 'lead' ? 1.6 : note.voice === 'arp' ? 7 : note.voice === 'bass' ? 2.2 : 0;
  // Where the note is when the slice starts (it may have begun before).
  const offset = (first - Math.round((note.start - sliceStart) * rate)) / rate;
  let t = offset;
  let decayed = Math.exp(-decay * t);
  const decayStep = Math.exp(-decay / rate);
  let strike = Math.exp(-3 * t);
  const strikeStep = Math.exp(-3 / rate);
  const cyclesPerSample = frequency / rate;
  let cycles = frequency * t;
  const fmDepth = (0.6 + 2.4 * brightness) / TAU;
  const left = buses.left;
  const right = buses.right;
  for (let index = first; index < last; index++) {
    let envelope = t < attack ? (t / attack) * decayed : decayed;
    if (t > note.duration) envelope *= Math.max(0, 1 - (t - note.duration) / release);
    let sample: number;
    switch (note.voice) {
      case 'pad':
        // Two slightly detuned partials and a soft octave: a warm, moving chord.
        sample =
          0.5 * sine(cycles) + 0.35 * sine(cycles * 1.003 + 0.11) + 0.15 * sine(cycles * 2.001);
        break;
      case 'bass':
        sample = sine(cycles) + 0.25 * sine(2 * cycles) * strike * strike;
        break;
      case 'lead':
        // A small FM electric piano: the overtones ring at the strike and mellow as it decays.
        sample = sine(cycles + fmDepth * strike * sine(cycles));
        break;
      default:
        sample = sine(cycles) + 0.3 * brightness * sine(3 * cycles);
    }
    const value = sample * envelope;
    left[index] = (left[index] as number) + value * leftGain;
    right[index] = (right[index] as number) + value * rightGain;
    if (note.voice === 'lead') buses.lead[index] = (buses.lead[index] as number) + value * level;
    t += 1 / rate;
    cycles += cyclesPerSample;
    decayed *= decayStep;
    strike *= strikeStep;
  }
}

const NOISE_SEED: Record<Hit['kind'], number> = {
  kick: 0x1234567,
  snare: 0x2345678,
  hat: 0x3456789,
};

/** The same short noise for every hit of a kind (xorshift: no hashing per hit). */
function noiseFor(kind: Hit['kind']): () => number {
  let state = NOISE_SEED[kind];
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

/** Drums from a seeded noise: the same hit sounds the same on every render. */
function renderHit(
  hit: Hit,
  sliceStart: number,
  total: number,
  left: Float32Array,
  right: Float32Array,
) {
  const rate = MUSIC_SAMPLE_RATE;
  const length = hit.kind === 'kick' ? 0.35 : hit.kind === 'snare' ? 0.22 : 0.06;
  const first = Math.round((hit.start - sliceStart) * rate);
  const noise = noiseFor(hit.kind);
  let previous = 0;
  for (let offset = 0; offset < length * rate; offset++) {
    const index = first + offset;
    const t = offset / rate;
    const white = noise() * 2 - 1;
    if (index < 0 || index >= total) continue;
    let sample: number;
    if (hit.kind === 'kick') {
      // A sine swept down from 150 Hz: the thump, then the body.
      const phase = TAU * (50 * t + (100 / 30) * (1 - Math.exp(-30 * t)));
      sample = 0.55 * Math.sin(phase) * Math.exp(-9 * t);
    } else if (hit.kind === 'snare') {
      sample = (0.18 * white + 0.12 * Math.sin(TAU * 190 * t)) * Math.exp(-18 * t);
    } else {
      // The difference of successive noise samples: only the highs, a closed hat.
      sample = 0.09 * (white - previous) * Math.exp(-60 * t);
    }
    previous = white;
    const value = sample * hit.velocity;
    left[index] = (left[index] ?? 0) + value * (hit.kind === 'hat' ? 0.8 : 1);
    right[index] = (right[index] ?? 0) + value * (hit.kind === 'hat' ? 1.2 : 1);
  }
}

/** Interleaved stereo floats as a 16-bit PCM WAV file. */
export function wavFile(samples: Float32Array): Buffer {
  return pcm16WavFile(samples, 2, MUSIC_SAMPLE_RATE);
}
