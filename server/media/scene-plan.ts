// Lays out one scene: where the title, caption, tag and watermark go for the frame's shape, how
// the background moves, and which helper files (stills, text) ffmpeg will read. Pure: the
// renderer writes the files and runs the plan.
import path from 'node:path';
import type { Point, ScenePlan, StillLayer, StillText, TimeWindow } from './arguments';
import { type FontWeight, fontFile, measureText } from './fonts';
import {
  glowImage,
  gradientImage,
  roundedBoxImage,
  titleBackdropImage,
  transparentImage,
} from './scene-images';
import { type Palette, type Rgb, sceneStyle } from './scene-style';
import { drawableText, fitText } from './text-layout';

/** What a scene shows; the renderer adds where to write it and how to report progress. */
export type SceneDescription = {
  outputFile: string;
  width: number;
  height: number;
  durationSeconds: number;
  sceneNumber: number;
  sceneCount: number;
  title: string;
  caption: string;
  mood: string;
  seed: string;
  sourceImageFile?: string | null;
  watermark: boolean;
};

export type PlannedScene = {
  /** Everything but the encoder threads, which are chosen when the run starts. */
  plan: Omit<ScenePlan, 'threads'>;
  /** Helper files to write into the scene's own folder before running the plan. */
  files: Array<{ file: string; content: Buffer | string }>;
};

/** Inter's cap height as a fraction of the font size (OS/2 table: 1490 of 2048 units). */
export const CAP_HEIGHT = 0.727;
const BLACK: Rgb = [0, 0, 0];
/** Smooth stills (gradient, lights, title backdrop) are painted this many times smaller. */
const PAINT_SCALE = 4;
/** How much larger than the frame the photo or the gradient is, to leave room to move. */
const PHOTO_ZOOM = 1.08;
const GRADIENT_ROOM = 1.2;

const even = (value: number) => 2 * Math.round(value / 2);
const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** Frame geometry shared by every element. */
type Frame = {
  width: number;
  height: number;
  portrait: boolean;
  shortSide: number;
  /** Distance kept between text and the frame's edges. */
  margin: number;
};

/** Collects the helper files of one scene and names them inside its folder. */
class HelperFiles {
  readonly list: PlannedScene['files'] = [];
  constructor(private readonly folder: string) {}

  add(name: string, content: Buffer | string): string {
    const file = path.join(this.folder, name);
    this.list.push({ file, content });
    return file;
  }

  /** One text file per line: drawtext reads user text from a file, never from the graph. */
  lines(
    name: string,
    lines: readonly string[],
    style: Omit<StillText, 'textFile' | 'fontFile' | 'baseline'> & { weight: FontWeight },
    baselines: readonly number[],
  ): StillText[] {
    const { weight, ...rest } = style;
    return lines.map((line, index) => ({
      ...rest,
      fontFile: fontFile(weight),
      textFile: this.add(`${name}-${index + 1}.txt`, line),
      baseline: baselines[index] ?? 0,
    }));
  }
}

export function planScene(scene: SceneDescription, folder: string): PlannedScene {
  const { width, height, durationSeconds: duration } = scene;
  const shortSide = Math.min(width, height);
  const frame: Frame = {
    width,
    height,
    portrait: height > width,
    shortSide,
    margin: Math.round(shortSide * 0.065),
  };
  const { palette, chord, random } = sceneStyle(scene.mood, scene.seed);
  const files = new HelperFiles(folder);

  // Timing: a short fade from and to black; on scene 1 the title card comes first.
  const fadeSeconds = Math.min(0.3, duration / 10);
  const title = scene.sceneNumber === 1 ? drawableText(scene.title, 'extraBold') : '';
  const titleWindow: TimeWindow = { from: 0.2, to: clamp(duration * 0.3, 1, 3.2), fade: 0.5 };
  const captionWindow: TimeWindow = {
    from: title ? titleWindow.to + 0.1 : Math.min(0.5, duration * 0.08),
    to: duration - Math.max(fadeSeconds + 0.15, 0.4),
    fade: Math.min(0.45, duration / 8),
  };

  const background: ScenePlan['background'] = scene.sourceImageFile
    ? photoMotion(frame, scene.sourceImageFile, random)
    : gradientBackground(frame, palette, random, files);
  const lights = scene.sourceImageFile
    ? []
    : driftingLights(frame, palette, random, duration, files);

  const stills: StillLayer[] = [];
  if (title) stills.push(...titleCard(frame, title, palette, titleWindow, files));
  const caption = drawableText(scene.caption, 'semiBold');
  // A scene too short to show the caption after its title card shows the title only.
  if (caption && captionWindow.to > captionWindow.from) {
    stills.push(captionBox(frame, caption, captionWindow, files));
  }
  // A one-scene video (the landing page's demos) has no sequence to show.
  if (scene.sceneCount > 1) {
    stills.push(sceneTag(frame, `Scene ${scene.sceneNumber}/${scene.sceneCount}`, files));
  }
  if (scene.watermark) stills.push(watermark(frame, files));

  return {
    plan: {
      outputFile: scene.outputFile,
      width,
      height,
      durationSeconds: duration,
      fadeSeconds,
      background,
      lights,
      stills,
      chord,
    },
    files: files.list,
  };
}

/** Ken Burns: zoom in towards a seeded point of interest, or out from one. */
function photoMotion(frame: Frame, file: string, random: () => number): ScenePlan['background'] {
  const zoomIn = random() < 0.6;
  const focus = { x: 0.2 + random() * 0.6, y: 0.25 + random() * 0.5 };
  const centre = { x: 0.5, y: 0.5 };
  return {
    kind: 'image',
    file,
    coverWidth: even(frame.width * PHOTO_ZOOM),
    coverHeight: even(frame.height * PHOTO_ZOOM),
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
): ScenePlan['background'] {
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

/** Soft lights wandering over the gradient, so a scene without a photo still feels alive. */
function driftingLights(
  frame: Frame,
  palette: Palette,
  random: () => number,
  duration: number,
  files: HelperFiles,
): ScenePlan['lights'] {
  const size = even(frame.shortSide * 0.8);
  const lights: Array<[Rgb, number]> = [
    [palette.glow, 0.3],
    [palette.accent, 0.18],
  ];
  return lights.map(([colour, opacity], index) => {
    const from: Point = {
      x: (random() * 1.1 - 0.05) * frame.width - size / 2,
      y: (random() * 1.1 - 0.05) * frame.height - size / 2,
    };
    const heading = random() * 2 * Math.PI;
    const distance = frame.shortSide * (0.25 + random() * 0.15) * (duration / 8);
    const painted = glowImage(Math.round(size / PAINT_SCALE), colour, opacity);
    return {
      file: files.add(`light-${index + 1}.pam`, painted),
      size,
      from,
      to: { x: from.x + Math.cos(heading) * distance, y: from.y + Math.sin(heading) * distance },
    };
  });
}

/** Scene 1's title: large and centred on a soft dark backdrop, with an accent underline. */
function titleCard(
  frame: Frame,
  title: string,
  palette: Palette,
  window: TimeWindow,
  files: HelperFiles,
): StillLayer[] {
  const { width, height, portrait, margin } = frame;
  const { lines, fontSize } = fitText(title, {
    weight: 'extraBold',
    fontSize: portrait ? width * 0.1 : height * 0.11,
    minFontSize: portrait ? width * 0.065 : height * 0.07,
    maxWidth: portrait ? width - 2 * margin : width * 0.78,
    maxLines: portrait ? 4 : 2,
  });
  const lineHeight = Math.round(fontSize * 1.12);
  const capHeight = fontSize * CAP_HEIGHT;
  const barGap = Math.round(fontSize * 0.42);
  const barHeight = even(Math.max(4, fontSize * 0.07));
  const barWidth = even(fontSize * 1.1);
  const blockHeight = capHeight + (lines.length - 1) * lineHeight + barGap + barHeight;
  const blockTop = Math.round(height * (portrait ? 0.42 : 0.46) - blockHeight / 2);
  const baselines = lines.map((_, index) => Math.round(blockTop + capHeight + index * lineHeight));
  const widest = Math.max(...lines.map((line) => measureText(line, 'extraBold', fontSize)));

  const backdropWidth = Math.min(width, even(widest + fontSize * 3.2));
  const backdropHeight = Math.min(height, even(blockHeight + fontSize * 3));
  const backdropX = even((width - backdropWidth) / 2);
  const backdropY = even(
    clamp(blockTop + blockHeight / 2 - backdropHeight / 2, 0, height - backdropHeight),
  );
  const lastBaseline = baselines.at(-1) ?? blockTop;
  const backdrop = titleBackdropImage(
    Math.round(backdropWidth / PAINT_SCALE),
    Math.round(backdropHeight / PAINT_SCALE),
  );
  return [
    {
      file: files.add('title-backdrop.pam', backdrop),
      x: backdropX,
      y: backdropY,
      width: backdropWidth,
      height: backdropHeight,
      texts: files.lines(
        'title',
        lines,
        {
          weight: 'extraBold',
          fontSize,
          colour: 'white',
          align: 'centre',
          x: width / 2 - backdropX,
          shadow: true,
        },
        baselines.map((baseline) => baseline - backdropY),
      ),
      window,
    },
    {
      file: files.add(
        'title-bar.pam',
        roundedBoxImage(barWidth, barHeight, barHeight / 2, palette.accent, 1),
      ),
      x: even(width / 2 - barWidth / 2),
      y: even(lastBaseline + barGap),
      width: barWidth,
      height: barHeight,
      texts: [],
      window,
    },
  ];
}

/**
 * The caption: a lower third in a rounded translucent box, clear of the watermark and, in
 * portrait, of the buttons Shorts and Reels draw over the bottom of the video.
 */
function captionBox(
  frame: Frame,
  caption: string,
  window: TimeWindow,
  files: HelperFiles,
): StillLayer {
  const { width, height, portrait, margin } = frame;
  const preferred = portrait ? width * 0.05 : height * 0.053;
  const padX = Math.round(preferred * 0.75);
  const padY = Math.round(preferred * 0.6);
  const { lines, fontSize } = fitText(caption, {
    weight: 'semiBold',
    fontSize: preferred,
    minFontSize: preferred * 0.7,
    maxWidth: portrait ? width - 2 * margin - 2 * padX : width * 0.66,
    maxLines: portrait ? 5 : 3,
  });
  const lineHeight = Math.round(fontSize * 1.32);
  const capHeight = fontSize * CAP_HEIGHT;
  const widest = Math.max(...lines.map((line) => measureText(line, 'semiBold', fontSize)));
  const boxWidth = even(widest + 2 * padX);
  const boxHeight = even(capHeight + (lines.length - 1) * lineHeight + 2 * padY);
  const boxBottom = Math.round(height * (portrait ? 0.79 : 0.88));
  const box = roundedBoxImage(boxWidth, boxHeight, Math.round(fontSize * 0.45), BLACK, 0.5);
  return {
    file: files.add('caption-box.pam', box),
    x: even((width - boxWidth) / 2),
    y: even(boxBottom - boxHeight),
    width: boxWidth,
    height: boxHeight,
    texts: files.lines(
      'caption',
      lines,
      {
        weight: 'semiBold',
        fontSize,
        colour: 'white',
        align: 'centre',
        x: boxWidth / 2,
        shadow: false,
      },
      lines.map((_, index) => Math.round(padY + capHeight + index * lineHeight)),
    ),
    window,
  };
}

/** 'Scene n/N' in a small pill at the top left, for the whole scene. */
function sceneTag(frame: Frame, text: string, files: HelperFiles): StillLayer {
  const fontSize = Math.round(frame.shortSide * 0.028);
  const padX = Math.round(fontSize * 0.75);
  const pillHeight = even(fontSize * 1.9);
  const pillWidth = even(measureText(text, 'semiBold', fontSize) + 2 * padX);
  return {
    file: files.add('tag.pam', roundedBoxImage(pillWidth, pillHeight, pillHeight / 2, BLACK, 0.32)),
    x: frame.margin,
    y: frame.margin,
    width: pillWidth,
    height: pillHeight,
    texts: files.lines(
      'tag',
      [text],
      { weight: 'semiBold', fontSize, colour: 'white@0.92', align: 'left', x: padX, shadow: false },
      [Math.round((pillHeight + fontSize * CAP_HEIGHT) / 2)],
    ),
    window: null,
  };
}

/** 'Reelforge', semi-transparent, at the bottom right. */
function watermark(frame: Frame, files: HelperFiles): StillLayer {
  const fontSize = Math.round(frame.shortSide * 0.034);
  const text = 'Reelforge';
  // Room around the text for its shadow; the canvas is transparent.
  const pad = Math.round(fontSize * 0.3);
  const canvasWidth = even(measureText(text, 'bold', fontSize) + 2 * pad);
  const canvasHeight = even(fontSize * 1.5);
  const baseline = Math.round(fontSize * 1.05);
  return {
    file: files.add('watermark.pam', transparentImage(canvasWidth, canvasHeight)),
    x: frame.width - frame.margin - canvasWidth + pad,
    y: frame.height - frame.margin - baseline,
    width: canvasWidth,
    height: canvasHeight,
    texts: files.lines(
      'watermark',
      [text],
      {
        weight: 'bold',
        fontSize,
        colour: 'white@0.7',
        align: 'centre',
        x: canvasWidth / 2,
        shadow: true,
      },
      [baseline],
    ),
    window: null,
  };
}
