// Pure builders of ffmpeg argument lists: a scene from its plan, the join of scene clips, a
// thumbnail, and the bench's test pattern. No I/O here, so tests can compare exact arrays.
import type { Chord } from './scene-style';

/**
 * One encoding for every clip we make, so scenes join with a stream copy. 30 fps because it is
 * what phones record and Shorts/Reels/TikTok play, and slow pans look smoother than at 25.
 * `veryfast`: `ultrafast` was no faster here and made files ten times larger.
 */
export const ENCODING = {
  fps: 30,
  videoCodec: 'libx264',
  preset: 'veryfast',
  crf: 23,
  pixelFormat: 'yuv420p',
  audioCodec: 'aac',
  audioBitrate: '128k',
  sampleRate: 48_000,
  audioChannels: 2,
} as const;

/** Where a video's thumbnail is taken: past the title card's fade-in. */
export const THUMBNAIL_SECONDS = 2;

/**
 * Every clip gets a keyframe just before the thumbnail, so taking it decodes a handful of frames
 * instead of every frame from the start (about 25 ms instead of 80 here), and a joined video, which
 * opens with its first clip, has it too. Not at exactly 2 s: ffmpeg seeks by decode time, which
 * runs a few frames ahead of display time, and would pass that keyframe over for the one at 0.
 */
const THUMBNAIL_KEYFRAME_SECONDS = THUMBNAIL_SECONDS - 0.2;

/** How often the Ken Burns view moves; frames in between repeat (see backgroundChain). */
const KEN_BURNS_FPS = 15;

export function encoderArgs(threads: number): string[] {
  return [
    '-c:v',
    ENCODING.videoCodec,
    '-preset',
    ENCODING.preset,
    '-crf',
    String(ENCODING.crf),
    '-pix_fmt',
    ENCODING.pixelFormat,
    '-r',
    String(ENCODING.fps),
    '-force_key_frames',
    formatNumber(THUMBNAIL_KEYFRAME_SECONDS),
    '-threads',
    String(threads),
    '-c:a',
    ENCODING.audioCodec,
    '-b:a',
    ENCODING.audioBitrate,
    '-ar',
    String(ENCODING.sampleRate),
    '-ac',
    String(ENCODING.audioChannels),
    '-movflags',
    '+faststart',
  ];
}

/**
 * Escapes a value for one option of a filter inside a filter graph. ffmpeg parses it twice: the
 * graph splits filters at `[],;` and the filter splits options at `:`; both honour `\` and `'`.
 */
export function escapeFilterValue(value: string): string {
  const forOptions = value.replace(/[\\':]/g, (character) => `\\${character}`);
  return forOptions.replace(/[\\'[\],;]/g, (character) => `\\${character}`);
}

/** A number as ffmpeg reads it: no exponent, at most four decimals, no trailing zeros. */
export function formatNumber(value: number): string {
  const rounded = Math.round(value * 10_000) / 10_000;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

export type Point = { x: number; y: number };

/** When a layer shows: fades in from `from`, out until `to`, each over `fade` seconds. */
export type TimeWindow = { from: number; to: number; fade: number };

export type SceneBackground =
  | {
      kind: 'gradient';
      /** A small still (PPM), scaled once to width x height, larger than the frame. */
      file: string;
      width: number;
      height: number;
      /** The frame's top-left corner travels from `from` to `to` over the gradient. */
      from: Point;
      to: Point;
    }
  | {
      kind: 'image';
      file: string;
      /** The photo is scaled once to cover this size, then zoomed and panned within it. */
      coverWidth: number;
      coverHeight: number;
      zoomFrom: number;
      zoomTo: number;
      /** Where the view sits in the room left by the zoom: 0..1 on each axis. */
      focusFrom: Point;
      focusTo: Point;
    };

/** A soft light (PAM with alpha) shown `size` square, its top-left corner drifting. */
export type LightLayer = { file: string; size: number; from: Point; to: Point };

/** Text drawn once onto a still, at coordinates inside that still. */
export type StillText = {
  /** A file holding the text: user text never passes through filter escaping. */
  textFile: string;
  fontFile: string;
  fontSize: number;
  /** ffmpeg colour with opacity, e.g. `white@0.9`. */
  colour: string;
  /** `x` is the left edge, the centre line, or the right edge. */
  align: 'left' | 'centre' | 'right';
  x: number;
  /** The baseline's y, so lines with and without capitals or descenders line up. */
  baseline: number;
  shadow: boolean;
};

/**
 * A still with alpha (caption box, title backdrop, tag, watermark) shown at x,y and width x
 * height (the file may be smaller when it has no detail to lose), with its text drawn onto it
 * once; it shows during `window` (fading in and out) or, when null, the whole scene.
 */
export type StillLayer = {
  file: string;
  x: number;
  y: number;
  width: number;
  height: number;
  texts: StillText[];
  window: TimeWindow | null;
};

export type ScenePlan = {
  outputFile: string;
  width: number;
  height: number;
  durationSeconds: number;
  /** Fade from and to black at the scene's ends, so joined scenes cut smoothly. */
  fadeSeconds: number;
  threads: number;
  background: SceneBackground;
  lights: LightLayer[];
  stills: StillLayer[];
  chord: Chord;
};

/** Linear motion from `from` to `to` over `duration`, in `t` (seconds) or zoompan's `on` (steps). */
function travel(from: number, to: number, duration: number, time = 't'): string {
  if (from === to) return formatNumber(from);
  const sign = to > from ? '+' : '-';
  return `${formatNumber(from)}${sign}${formatNumber(Math.abs(to - from))}*${time}/${formatNumber(duration)}`;
}

function option(name: string, value: string | number): string {
  return `${name}=${typeof value === 'number' ? formatNumber(value) : escapeFilterValue(value)}`;
}

function backgroundChain(plan: ScenePlan): string {
  const { background, width, height, durationSeconds } = plan;
  const fps = ENCODING.fps;
  if (background.kind === 'gradient') {
    // Scaled and converted once, then repeated: each frame is a moving crop of the same still.
    return [
      `[0:v]scale=${background.width}:${background.height}:flags=bicubic`,
      'format=yuv420p',
      'loop=loop=-1:size=1',
      `setpts=N/${fps}/TB`,
      [
        `crop=${width}:${height}`,
        option('x', travel(background.from.x, background.to.x, durationSeconds)),
        option('y', travel(background.from.y, background.to.y, durationSeconds)),
      ].join(':'),
    ].join(',');
  }
  // Ken Burns: the photo is scaled once to a modest cover size, then zoompan crops and scales it.
  // The view moves 15 times a second and each step is shown twice: a slow zoom moves well under a
  // pixel per step, so nobody sees the difference, and x264 codes a repeated frame almost free.
  // One step more than the duration holds, so the last one lands on the end and the fps filter
  // fills the final frames (it stops at its last input frame).
  const steps = Math.max(1, Math.round(durationSeconds * KEN_BURNS_FPS));
  const { coverWidth, coverHeight } = background;
  const zoom = travel(background.zoomFrom, background.zoomTo, steps, 'on');
  const focusX = travel(background.focusFrom.x, background.focusTo.x, steps, 'on');
  const focusY = travel(background.focusFrom.y, background.focusTo.y, steps, 'on');
  return [
    '[0:v]trim=end_frame=1',
    `scale=${coverWidth}:${coverHeight}:force_original_aspect_ratio=increase:flags=lanczos`,
    `crop=${coverWidth}:${coverHeight}`,
    'setsar=1',
    'format=yuv420p',
    `zoompan=${[
      option('z', zoom),
      // Offsets from the integer crop size zoompan uses, so the zoom does not wobble.
      option('x', `floor((${focusX})*(iw-floor(iw/zoom)))`),
      option('y', `floor((${focusY})*(ih-floor(ih/zoom)))`),
      `d=${steps + 1}`,
      `s=${width}x${height}`,
      `fps=${KEN_BURNS_FPS}`,
    ].join(':')}`,
    `fps=${fps}`,
  ].join(',');
}

function textFilter(text: StillText): string {
  const x =
    text.align === 'left'
      ? formatNumber(text.x)
      : text.align === 'centre'
        ? `${formatNumber(text.x)}-text_w/2`
        : `${formatNumber(text.x)}-text_w`;
  const parts = [
    option('fontfile', text.fontFile),
    option('textfile', text.textFile),
    'expansion=none',
    `fontsize=${formatNumber(text.fontSize)}`,
    option('fontcolor', text.colour),
    option('x', x),
    // drawtext puts the top of the text at y and its tallest glyph's top there: `ascent` is that
    // glyph's height above the baseline, so this places the baseline exactly.
    option('y', `${formatNumber(text.baseline)}-ascent`),
  ];
  if (text.shadow) {
    const offset = Math.max(1, Math.round(text.fontSize / 24));
    parts.push(`shadowcolor=black@0.45:shadowx=0:shadowy=${offset}`);
  }
  return `drawtext=${parts.join(':')}`;
}

/** The ambient pad: each chord note twice, slightly detuned left and right, so it breathes. */
export function ambientPadGraph(chord: Chord, durationSeconds: number, output: string): string {
  const duration = formatNumber(durationSeconds);
  const rate = ENCODING.sampleRate;
  const sources: string[] = [];
  const sides = { left: [] as string[], right: [] as string[] };
  chord.frequencies.forEach((frequency, index) => {
    for (const [side, detune] of [
      ['left', 1],
      ['right', 1.004],
    ] as const) {
      const label = `[pad${index}${side[0]}]`;
      sources.push(`sine=f=${formatNumber(frequency * detune)}:r=${rate}:d=${duration}${label}`);
      sides[side].push(label);
    }
  });
  const weights = chord.weights.slice(0, chord.frequencies.length).map(formatNumber).join(' ');
  const count = chord.frequencies.length;
  const fadeIn = Math.min(1, durationSeconds / 4);
  const fadeOut = Math.min(1.2, durationSeconds / 4);
  return [
    ...sources,
    `${sides.left.join('')}amix=inputs=${count}:${option('weights', weights)}[padleft]`,
    `${sides.right.join('')}amix=inputs=${count}:${option('weights', weights)}[padright]`,
    [
      '[padleft][padright]join=inputs=2:channel_layout=stereo',
      'lowpass=f=2400',
      'tremolo=f=0.2:d=0.35',
      'volume=1.8',
      `afade=t=in:st=0:d=${formatNumber(fadeIn)}`,
      `afade=t=out:st=${formatNumber(durationSeconds - fadeOut)}:d=${formatNumber(fadeOut)}`,
      `aformat=sample_rates=${rate}:channel_layouts=stereo${output}`,
    ].join(','),
  ].join(';');
}

/** Reads input `index` once: scaled to its display size (no-op if it is) and given alpha. */
function stillInput(index: number, width: number, height: number): string[] {
  return [`[${index}:v]scale=${width}:${height}:flags=bicubic`, 'format=yuva420p'];
}

/** Repeats a still for its window only, from its start, fading its alpha in and out. */
function stillWindow({ from, to, fade }: TimeWindow): string[] {
  const frames = Math.max(1, Math.round((to - from) * ENCODING.fps));
  return [
    `loop=loop=${frames - 1}:size=1`,
    `setpts=N/${ENCODING.fps}/TB+${formatNumber(from)}/TB`,
    `fade=t=in:st=${formatNumber(from)}:d=${formatNumber(fade)}:alpha=1`,
    `fade=t=out:st=${formatNumber(to - fade)}:d=${formatNumber(fade)}:alpha=1`,
  ];
}

/** The whole graph for one scene: background, lights, stills with their text, fades, pad. */
export function sceneFilterGraph(plan: ScenePlan): string {
  const chains = [`${backgroundChain(plan)}[layer0]`];
  let layer = 0;
  let input = 1;
  const addLayer = (prepared: string[], overlayOptions: string[]) => {
    const label = `[input${input}]`;
    chains.push(`${prepared.join(',')}${label}`);
    chains.push(`[layer${layer}]${label}overlay=${overlayOptions.join(':')}[layer${layer + 1}]`);
    layer++;
    input++;
  };

  for (const light of plan.lights) {
    addLayer(stillInput(input, light.size, light.size), [
      option('x', travel(light.from.x, light.to.x, plan.durationSeconds)),
      option('y', travel(light.from.y, light.to.y, plan.durationSeconds)),
    ]);
  }
  for (const still of plan.stills) {
    // Lettered once: drawtext runs on this one frame, not on every frame of the scene. A still
    // with a window is repeated only during it, so outside it costs nothing and, once it ends,
    // the overlay passes frames through.
    const prepared = [
      ...stillInput(input, still.width, still.height),
      ...still.texts.map(textFilter),
    ];
    const position = [`x=${formatNumber(still.x)}`, `y=${formatNumber(still.y)}`];
    if (still.window)
      addLayer([...prepared, ...stillWindow(still.window)], [...position, 'eof_action=pass']);
    else addLayer(prepared, position);
  }

  const fade = formatNumber(plan.fadeSeconds);
  const fadeOutStart = formatNumber(plan.durationSeconds - plan.fadeSeconds);
  chains.push(
    `[layer${layer}]fade=t=in:st=0:d=${fade},fade=t=out:st=${fadeOutStart}:d=${fade},format=yuv420p[video]`,
  );
  chains.push(ambientPadGraph(plan.chord, plan.durationSeconds, '[audio]'));
  return chains.join(';');
}

export function sceneArgs(plan: ScenePlan): string[] {
  const inputs = [plan.background.file, ...plan.lights.map((light) => light.file)];
  inputs.push(...plan.stills.map((still) => still.file));
  return [
    ...inputs.flatMap((file) => ['-i', file]),
    '-filter_complex',
    sceneFilterGraph(plan),
    '-map',
    '[video]',
    '-map',
    '[audio]',
    ...encoderArgs(plan.threads),
    '-t',
    formatNumber(plan.durationSeconds),
    '-y',
    plan.outputFile,
  ];
}

/** The concat demuxer's list: one `file` line per clip, quoted so any path is read literally. */
export function concatList(inputs: readonly string[]): string {
  return inputs.map((file) => `file '${file.replaceAll("'", "'\\''")}'\n`).join('');
}

/** Joins clips made with ENCODING by copying their streams: no re-encode, no quality loss. */
export function concatArgs(listFile: string, outputFile: string): string[] {
  return [
    '-f',
    'concat',
    '-safe',
    '0',
    '-i',
    listFile,
    '-map',
    '0:v',
    '-map',
    '0:a?',
    '-c',
    'copy',
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    '-y',
    outputFile,
  ];
}

/** One JPEG frame at `atSeconds` (seeking before the input, so it is fast on long videos). */
/**
 * Re-encodes a clip to `width`×`height` (letterboxed, never cropped or stretched) with the shared
 * encoder settings, so clips of another size or aspect can join the others by stream copy.
 */
export function fitArgs(
  input: string,
  outputFile: string,
  size: { width: number; height: number },
  threads: number,
): string[] {
  const { width, height } = size;
  return [
    '-i',
    input,
    '-vf',
    `scale=${width}:${height}:force_original_aspect_ratio=decrease,pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2:color=black,setsar=1`,
    ...encoderArgs(threads),
    '-f',
    'mp4',
    '-y',
    outputFile,
  ];
}

/** What normaliseArgs makes of a clip a video model generated. */
export type NormaliseSpec = {
  input: string;
  outputFile: string;
  size: { width: number; height: number };
  durationSeconds: number;
  /** Whether the clip has sound; without, silence is laid under it so the join never fails. */
  hasAudio: boolean;
  /** 'Reelforge' at the bottom right, drawn with this font (an Inter TTF); null: none. */
  watermarkFont: string | null;
  threads: number;
};

/**
 * Brings a generated clip to our encoding (ENCODING) at the scene's size (letterboxed, never
 * cropped) and length (cut, or its last frame held), keeps its sound or lays silence under it,
 * and draws the watermark when asked: then it joins the other scenes by stream copy.
 */
export function normaliseArgs(spec: NormaliseSpec): string[] {
  const { width, height } = spec.size;
  const duration = formatNumber(spec.durationSeconds);
  const fontSize = Math.round(Math.min(width, height) * 0.034);
  const margin = Math.round(Math.min(width, height) * 0.05);
  const video = [
    `scale=${width}:${height}:force_original_aspect_ratio=decrease`,
    `pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2:color=black`,
    'setsar=1',
    `fps=${ENCODING.fps}`,
    `tpad=stop_mode=clone:stop_duration=${duration}`,
    ...(spec.watermarkFont
      ? [
          `drawtext=fontfile=${escapeFilterValue(spec.watermarkFont)}:text=Reelforge:` +
            `fontsize=${fontSize}:fontcolor=white@0.7:shadowcolor=black@0.5:shadowx=2:shadowy=2:` +
            `x=w-tw-${margin}:y=h-th-${margin}`,
        ]
      : []),
  ].join(',');
  const audio = spec.hasAudio
    ? `[0:a:0]aresample=${ENCODING.sampleRate},apad[audio]`
    : `anullsrc=r=${ENCODING.sampleRate}:cl=stereo[audio]`;
  return [
    '-i',
    spec.input,
    '-filter_complex',
    `[0:v:0]${video}[video];${audio}`,
    '-map',
    '[video]',
    '-map',
    '[audio]',
    '-t',
    duration,
    ...encoderArgs(spec.threads),
    '-f',
    'mp4',
    '-y',
    spec.outputFile,
  ];
}

export function thumbnailArgs(input: string, outputFile: string, atSeconds: number): string[] {
  return [
    '-ss',
    formatNumber(Math.max(0, atSeconds)),
    '-i',
    input,
    '-frames:v',
    '1',
    '-an',
    '-c:v',
    'mjpeg',
    '-q:v',
    '3',
    '-f',
    'image2',
    // One file, named literally: without it a '%' in the path would be read as a number pattern.
    '-update',
    '1',
    '-y',
    outputFile,
  ];
}

/**
 * The bench's floor: ffmpeg's own test pattern at the same size, length, rate and encoding, with
 * the same pad, so the renderer is measured against the cost of the encode alone.
 */
export function testPatternArgs(options: {
  outputFile: string;
  width: number;
  height: number;
  durationSeconds: number;
  chord: Chord;
  threads: number;
}): string[] {
  const { width, height, durationSeconds } = options;
  const duration = formatNumber(durationSeconds);
  return [
    '-f',
    'lavfi',
    '-i',
    `testsrc2=s=${width}x${height}:r=${ENCODING.fps}:d=${duration}`,
    '-filter_complex',
    ambientPadGraph(options.chord, durationSeconds, '[audio]'),
    '-map',
    '0:v',
    '-map',
    '[audio]',
    ...encoderArgs(options.threads),
    '-t',
    duration,
    '-y',
    options.outputFile,
  ];
}
