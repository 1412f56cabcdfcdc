// Chooses a scene's look from its mood words and a seed: the colours of the moving gradient, and
// the mood family the motion and the music key on. Deterministic, so a re-render looks the same.
import { createHash } from 'node:crypto';

export type Rgb = readonly [red: number, green: number, blue: number];

export type Palette = {
  /** The dark ground the gradient starts from; white text stays readable on it. */
  base: Rgb;
  /** Three colours for the large soft blobs of the gradient. */
  blobs: readonly [Rgb, Rgb, Rgb];
  /** A pale tint for the drifting light shapes. */
  glow: Rgb;
  /** A saturated colour for small details (the title's underline). */
  accent: Rgb;
};

export type SceneStyle = { palette: Palette; random: () => number };

type MoodFamily = {
  /** What the music (music.ts) and the motion (scene-layout.ts) key their own choices on. */
  name: string;
  words: readonly string[];
  /** Hue range in degrees the main hue is drawn from (may wrap past 360). */
  hue: readonly [number, number];
  saturation: readonly [number, number];
  /** How far (degrees) the second colour sits from the main hue: near for calm, far for bold. */
  companion: readonly [number, number];
};

// First match wins, so the more specific moods come first.
const MOOD_FAMILIES: readonly MoodFamily[] = [
  {
    name: 'dark',
    words: [
      'dark',
      'mysterious',
      'mystery',
      'noir',
      'suspense',
      'tense',
      'eerie',
      'horror',
      'night',
    ],
    hue: [235, 290],
    saturation: [0.45, 0.7],
    companion: [30, 50],
  },
  {
    name: 'sad',
    words: ['sad', 'melancholic', 'melancholy', 'somber', 'nostalgic', 'rainy', 'lonely'],
    hue: [200, 240],
    saturation: [0.3, 0.5],
    companion: [25, 45],
  },
  {
    name: 'tech',
    words: ['cyberpunk', 'neon', 'futuristic', 'tech', 'sci-fi', 'electric', 'synth'],
    hue: [260, 330],
    saturation: [0.75, 0.95],
    companion: [60, 100],
  },
  {
    name: 'energetic',
    words: ['energetic', 'bold', 'exciting', 'vibrant', 'upbeat', 'fun', 'playful', 'hype'],
    hue: [330, 400],
    saturation: [0.75, 0.95],
    companion: [35, 60],
  },
  {
    name: 'warm',
    words: ['warm', 'cozy', 'golden', 'sunny', 'friendly', 'inviting', 'sunset', 'autumn'],
    hue: [12, 35],
    saturation: [0.65, 0.85],
    companion: [15, 30],
  },
  {
    name: 'dreamy',
    words: ['dreamy', 'romantic', 'whimsical', 'magical', 'pastel', 'gentle', 'tender', 'cute'],
    hue: [290, 345],
    saturation: [0.45, 0.7],
    companion: [30, 50],
  },
  {
    name: 'fresh',
    words: ['fresh', 'natural', 'nature', 'green', 'healthy', 'organic', 'hopeful', 'spring'],
    hue: [120, 170],
    saturation: [0.4, 0.6],
    companion: [30, 50],
  },
  {
    name: 'calm',
    words: ['calm', 'peaceful', 'serene', 'relaxing', 'tranquil', 'soft', 'ocean', 'quiet'],
    hue: [180, 215],
    saturation: [0.45, 0.7],
    companion: [25, 45],
  },
  {
    name: 'epic',
    words: ['epic', 'cinematic', 'dramatic', 'inspiring', 'majestic', 'heroic', 'powerful'],
    hue: [210, 235],
    saturation: [0.55, 0.8],
    companion: [150, 180],
  },
  {
    name: 'professional',
    words: ['professional', 'corporate', 'modern', 'sleek', 'clean', 'minimal', 'business'],
    hue: [205, 250],
    saturation: [0.35, 0.6],
    companion: [20, 35],
  },
];

// Any hue but yellow to lime (50..140 degrees), which turns olive once darkened behind white text.
const ANY_MOOD: MoodFamily = {
  name: 'any',
  words: [],
  hue: [140, 410],
  saturation: [0.5, 0.8],
  companion: [40, 80],
};

export function moodFamily(mood: string): MoodFamily {
  const words = new Set(mood.toLowerCase().match(/[a-z-]+/g) ?? []);
  return MOOD_FAMILIES.find((family) => family.words.some((word) => words.has(word))) ?? ANY_MOOD;
}

export function moodFamilyName(mood: string): string {
  return moodFamily(mood).name;
}

/** A small PRNG (mulberry32) seeded from a hash of the text: same text, same sequence. */
export function seededRandom(text: string): () => number {
  let state = createHash('sha256').update(text).digest().readUInt32LE(0);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Darkens a colour whose luminance (Rec. 709, on 0..1) is above `maximum`, keeping its hue: a
 * yellow or lime at the same HSL lightness as a blue is far brighter, and white text needs contrast.
 */
export function limitLuminance([red, green, blue]: Rgb, maximum: number): Rgb {
  const luminance = (0.2126 * red + 0.7152 * green + 0.0722 * blue) / 255;
  if (luminance <= maximum) return [red, green, blue];
  const factor = maximum / luminance;
  return [Math.round(red * factor), Math.round(green * factor), Math.round(blue * factor)];
}

export function hslToRgb(hue: number, saturation: number, lightness: number): Rgb {
  const h = (((hue % 360) + 360) % 360) / 360;
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const channel = (offset: number) => {
    const k = (offset + h * 12) % 12;
    const value = lightness - chroma * 0.5 * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255);
  };
  return [channel(0), channel(8), channel(4)];
}

/** WCAG 2's relative luminance of an sRGB colour: 0 for black, 1 for white. */
export function relativeLuminance([red, green, blue]: Rgb): number {
  const linear = (channel: number) => {
    const value = Math.max(0, Math.min(255, channel)) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue);
}

/** WCAG 2's contrast ratio between two colours, from 1 (the same) to 21 (black on white). */
export function contrastRatio(first: Rgb, second: Rgb): number {
  const [light, dark] = [relativeLuminance(first), relativeLuminance(second)].sort((a, b) => b - a);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

/**
 * `top` laid at `opacity` over `bottom`, channel by channel on the encoded values, as libass and
 * ffmpeg's overlay blend them: what a translucent backing looks like over a picture.
 */
export function composite(top: Rgb, opacity: number, bottom: Rgb): Rgb {
  const mix = (over: number, under: number) => over * opacity + under * (1 - opacity);
  return [mix(top[0], bottom[0]), mix(top[1], bottom[1]), mix(top[2], bottom[2])];
}

/** The brightest a gradient colour may be, so white type on it stays readable. */
export const MAX_BLOB_LUMINANCE = 0.4;

const between = (random: () => number, [low, high]: readonly [number, number]) =>
  low + (high - low) * random();

export function sceneStyle(mood: string, seed: string): SceneStyle {
  const family = moodFamily(mood);
  const random = seededRandom(`${mood.trim().toLowerCase()}\n${seed}`);
  const hue = between(random, family.hue);
  const saturation = between(random, family.saturation);
  const side = random() < 0.5 ? -1 : 1;
  const offset = between(random, family.companion);
  const companionHue = hue + side * offset;
  const contrastHue = hue + 180 + (random() * 2 - 1) * 30;

  // A deep ground, the main colour, a brighter companion on one side of it and a deeper one on
  // the other: neighbouring hues blend cleanly, where opposite ones would mix to grey.
  const palette: Palette = {
    base: hslToRgb(hue - side * 15, saturation * 0.8, 0.06 + random() * 0.03),
    blobs: [
      limitLuminance(hslToRgb(hue, saturation, 0.36 + random() * 0.08), MAX_BLOB_LUMINANCE),
      limitLuminance(
        hslToRgb(companionHue, Math.min(1, saturation * 1.1), 0.48 + random() * 0.08),
        MAX_BLOB_LUMINANCE,
      ),
      limitLuminance(
        hslToRgb(hue - side * offset * 0.6, saturation, 0.26 + random() * 0.06),
        MAX_BLOB_LUMINANCE,
      ),
    ],
    glow: hslToRgb(companionHue, 0.9, 0.78),
    accent: hslToRgb(contrastHue, 0.9, 0.62),
  };

  return { palette, random };
}
