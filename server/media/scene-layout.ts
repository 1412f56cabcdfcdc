// Lays out one scene: its background and how it moves (a drifting palette with lights and
// particles that follow the mood, or the member's photo), its shots (one picture or typographic
// phrase per spoken phrase, each with its own motion, crossfading into the next), the transitions
// at its ends, and every piece of text (paced or word-timed captions, the on-screen call to
// action, the watermark) as an animated ASS script, plus its slice of the video's music. Pure:
// the renderer writes the files and runs the plan. There is no title card and no scene counter:
// the title is spoken as the hook over the first shot, and scene boundaries are chapters.
import path from 'node:path';
import type { CaptionStyle, SpokenWord } from '../../shared/schemas/voices';
import type { WatermarkCorner } from '../../shared/schemas/watermark';
import type { Layer, Motion, Point, SceneLayout, TimeWindow } from './arguments';
import {
  type AssEvent,
  assAlpha,
  assColour,
  assScript,
  assText,
  fontTags,
  kineticCue,
  paceCaption,
  srtFile,
} from './captions';
import { measureText } from './fonts';
import { composeMusic, renderMusic, wavFile } from './music';
import {
  glowImage,
  gradientImage,
  roundedBoxImage,
  scrimImage,
  wipePanelImage,
} from './scene-images';
import { moodFamilyName, type Palette, type Rgb, sceneStyle } from './scene-style';
import { voiceStartOf } from './scene-timing';
import { drawableText, type FittedText, fitText } from './text-layout';
import { layoutWordCaptions, styleLayout } from './word-captions';

/** How a shot's picture moves while it is on screen. */
export type ShotMotion = 'push-in' | 'pan' | 'rise';

/**
 * What one shot shows: a picture of the phrase's subject (a square PNG with alpha, drawn at
 * `size` pixels), or the phrase's key words set large (a typographic shot); null shows the scene's
 * background alone (a scene with a photo shows the photo).
 */
export type ShotVisualSpec =
  | { kind: 'picture'; file: string; size: number }
  | { kind: 'typographic'; words: string[] }
  /** Stock footage: a clip filling the frame, played from `offsetSeconds` for the shot. */
  | { kind: 'clip'; file: string; offsetSeconds: number }
  /** A stock photo filling the frame, panning or rising across it. */
  | { kind: 'photo'; file: string }
  | null;

/** Whether a shot shows footage that fills the frame (a stock clip or photo). */
export function fillsFrame(visual: ShotVisualSpec): boolean {
  return visual?.kind === 'clip' || visual?.kind === 'photo';
}

/** One shot of a scene, in scene seconds: shots follow one another from 0 to the scene's end. */
export type SceneShot = { start: number; end: number; visual: ShotVisualSpec };

/**
 * A member's own watermark (Elite, docs/watermark.md), prepared once per video (media/watermark.ts):
 * a PNG with alpha, its opacity applied, at its drawn size, for one corner of the frame.
 */
export type CustomMark = { file: string; width: number; height: number; corner: WatermarkCorner };

/** What a scene shows; the renderer adds where to write it and how to report progress. */
export type SceneDescription = {
  outputFile: string;
  width: number;
  height: number;
  durationSeconds: number;
  sceneNumber: number;
  sceneCount: number;
  caption: string;
  mood: string;
  seed: string;
  sourceImageFile?: string | null;
  /** The planner's camera direction ('slow push-in', 'crane up'…): how a photo moves. */
  camera?: string;
  /** The photo's size in pixels (upright), which decides between filling the frame and showing it whole. */
  sourceImageSize?: { width: number; height: number } | null;
  /** Ours ('Reelforge' at the bottom right: true), none (false), or the member's own mark. */
  watermark: boolean | CustomMark;
  /**
   * The scene's shots (the offline source): each shows its picture or words over the mood
   * background, then crossfades into the next. Ignored when the scene has a photo.
   */
  shots?: SceneShot[];
  /** Text shown as written over the last shot (a call to action's URL or handle). */
  overlay?: string | null;
  /** Where the encoder puts a keyframe (just before the video's thumbnail, in scene 1). */
  keyframeSeconds?: number;
  /** A brand's logo, placed as a mark in the top right corner (a PNG with its own backing). */
  logo?: { file: string; width: number; height: number } | null;
  /**
   * The video's one piece of music: its mood and seed, its whole length and where this scene
   * starts in it. Without, the scene is a piece of its own.
   */
  music?: { mood: string; seed: string; offsetSeconds: number; totalSeconds: number };
  /**
   * The video's mixed soundtrack (music ducked under the voice, at broadcast loudness) and where
   * this scene starts in it; when given, the scene makes no music of its own.
   */
  soundtrack?: { file: string; offsetSeconds: number } | null;
  /**
   * What the voice says in this scene, word by word in scene seconds, and how captions follow it.
   * Without, the caption text is paced on its own (no voice).
   */
  narration?: { words: SpokenWord[]; style: CaptionStyle } | null;
};

export type PreparedScene = {
  /** Everything but the encoder threads, which are chosen when the run starts. */
  plan: Omit<SceneLayout, 'threads'>;
  /** Helper files to write into the scene's own folder before running the plan. */
  files: Array<{ file: string; content: Buffer | string }>;
  /**
   * The caption as shown: its cues, in scene seconds (also the clip's subtitle track), with the
   * words' own times when a voice spoke them.
   */
  cues: Array<{ start: number; end: number; lines: string[]; words?: SpokenWord[] }>;
};

/** Inter's cap height as a fraction of the font size (OS/2 table: 1490 of 2048 units). */
export const CAP_HEIGHT = 0.727;
/** Smooth stills (gradient, lights, scrim, backdrop, wipe) are painted this many times smaller. */
const PAINT_SCALE = 4;
/** How much larger than the frame the photo or the gradient is, to leave room to move. */
const PHOTO_ZOOM = 1.08;
const GRADIENT_ROOM = 1.2;
/** A photo this much wider or taller than the frame is shown whole over a blurred copy. */
const CONTAIN_RATIO = 1.6;
/** How long the wipe between two scenes takes at each side of the cut (at most). */
export const WIPE_SECONDS = 0.35;
const WHITE: Rgb = [255, 255, 255];

const even = (value: number) => 2 * Math.round(value / 2);

/** Frame geometry shared by every element. */
export type Frame = {
  width: number;
  height: number;
  portrait: boolean;
  shortSide: number;
  /** Distance kept between text and the frame's edges. */
  margin: number;
};

export function frameOf(width: number, height: number): Frame {
  const shortSide = Math.min(width, height);
  return {
    width,
    height,
    portrait: height > width,
    shortSide,
    margin: Math.round(shortSide * 0.065),
  };
}

/** Collects the helper files of one scene and names them inside its folder. */
class HelperFiles {
  readonly list: PreparedScene['files'] = [];
  constructor(private readonly folder: string) {}

  add(name: string, content: Buffer | string): string {
    const file = path.join(this.folder, name);
    this.list.push({ file, content });
    return file;
  }
}

export function planScene(scene: SceneDescription, folder: string): PreparedScene {
  const { width, height, durationSeconds: duration } = scene;
  const frame = frameOf(width, height);
  const { palette, random } = sceneStyle(scene.mood, scene.seed);
  const files = new HelperFiles(folder);
  const first = scene.sceneNumber <= 1;
  const last = scene.sceneNumber >= scene.sceneCount;

  // Timing: the video fades in from black and out to black; between scenes a panel wipes across
  // the cut (each clip holds its own half, so clips still join by stream copy).
  const wipe = wipeSecondsOf(duration);
  const fadeInSeconds = first ? Math.min(0.4, duration / 10) : 0;
  const fadeOutSeconds = last ? Math.min(0.5, duration / 8) : 0;
  const narrated = (scene.narration?.words.length ?? 0) > 0;
  const captionWindow = captionWindowOf(scene, { narrated });

  const photo = scene.sourceImageFile ?? null;
  const shotList = scene.shots ?? [];
  // Footage fills the frame: the mood's lights and particles would only be drawn under it, and
  // when every shot is footage the footage itself is the background.
  const allFootage = shotList.length > 0 && shotList.every((shot) => fillsFrame(shot.visual));
  const footage = shotList.some((shot) => fillsFrame(shot.visual));
  const background: SceneLayout['background'] = photo
    ? photoBackground(frame, photo, scene.sourceImageSize ?? null, duration, random, scene.camera)
    : allFootage
      ? footageBackground(frame, shotList, duration, random)
      : gradientBackground(frame, palette, random, files);

  const layers: Layer[] = [];
  const events: AssEvent[] = [];
  if (!photo && !allFootage) {
    const motion = motionLayers(frame, palette, scene.mood, random, duration, files);
    layers.push(...motion.layers);
    events.push(...motion.events);
    const shots = shotLayers(frame, shotList, palette, duration, random, files);
    layers.push(...shots.layers);
    events.push(...shots.events);
  }

  // With a voice, captions follow its words; without, the caption text is paced on its own.
  const spoken =
    narrated && scene.narration
      ? layoutWordCaptions(scene.narration.words, scene.narration.style, {
          frame,
          window: captionWindow,
          accent: lighten(palette.accent),
        })
      : null;
  const paced = spoken
    ? null
    : paceCaption(scene.caption, {
        window: captionWindow,
        weight: 'semiBold',
        fontSize: frame.portrait ? width * 0.052 : height * 0.056,
        minFontSize: (frame.portrait ? width * 0.052 : height * 0.056) * 0.78,
        maxWidth: frame.portrait ? width - 2 * frame.margin : width * 0.72,
        maxLines: frame.portrait ? 3 : 2,
      });
  const shownCues: PreparedScene['cues'] = spoken
    ? spoken.cues.map(({ start, end, lines, words }) => ({
        start,
        end,
        lines,
        words: words.map((word) => ({ text: word.text, start: word.start, end: word.end })),
      }))
    : (paced?.cues ?? []);
  if (shownCues.length > 0) {
    layers.push(scrim(frame, files));
    // A photo or footage may carry its own text where the captions go: they sit on a backing.
    if (photo || footage) {
      const lines = Math.max(...shownCues.map((cue) => cue.lines.length), 1);
      const placement = spoken
        ? (() => {
            const layout = styleLayout(scene.narration?.style ?? 'karaoke', frame, spoken.fontSize);
            return {
              bottom: layout.bottom,
              lineHeight: layout.lineHeight,
              fontSize: spoken.fontSize,
            };
          })()
        : {
            bottom: Math.round(height * (frame.portrait ? 0.8 : 0.87)),
            lineHeight: (paced?.fontSize ?? 0) * 1.3,
            fontSize: paced?.fontSize ?? 0,
          };
      const firstCue = shownCues[0]?.start ?? captionWindow.from;
      const lastEnd = shownCues[shownCues.length - 1]?.end ?? captionWindow.to;
      layers.push(
        captionBacking(frame, placement, lines, { from: firstCue, to: lastEnd, fade: 0.2 }, files),
      );
    }
    events.push(
      ...(spoken
        ? spoken.events
        : captionEvents(frame, paced ?? { fontSize: 0, cues: [] }, palette)),
    );
  }
  const overlay = scene.overlay?.trim();
  if (overlay) {
    const lastShot = scene.shots?.at(-1);
    events.push(...overlayEvents(frame, overlay, palette, lastShot?.start ?? 0, duration));
  }
  if (scene.watermark === true) events.push(watermark(frame, duration));
  if (scene.logo) layers.push(logoMark(frame, scene.logo));
  if (typeof scene.watermark === 'object') {
    layers.push(customMark(frame, scene.watermark, Boolean(scene.logo)));
  }
  const wipes: Layer[] = [];
  if (!first) wipes.push(wipeLayer(frame, 'reveal', 0, wipe, files));
  if (!last) wipes.push(wipeLayer(frame, 'cover', duration - wipe, wipe, files));

  const soundtrack = scene.soundtrack ?? {
    file: files.add('music.wav', wavFile(sceneMusic(scene))),
    offsetSeconds: 0,
  };

  return {
    plan: {
      outputFile: scene.outputFile,
      width,
      height,
      durationSeconds: duration,
      keyframeSeconds: scene.keyframeSeconds,
      fadeInSeconds,
      fadeOutSeconds,
      background,
      layers,
      wipes,
      subtitlesFile: files.add('text.ass', assScript({ width, height }, events)),
      captionsFile: shownCues.length > 0 ? files.add('captions.srt', srtFile(shownCues)) : null,
      audioFile: soundtrack.file,
      audioOffsetSeconds: soundtrack.offsetSeconds,
    },
    files: files.list,
    cues: shownCues,
  };
}

/**
 * Word-timed captions over a clip a video model made, in the member's style: the same layout as
 * a rendered scene's (each style brings its own outline, shadow or box, so no scrim is laid over
 * the footage), as an ASS script to burn in and SubRip for the clip's subtitle track.
 */
export function planClipCaptions(clip: {
  width: number;
  height: number;
  durationSeconds: number;
  sceneNumber: number;
  sceneCount: number;
  mood: string;
  seed: string;
  words: SpokenWord[];
  style: CaptionStyle;
}): { ass: string; srt: string | null; cues: PreparedScene['cues'] } {
  const { width, height } = clip;
  const { palette } = sceneStyle(clip.mood, clip.seed);
  const spoken = layoutWordCaptions(clip.words, clip.style, {
    frame: frameOf(width, height),
    window: captionWindowOf(clip, { narrated: true }),
    accent: lighten(palette.accent),
  });
  const cues = spoken.cues.map(({ start, end, lines, words }) => ({
    start,
    end,
    lines,
    words: words.map((word) => ({ text: word.text, start: word.start, end: word.end })),
  }));
  return {
    ass: assScript({ width, height }, spoken.events),
    srt: cues.length > 0 ? srtFile(cues) : null,
    cues,
  };
}

/** The scene's slice of the video's music, or a piece of its own, made here (no soundtrack). */
function sceneMusic(scene: SceneDescription): Float32Array {
  const music = scene.music ?? {
    mood: scene.mood,
    seed: scene.seed,
    offsetSeconds: 0,
    totalSeconds: scene.durationSeconds,
  };
  const score = composeMusic({
    mood: music.mood,
    seed: music.seed,
    durationSeconds: music.totalSeconds,
  });
  return renderMusic(score, music.offsetSeconds, music.offsetSeconds + scene.durationSeconds);
}

/** How long the wipe between two scenes takes at each side of the cut. */
function wipeSecondsOf(duration: number): number {
  return Math.min(WIPE_SECONDS, duration / 6);
}

/**
 * When captions (and so the voice) may run in a scene: from the voice's start, clear of the wipe
 * into the next scene and of the video's fade to black.
 */
export function captionWindowOf(
  scene: Pick<SceneDescription, 'durationSeconds' | 'sceneNumber' | 'sceneCount'>,
  { narrated }: { narrated: boolean },
): { from: number; to: number } {
  const duration = scene.durationSeconds;
  const first = scene.sceneNumber <= 1;
  const last = scene.sceneNumber >= scene.sceneCount;
  const wipe = wipeSecondsOf(duration);
  const fadeOut = last ? Math.min(0.5, duration / 8) : 0;
  // Paced captions (no voice) keep the room they had: read after the fade or the wipe.
  const from = narrated ? voiceStartOf(first ? 0 : 1) : first ? 0.45 : wipe + 0.1;
  return { from, to: duration - (last ? fadeOut + 0.1 : wipe * 0.5) };
}

/** A photo near the frame's shape fills it with a slow zoom; one far from it is shown whole. */
function photoBackground(
  frame: Frame,
  file: string,
  size: { width: number; height: number } | null,
  duration: number,
  random: () => number,
  camera = '',
): SceneLayout['background'] {
  const photoAspect = size ? size.width / size.height : frame.width / frame.height;
  const frameAspect = frame.width / frame.height;
  const ratio = photoAspect / frameAspect;
  if (ratio < CONTAIN_RATIO && ratio > 1 / CONTAIN_RATIO) {
    return photoMotion(frame, file, random, camera);
  }
  const fit = Math.min((frame.width * 0.92) / photoAspect, frame.height * 0.92);
  const displayHeight = even(Math.max(2, fit));
  const displayWidth = even(Math.max(2, Math.min(frame.width * 0.92, displayHeight * photoAspect)));
  const centre: Point = {
    x: Math.round((frame.width - displayWidth) / 2),
    y: Math.round((frame.height - displayHeight) / 2),
  };
  // Drifts a little along the side with room, so the scene is not a still.
  const room = ratio >= 1 ? { x: 0, y: frame.height * 0.02 } : { x: frame.width * 0.02, y: 0 };
  const direction = random() < 0.5 ? -1 : 1;
  return {
    kind: 'contain',
    file,
    width: displayWidth,
    height: displayHeight,
    motion: {
      from: { x: centre.x - direction * room.x, y: centre.y - direction * room.y },
      to: { x: centre.x + direction * room.x, y: centre.y + direction * room.y },
      seconds: duration,
    },
  };
}

/** The camera moves a still can make, read from the planner's direction. */
type StillMove = 'push-in' | 'pull-back' | 'pan' | 'rise' | 'descend';

export function stillMoveOf(camera: string): StillMove | null {
  const words = camera.toLowerCase();
  if (/pull[- ]?back|pull[- ]?out|zoom[- ]?out|away|reveal/u.test(words)) return 'pull-back';
  if (/crane down|tilt down|descend|lower/u.test(words)) return 'descend';
  if (/crane|tilt up|rise|rising|pedestal up/u.test(words)) return 'rise';
  if (/pan|track|slide|truck|follow|drift|orbit/u.test(words)) return 'pan';
  if (/push|dolly|zoom|close|macro|rack focus/u.test(words)) return 'push-in';
  return null;
}

/**
 * Ken Burns as the shot asks: a push-in towards a seeded point of interest, a pull back from one,
 * a pan across the photo, or a rise or descent along it (a crane or a tilt); with no direction
 * the seed picks a push-in or a pull-back.
 */
function photoMotion(
  frame: Frame,
  file: string,
  random: () => number,
  camera: string,
): SceneLayout['background'] {
  const focus = { x: 0.2 + random() * 0.6, y: 0.25 + random() * 0.5 };
  const centre = { x: 0.5, y: 0.5 };
  const move = stillMoveOf(camera) ?? (random() < 0.6 ? 'push-in' : 'pull-back');
  const cover = {
    kind: 'image' as const,
    file,
    coverWidth: even(frame.width * PHOTO_ZOOM),
    coverHeight: even(frame.height * PHOTO_ZOOM),
  };
  if (move === 'pan' || move === 'rise' || move === 'descend') {
    // Held at the zoom that leaves room, the view travels from one edge of it to the other.
    const leftward = random() < 0.5;
    const along =
      move === 'pan'
        ? { from: { x: leftward ? 1 : 0, y: 0.5 }, to: { x: leftward ? 0 : 1, y: 0.5 } }
        : move === 'rise'
          ? { from: { x: 0.5, y: 1 }, to: { x: 0.5, y: 0 } }
          : { from: { x: 0.5, y: 0 }, to: { x: 0.5, y: 1 } };
    return {
      ...cover,
      zoomFrom: PHOTO_ZOOM,
      zoomTo: PHOTO_ZOOM,
      focusFrom: along.from,
      focusTo: along.to,
    };
  }
  const zoomIn = move === 'push-in';
  return {
    ...cover,
    zoomFrom: zoomIn ? 1 : PHOTO_ZOOM,
    zoomTo: zoomIn ? PHOTO_ZOOM : 1,
    focusFrom: zoomIn ? centre : focus,
    focusTo: zoomIn ? focus : centre,
  };
}

/** The palette gradient, a little larger than the frame, drifting in a seeded direction. */
function gradientBackground(
  frame: Frame,
  palette: Palette,
  random: () => number,
  files: HelperFiles,
): SceneLayout['background'] {
  const gradientWidth = even(frame.width * GRADIENT_ROOM);
  const gradientHeight = even(frame.height * GRADIENT_ROOM);
  const roomX = gradientWidth - frame.width;
  const roomY = gradientHeight - frame.height;
  const angle = random() * 2 * Math.PI;
  const drift = { x: Math.cos(angle) * roomX * 0.4, y: Math.sin(angle) * roomY * 0.4 };
  // Painted at a quarter of its size: it has no detail, and Node's event loop stays free.
  const painted = gradientImage(
    Math.round(gradientWidth / PAINT_SCALE),
    Math.round(gradientHeight / PAINT_SCALE),
    palette,
    random,
  );
  return {
    kind: 'gradient',
    file: files.add('background.ppm', painted),
    width: gradientWidth,
    height: gradientHeight,
    from: { x: roomX / 2 - drift.x, y: roomY / 2 - drift.y },
    to: { x: roomX / 2 + drift.x, y: roomY / 2 + drift.y },
  };
}

/**
 * What moves over the palette, by mood: two large soft lights always (overlays); rising bokeh for
 * calm, warm and dreamy moods; light streaks sweeping across for energetic and tech ones; slow dust
 * otherwise (libass drawings).
 */
function motionLayers(
  frame: Frame,
  palette: Palette,
  mood: string,
  random: () => number,
  duration: number,
  files: HelperFiles,
): { layers: Layer[]; events: AssEvent[] } {
  const { width, height, shortSide } = frame;
  const layers: Layer[] = [];
  const lightSize = even(shortSide * 0.8);
  const lights: Array<[Rgb, number]> = [
    [palette.glow, 0.3],
    [palette.accent, 0.18],
  ];
  lights.forEach(([colour, opacity], index) => {
    const from: Point = {
      x: (random() * 1.1 - 0.05) * width - lightSize / 2,
      y: (random() * 1.1 - 0.05) * height - lightSize / 2,
    };
    const heading = random() * 2 * Math.PI;
    const distance = shortSide * (0.25 + random() * 0.15) * (duration / 8);
    layers.push({
      file: files.add(
        `light-${index + 1}.pam`,
        glowImage(Math.round(lightSize / PAINT_SCALE), colour, opacity),
      ),
      width: lightSize,
      height: lightSize,
      position: {
        from,
        to: { x: from.x + Math.cos(heading) * distance, y: from.y + Math.sin(heading) * distance },
        seconds: duration,
      },
      window: null,
    });
  });

  const family = moodFamilyName(mood);
  const style =
    family === 'energetic' || family === 'tech' || family === 'professional'
      ? 'streaks'
      : family === 'calm' ||
          family === 'dreamy' ||
          family === 'warm' ||
          family === 'fresh' ||
          family === 'sad'
        ? 'bokeh'
        : 'dust';

  // Particles and streaks are libass drawings, not overlays: libass rasterises each soft shape
  // once and only moves it, where every overlay would cost a pass over the whole frame.
  const events: AssEvent[] = [];
  const glow = assColour(palette.glow);
  if (style === 'streaks') {
    const streakWidth = Math.round(width * 0.45);
    const streakHeight = Math.max(3, Math.round(shortSide * 0.008));
    const passes = Math.max(2, Math.round(duration / 2.2));
    for (let index = 0; index < passes; index++) {
      const y = Math.round(height * (0.12 + random() * 0.6));
      const seconds = 0.9 + random() * 0.6;
      const delay = (index * duration) / passes + random() * 0.4;
      if (delay + seconds > duration) continue;
      const fromX = -streakWidth;
      const toX = width + streakWidth;
      events.push({
        start: delay,
        end: delay + seconds,
        layer: 1,
        text: `{\\an5\\move(${fromX},${y},${toX},${Math.round(y - height * 0.04)})\\bord0\\shad0\\blur${Math.max(1, Math.round(streakHeight / 2))}\\1c${glow}\\1a${assAlpha(0.5)}\\p1}${roundedBar(streakWidth, streakHeight)}{\\p0}`,
      });
    }
  }

  const particles = style === 'bokeh' ? 5 : style === 'streaks' ? 4 : 6;
  for (let index = 0; index < particles; index++) {
    const scale = style === 'bokeh' ? 0.025 + random() * 0.06 : 0.006 + random() * 0.01;
    const size = Math.max(4, Math.round(shortSide * scale));
    const opacity = style === 'bokeh' ? 0.18 + random() * 0.25 : 0.3 + random() * 0.35;
    const from: Point = { x: random() * width, y: height * (0.25 + random() * 0.85) };
    const rise = height * (style === 'bokeh' ? 0.25 + random() * 0.25 : 0.05 + random() * 0.1);
    const driftX = (random() - 0.5) * width * (style === 'dust' ? 0.15 : 0.06);
    const to: Point = { x: from.x + driftX, y: from.y - rise * (duration / 8) };
    const round = (value: number) => Math.round(value);
    events.push({
      start: 0,
      end: duration,
      layer: 0,
      text: `{\\an5\\move(${round(from.x)},${round(from.y)},${round(to.x)},${round(to.y)})\\bord0\\shad0\\blur${Math.max(1, Math.round(size * 0.2))}\\1c${glow}\\1a${assAlpha(opacity)}\\p1}${circle(size)}{\\p0}`,
    });
  }
  return { layers, events };
}

/** An ASS drawing of a circle of `size` across (four Bézier quarters). */
function circle(size: number): string {
  const r = size / 2;
  const k = r * 0.5523;
  const f = (value: number) => Math.round(value * 10) / 10;
  return [
    `m ${f(r)} 0`,
    `b ${f(r + k)} 0 ${f(size)} ${f(r - k)} ${f(size)} ${f(r)}`,
    `b ${f(size)} ${f(r + k)} ${f(r + k)} ${f(size)} ${f(r)} ${f(size)}`,
    `b ${f(r - k)} ${f(size)} 0 ${f(r + k)} 0 ${f(r)}`,
    `b 0 ${f(r - k)} ${f(r - k)} 0 ${f(r)} 0`,
  ].join(' ');
}

/** How long one shot takes to dissolve into the next (centred on the cut between them). */
export const SHOT_CROSSFADE_SECONDS = 0.3;
/**
 * Every shot's footage as the scene's background: clips from their offsets, photos held 12 %
 * larger than the frame and panning (or rising) across the room that leaves, shots taking turns.
 */
function footageBackground(
  frame: Frame,
  shots: readonly SceneShot[],
  duration: number,
  random: () => number,
): SceneLayout['background'] {
  const firstMotion = Math.floor(random() * 3);
  const room = {
    width: even(frame.width * STOCK_PHOTO_ZOOM),
    height: even(frame.height * STOCK_PHOTO_ZOOM),
  };
  const spare = { x: room.width - frame.width, y: room.height - frame.height };
  return {
    kind: 'footage',
    crossfade: SHOT_CROSSFADE_SECONDS,
    shots: shots.map((shot, index) => {
      const visual = shot.visual;
      const end = index === shots.length - 1 ? duration : shot.end;
      if (visual?.kind === 'clip') {
        return {
          start: shot.start,
          end,
          clip: { file: visual.file, offsetSeconds: visual.offsetSeconds },
        };
      }
      const file = visual?.kind === 'photo' ? visual.file : '';
      const rises = (firstMotion + index) % 3 === 2;
      const leftward = leftwardOf(index, firstMotion);
      const along = rises
        ? { from: { x: -spare.x / 2, y: -spare.y }, to: { x: -spare.x / 2, y: 0 } }
        : {
            from: { x: leftward ? 0 : -spare.x, y: -spare.y / 2 },
            to: { x: leftward ? -spare.x : 0, y: -spare.y / 2 },
          };
      return {
        start: shot.start,
        end,
        photo: {
          file,
          cover: room,
          from: { x: Math.round(along.from.x), y: Math.round(along.from.y) },
          to: { x: Math.round(along.to.x), y: Math.round(along.to.y) },
        },
      };
    }),
  };
}

/** How much larger a pushed-in picture ends than it starts. */
const PUSH_IN = 1.14;
/** How much larger than the frame a stock photo is held, for room to travel. */
const STOCK_PHOTO_ZOOM = 1.12;
/** Shots take turns moving left and right. */
const leftwardOf = (index: number, firstMotion: number) => (index + firstMotion) % 2 === 0;

/**
 * The shots, one after another: each picture (or typographic phrase) large and centred a little
 * above the middle (clear of the captions), on one soft pool of the palette's glow, with a motion
 * of its own (a push-in, a pan, a rise), dissolving into the next over a few frames. The motions
 * take turns from a seeded start, so two shots in a row never move alike.
 */
function shotLayers(
  frame: Frame,
  shots: readonly SceneShot[],
  palette: Palette,
  duration: number,
  random: () => number,
  files: HelperFiles,
): { layers: Layer[]; events: AssEvent[] } {
  const layers: Layer[] = [];
  const events: AssEvent[] = [];
  const pictures = shots.filter((shot) => shot.visual?.kind === 'picture');
  const cover = { width: frame.width, height: frame.height };
  const centre = { x: frame.width / 2, y: frame.height * (frame.portrait ? 0.4 : 0.42) };
  const size = pictures[0]?.visual?.kind === 'picture' ? pictures[0].visual.size : 0;
  if (size > 0) {
    const glowSize = even(size * 1.7);
    layers.push({
      file: files.add(
        'picture-glow.pam',
        glowImage(Math.round(glowSize / PAINT_SCALE), palette.glow, 0.55),
      ),
      width: glowSize,
      height: glowSize,
      position: { x: Math.round(centre.x - glowSize / 2), y: Math.round(centre.y - glowSize / 2) },
      window: null,
    });
  }
  const motions: ShotMotion[] = ['push-in', 'pan', 'rise'];
  const firstMotion = Math.floor(random() * motions.length);
  const half = SHOT_CROSSFADE_SECONDS / 2;
  shots.forEach((shot, index) => {
    const visual = shot.visual;
    if (!visual) return;
    const motion = motions[(firstMotion + index) % motions.length] as ShotMotion;
    // Each shot overlaps its neighbours by half a crossfade, so one dissolves into the next.
    const from = index === 0 ? 0 : Math.round(Math.max(0, shot.start - half) * 1000) / 1000;
    const to =
      index === shots.length - 1
        ? duration
        : Math.round(Math.min(duration, shot.end + half) * 1000) / 1000;
    if (to - from < 0.2) return;
    const window: TimeWindow = {
      from,
      to,
      fade: Math.min(SHOT_CROSSFADE_SECONDS, (to - from) / 3),
    };
    if (visual.kind === 'typographic') {
      events.push(...typographicEvents(frame, visual.words, palette, window, motion, centre));
      return;
    }
    if (visual.kind === 'clip') {
      layers.push({
        file: visual.file,
        ...cover,
        position: { x: 0, y: 0 },
        window,
        clip: { offsetSeconds: visual.offsetSeconds },
      });
      return;
    }
    const seconds = to - from;
    if (visual.kind === 'photo') {
      // Held a little larger than the frame, the photo travels across the room that leaves.
      const room = {
        width: even(frame.width * STOCK_PHOTO_ZOOM),
        height: even(frame.height * STOCK_PHOTO_ZOOM),
      };
      const spare = { x: room.width - frame.width, y: room.height - frame.height };
      const along =
        motion === 'rise'
          ? { from: { x: -spare.x / 2, y: -spare.y }, to: { x: -spare.x / 2, y: 0 } }
          : {
              from: { x: leftwardOf(index, firstMotion) ? 0 : -spare.x, y: -spare.y / 2 },
              to: { x: leftwardOf(index, firstMotion) ? -spare.x : 0, y: -spare.y / 2 },
            };
      layers.push({
        file: visual.file,
        ...room,
        cover: true,
        position: {
          from: { x: Math.round(along.from.x), y: Math.round(along.from.y) },
          to: { x: Math.round(along.to.x), y: Math.round(along.to.y) },
          seconds,
          delay: from,
        },
        window,
      });
      return;
    }
    const travel = frame.shortSide * 0.05;
    const leftward = leftwardOf(index, firstMotion);
    if (motion === 'push-in') {
      const canvas = even(visual.size * PUSH_IN);
      layers.push({
        file: visual.file,
        width: canvas,
        height: canvas,
        position: { x: Math.round(centre.x - canvas / 2), y: Math.round(centre.y - canvas / 2) },
        window,
        zoom: { to: PUSH_IN },
      });
      return;
    }
    const rest = {
      x: Math.round(centre.x - visual.size / 2),
      y: Math.round(centre.y - visual.size / 2),
    };
    const offset =
      motion === 'pan' ? { x: (leftward ? 1 : -1) * travel, y: 0 } : { x: 0, y: travel * 0.8 };
    layers.push({
      file: visual.file,
      width: visual.size,
      height: visual.size,
      position: {
        from: { x: Math.round(rest.x + offset.x), y: Math.round(rest.y + offset.y) },
        to: { x: Math.round(rest.x - offset.x), y: Math.round(rest.y - offset.y) },
        seconds,
        delay: from,
      },
      window,
    });
  });
  return { layers, events };
}

/**
 * A typographic shot: the phrase's key words set large in the middle of the frame, fading and
 * growing in (or drifting, or rising, as the shot's motion says), the last word in the accent.
 */
function typographicEvents(
  frame: Frame,
  words: readonly string[],
  palette: Palette,
  window: TimeWindow,
  motion: ShotMotion,
  centre: Point,
): AssEvent[] {
  const text = drawableText(words.join(' '), 'extraBold');
  if (!text) return [];
  const { lines, fontSize } = typographicLines(frame, text);
  const lineHeight = fontSize * 1.08;
  const x = Math.round(centre.x);
  const fade = Math.round(window.fade * 1000);
  const span = Math.round((window.to - window.from) * 1000);
  const drift = Math.round(frame.shortSide * 0.03);
  const accent = lighten(palette.accent);
  return lines.map((line, index) => {
    // Each line by its middle (\an5), the block centred where a picture would be.
    const middle = Math.round(centre.y + (index - (lines.length - 1) / 2) * lineHeight);
    const move =
      motion === 'pan'
        ? `\\move(${x + drift},${middle},${x - drift},${middle},0,${span})`
        : motion === 'rise'
          ? `\\move(${x},${middle + drift},${x},${middle - drift},0,${span})`
          : `\\pos(${x},${middle})\\fscx92\\fscy92\\t(0,${span},\\fscx104\\fscy104)`;
    // White, with the phrase's last word in the accent (the whole last line when it has more).
    const last = index === lines.length - 1;
    const space = line.lastIndexOf(' ');
    const body =
      last && lines.length === 1 && space > 0
        ? `${assText(line.slice(0, space + 1), 'extraBold')}{\\1c${assColour(accent)}}${assText(line.slice(space + 1), 'extraBold')}`
        : assText(line, 'extraBold');
    const colour = last && lines.length > 1 ? accent : WHITE;
    return {
      start: window.from,
      end: window.to,
      layer: 3,
      text: [
        `{\\an5${move}\\fad(${fade},${fade})`,
        fontTags('extraBold', fontSize, colour),
        `\\bord0\\shad${Math.max(2, Math.round(fontSize / 16))}\\4c&H000000&\\4a${assAlpha(0.5)}}`,
        body,
      ].join(''),
    };
  });
}

/** A typographic shot's lines and size: as large as the frame allows, never cut. */
export function typographicLines(frame: Frame, text: string): FittedText {
  return fitText(text, {
    weight: 'extraBold',
    fontSize: frame.portrait ? frame.width * 0.12 : frame.height * 0.13,
    minFontSize: frame.portrait ? frame.width * 0.07 : frame.height * 0.075,
    maxWidth: frame.portrait ? frame.width - 2 * frame.margin : frame.width * 0.7,
    maxLines: 3,
  });
}

/**
 * Text shown as written over the last shot (a call to action's URL or handle): white on a dark
 * pill edged in the accent, centred near the top of the frame, clear of the picture, the captions
 * and the logo's corner, from the shot's start to the scene's end.
 */
function overlayEvents(
  frame: Frame,
  overlay: string,
  palette: Palette,
  from: number,
  duration: number,
): AssEvent[] {
  const text = drawableText(overlay, 'bold');
  if (!text) return [];
  const fitted = fitText(text, {
    weight: 'bold',
    fontSize: frame.shortSide * 0.06,
    minFontSize: frame.shortSide * 0.036,
    maxWidth: frame.width * (frame.portrait ? 0.84 : 0.56),
    maxLines: 2,
  });
  const { lines, fontSize } = fitted;
  const lineHeight = fontSize * 1.2;
  const widest = Math.max(...lines.map((line) => measureText(line, 'bold', fontSize)));
  const padX = fontSize * 0.8;
  const padY = fontSize * 0.5;
  const boxWidth = Math.round(widest + 2 * padX);
  const boxHeight = Math.round(fontSize * CAP_HEIGHT + (lines.length - 1) * lineHeight + 2 * padY);
  const top = Math.round(frame.height * (frame.portrait ? 0.12 : 0.07));
  const x = Math.round(frame.width / 2);
  const start = Math.min(from, Math.max(0, duration - 1));
  const edge = Math.max(2, Math.round(fontSize / 14));
  const box: AssEvent = {
    start,
    end: duration,
    layer: 4,
    text: `{\\an7\\pos(${Math.round(x - boxWidth / 2)},${top})\\fad(250,200)\\bord${edge}\\3c${assColour(lighten(palette.accent))}\\shad0\\1c&H140A0C&\\1a${assAlpha(0.82)}\\p1}${roundedBar(boxWidth, boxHeight)}{\\p0}`,
  };
  const textEvents = lines.map((line, index) => ({
    start,
    end: duration,
    layer: 5,
    text: `{\\an2\\pos(${x},${Math.round(top + padY + fontSize * CAP_HEIGHT + index * lineHeight)})\\fad(250,200)${fontTags('bold', fontSize, WHITE)}\\bord0\\shad0}${assText(line, 'bold')}`,
  }));
  return [box, ...textEvents];
}

/** The size a scene's picture is drawn at, so it is rasterised once at exactly that size. */
export function pictureSize(width: number, height: number): number {
  return even(Math.min(width, height) * (height > width ? 0.62 : 0.46));
}

/** The box a logo mark fits in (its longer side), for preparing it at that size. */
export function logoBox(width: number, height: number): { width: number; height: number } {
  const short = Math.min(width, height);
  return { width: even(short * 0.22), height: even(short * 0.13) };
}

/** Where a logo mark of `logo`'s size sits: the top right corner, inside the margin. */
export function logoPlace(
  width: number,
  height: number,
  logo: { width: number; height: number },
): Point {
  const frame = frameOf(width, height);
  return { x: frame.width - frame.margin - logo.width, y: Math.round(frame.margin * 0.8) };
}

/** The logo in the top right corner, for the whole scene: a brand mark, never the background. */
function logoMark(frame: Frame, logo: { file: string; width: number; height: number }): Layer {
  return {
    file: logo.file,
    width: logo.width,
    height: logo.height,
    position: logoPlace(frame.width, frame.height, logo),
    window: null,
  };
}

/** The box a member's own image mark fits in, for preparing it at that size. */
export function markBox(width: number, height: number): { width: number; height: number } {
  const short = Math.min(width, height);
  return { width: even(short * 0.24), height: even(short * 0.14) };
}

/** The widest a member's text mark is drawn: the frame inside its margins. */
export function markMaxWidth(width: number, height: number): number {
  const frame = frameOf(width, height);
  return frame.width - 2 * frame.margin;
}

/**
 * Where a member's own mark of `mark`'s size sits: its corner, inside the margin. A job's logo
 * keeps the top right corner; a mark chosen for that corner sits below the logo's box.
 */
export function markPlace(
  width: number,
  height: number,
  mark: { width: number; height: number; corner: WatermarkCorner },
  withLogo = false,
): Point {
  const frame = frameOf(width, height);
  const left = mark.corner.endsWith('left');
  const top = mark.corner.startsWith('top');
  const x = left ? frame.margin : frame.width - frame.margin - mark.width;
  let y = top ? Math.round(frame.margin * 0.8) : frame.height - frame.margin - mark.height;
  if (withLogo && mark.corner === 'top-right') {
    y += logoBox(width, height).height + Math.round(frame.margin * 0.4);
  }
  return { x: Math.round(x), y: Math.round(y) };
}

/** The member's own mark in its corner, for the whole scene, in place of ours. */
function customMark(frame: Frame, mark: CustomMark, withLogo: boolean): Layer {
  return {
    file: mark.file,
    width: mark.width,
    height: mark.height,
    position: markPlace(frame.width, frame.height, mark, withLogo),
    window: null,
  };
}

/** A dark rounded backing behind the caption lines, shown while captions are. */
function captionBacking(
  frame: Frame,
  placement: { bottom: number; lineHeight: number; fontSize: number },
  lines: number,
  window: TimeWindow,
  files: HelperFiles,
): Layer {
  const padding = Math.round(Math.max(placement.fontSize * 0.55, frame.shortSide * 0.015));
  const width = even(frame.portrait ? frame.width - frame.margin : frame.width * 0.8);
  const height = even(lines * placement.lineHeight + 2 * padding);
  const radius = Math.round(padding * 1.2);
  return {
    file: files.add(
      'caption-backing.pam',
      roundedBoxImage(
        Math.round(width / 2),
        Math.round(height / 2),
        radius / 2,
        [12, 10, 20],
        0.62,
      ),
    ),
    width,
    height,
    position: {
      x: Math.round((frame.width - width) / 2),
      y: Math.round(placement.bottom + padding * 0.7 - height),
    },
    window,
  };
}

/** A dark band rising from the bottom, under the captions, so white type reads on any picture. */
function scrim(frame: Frame, files: HelperFiles): Layer {
  const height = even(frame.height * (frame.portrait ? 0.5 : 0.45));
  return {
    file: files.add(
      'scrim.pam',
      scrimImage(Math.round(frame.width / PAINT_SCALE), Math.round(height / PAINT_SCALE), 0.62),
    ),
    width: frame.width,
    height,
    position: { x: 0, y: frame.height - height },
    window: null,
  };
}

/** The panel that wipes across the cut between two scenes, edged with the brand's gradient. */
function wipeLayer(
  frame: Frame,
  kind: 'reveal' | 'cover',
  from: number,
  seconds: number,
  files: HelperFiles,
): Layer {
  const { width, height, portrait } = frame;
  // Landscape wipes move right to left, portrait ones bottom to top; the edge leads the way.
  const edge = portrait
    ? kind === 'cover'
      ? 'top'
      : 'bottom'
    : kind === 'cover'
      ? 'left'
      : 'right';
  const covered: Point = { x: 0, y: 0 };
  const before: Point = portrait ? { x: 0, y: height } : { x: width, y: 0 };
  const after: Point = portrait ? { x: 0, y: -height } : { x: -width, y: 0 };
  const motion: Motion =
    kind === 'reveal'
      ? { from: covered, to: after, seconds, delay: from, easeOut: true }
      : // Covers fully a frame before the end, so the cut lands on the panel.
        { from: before, to: covered, seconds: seconds - 1 / 30, delay: from, easeOut: true };
  return {
    file: files.add(
      `wipe-${kind}.pam`,
      wipePanelImage(Math.round(width / PAINT_SCALE), Math.round(height / PAINT_SCALE), edge),
    ),
    width,
    height,
    position: motion,
    window: { from, to: from + seconds, fade: 0 },
  };
}

/** An ASS drawing of a bar with round ends. */
function roundedBar(width: number, height: number): string {
  const r = height / 2;
  const k = r * 0.5523;
  const f = (value: number) => Math.round(value * 10) / 10;
  return [
    `m ${f(r)} 0`,
    `l ${f(width - r)} 0`,
    `b ${f(width - r + k)} 0 ${f(width)} ${f(r - k)} ${f(width)} ${f(r)}`,
    `b ${f(width)} ${f(r + k)} ${f(width - r + k)} ${f(height)} ${f(width - r)} ${f(height)}`,
    `l ${f(r)} ${f(height)}`,
    `b ${f(r - k)} ${f(height)} 0 ${f(r + k)} 0 ${f(r)}`,
    `b 0 ${f(r - k)} ${f(r - k)} 0 ${f(r)} 0`,
  ].join(' ');
}

/** The caption's cues at the lower third, clear of the watermark and of the apps' buttons. */
function captionEvents(
  frame: Frame,
  layout: { fontSize: number; cues: Array<{ start: number; end: number; lines: string[] }> },
  palette: Palette,
): AssEvent[] {
  const bottom = Math.round(frame.height * (frame.portrait ? 0.8 : 0.87));
  return layout.cues.map((cue) =>
    kineticCue(cue, {
      x: Math.round(frame.width / 2),
      bottom,
      fontSize: layout.fontSize,
      lineHeight: layout.fontSize * 1.3,
      accent: lighten(palette.accent),
      shadow: Math.max(1, Math.round(layout.fontSize / 18)),
    }),
  );
}

/** The accent, lifted towards white: the colour a word flashes as it arrives. */
function lighten([red, green, blue]: Rgb): Rgb {
  return [red + (255 - red) * 0.35, green + (255 - green) * 0.35, blue + (255 - blue) * 0.35];
}

/** 'Reelforge', semi-transparent, at the bottom right, for the whole scene. */
function watermark(frame: Frame, duration: number): AssEvent {
  const fontSize = Math.round(frame.shortSide * 0.034);
  const x = frame.width - frame.margin;
  const y = frame.height - frame.margin;
  return {
    start: 0,
    end: duration,
    layer: 5,
    text: `{\\an3\\pos(${x},${y})${fontTags('bold', fontSize, WHITE, 0.7)}\\bord0\\shad${Math.max(1, Math.round(fontSize / 16))}\\4c&H000000&\\4a${assAlpha(0.45)}}Reelforge`,
  };
}
