// Pure builders of ffmpeg argument lists: a scene from its plan, the join of scene clips, a
// thumbnail, and the bench's test pattern. No I/O here, so tests can compare exact arrays.

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

/**
 * Where a video's thumbnail is taken at the latest: in its first scene, with the scene's picture
 * and first caption on screen, a frame that tells what the video is.
 */
export const THUMBNAIL_SECONDS = 4.5;

/**
 * Where the thumbnail of a video whose first scene lasts `sceneSeconds` is taken: a little past
 * the middle of that scene (its first shot's picture and words are on screen), at most 4.5 s.
 */
export function thumbnailSecondsOf(sceneSeconds: number): number {
  return Math.round(Math.min(THUMBNAIL_SECONDS, Math.max(0.8, sceneSeconds * 0.6)) * 100) / 100;
}

/**
 * A clip gets a keyframe just before its thumbnail, so taking it decodes a handful of frames
 * instead of every frame from the start (about 25 ms instead of 80 here), and a joined video, which
 * opens with its first clip, has it too. Not at the thumbnail itself: ffmpeg seeks by decode time,
 * which runs a few frames ahead of display time, and would pass that keyframe over for the one at 0.
 */
export function thumbnailKeyframeOf(thumbnailSeconds: number): number {
  return Math.max(0.1, thumbnailSeconds - 0.2);
}

/** How often the Ken Burns view moves; frames in between repeat (see backgroundChain). */
const KEN_BURNS_FPS = 15;

export function encoderArgs(
  threads: number,
  keyframeSeconds = thumbnailKeyframeOf(THUMBNAIL_SECONDS),
): string[] {
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
    formatNumber(keyframeSeconds),
    '-threads',
    String(threads),
    ...audioEncoderArgs(),
    '-movflags',
    '+faststart',
  ];
}

/** How every clip's sound is encoded (a scene's, or a soundtrack laid over joined pictures). */
export function audioEncoderArgs(): string[] {
  return [
    '-c:a',
    ENCODING.audioCodec,
    // The native encoder's fast coder: a third of the default's time (a 21 s soundtrack in 0.18 s
    // instead of 0.56 s), no difference one hears at 128 kb/s for speech over a music bed.
    '-aac_coder',
    'fast',
    '-b:a',
    ENCODING.audioBitrate,
    '-ar',
    String(ENCODING.sampleRate),
    '-ac',
    String(ENCODING.audioChannels),
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

/**
 * Where a layer's top-left corner is, in seconds `t` of the scene: from `from` towards `to` over
 * the scene, eased or not, swaying around that path when asked.
 */
export type Motion = {
  from: Point;
  to: Point;
  /** Seconds the travel takes (from its start); past it the layer rests at `to`. */
  seconds: number;
  /** When the travel starts. */
  delay?: number;
  /** Ease out (fast, then settling), for wipes; linear otherwise. */
  easeOut?: boolean;
  sway?: { x: number; y: number; period: number; phase: number };
};

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
    }
  | {
      /**
       * Stock footage under every shot: each shot's clip (or photo, panned) fills the frame, one
       * after another, dissolving into the next over `crossfade` seconds centred on the cut. Built
       * as a chain of opaque segments (a shot alone, then the two shots of a dissolve), so only
       * the few frames of each dissolve are blended.
       */
      kind: 'footage';
      shots: FootageShotSpec[];
      crossfade: number;
    }
  | {
      /**
       * A photo whose shape is far from the frame's (a panorama in portrait, a tall strip in
       * landscape): shown whole, drifting slowly, over a blurred and darkened copy of itself
       * that fills the frame, so its subject is never cropped away.
       */
      kind: 'contain';
      file: string;
      /** The photo's displayed size, inside the frame. */
      width: number;
      height: number;
      motion: Motion;
    };

/** One shot of a footage background: from `start` to `end` in scene seconds (cuts between). */
export type FootageShotSpec = {
  start: number;
  end: number;
  /** A clip, played from `offsetSeconds`, its last frame held if it runs short. */
  clip?: { file: string; offsetSeconds: number };
  /** A photo, scaled to cover `cover` and panned from `from` to `to` (its top-left corner, in
   * pixels of the cover, negated) over the shot. */
  photo?: { file: string; cover: { width: number; height: number }; from: Point; to: Point };
};

/** A still with alpha (light, particle, scrim, backdrop, wipe panel), moving or not. */
export type Layer = {
  file: string;
  width: number;
  height: number;
  position: Point | Motion;
  /** Shown only during the window (fading in and out); null: the whole scene. */
  window: TimeWindow | null;
  /**
   * A push-in over the window: the still is drawn on a transparent canvas `zoom.to` times its
   * size (so `position` is that canvas's corner) and grows from filling 1/`zoom.to` of it to all
   * of it. Only with a window.
   */
  zoom?: { to: number } | null;
  /** Scaled to cover width × height and cropped to it (a photo of another shape), not stretched. */
  cover?: boolean;
  /**
   * A video, not a still: played from `offsetSeconds` of the file during the window (covering
   * width × height), its last frame held if it ends early. Only with a window.
   */
  clip?: { offsetSeconds: number } | null;
};

export type SceneLayout = {
  outputFile: string;
  width: number;
  height: number;
  durationSeconds: number;
  /** Where the encoder puts a keyframe (just before the thumbnail; thumbnailKeyframeOf). */
  keyframeSeconds?: number;
  /** Fade from and to black at the scene's ends (0: none, a wipe covers that end). */
  fadeInSeconds: number;
  fadeOutSeconds: number;
  threads: number;
  background: SceneBackground;
  /** Painted over the background in order, under the text. */
  layers: Layer[];
  /** Painted over everything, text included: the panels that wipe across a cut. */
  wipes: Layer[];
  /** The scene's text, animated by libass (captions.ts). */
  subtitlesFile: string;
  /** The captions as SubRip, kept as the clip's subtitle track; null without a caption. */
  captionsFile: string | null;
  /**
   * The scene's sound: a WAV, read from `audioOffsetSeconds` (the video's mixed soundtrack); null:
   * the pictures alone (the sound is added after, sceneSoundArgs).
   */
  audioFile: string | null;
  audioOffsetSeconds: number;
};

/** Linear motion from `from` to `to` over `duration`, in `t` (seconds) or zoompan's `on` (steps). */
function travel(from: number, to: number, duration: number, time = 't'): string {
  if (from === to) return formatNumber(from);
  const sign = to > from ? '+' : '-';
  return `${formatNumber(from)}${sign}${formatNumber(Math.abs(to - from))}*${time}/${formatNumber(duration)}`;
}

/** One axis of a Motion as an overlay expression in `t`. */
export function motionExpression(motion: Motion, axis: 'x' | 'y'): string {
  const from = motion.from[axis];
  const to = motion.to[axis];
  const delay = motion.delay ?? 0;
  const progress = `clip((t-${formatNumber(delay)})/${formatNumber(motion.seconds)},0,1)`;
  let path: string;
  if (from === to) path = formatNumber(from);
  else {
    const eased = motion.easeOut ? `(1-pow(1-${progress},3))` : progress;
    path = `${formatNumber(from)}+${formatNumber(to - from)}*${eased}`;
  }
  const sway = motion.sway;
  const amplitude = sway ? sway[axis] : 0;
  if (!sway || amplitude === 0) return path;
  return `${path}+${formatNumber(amplitude)}*sin(${formatNumber((2 * Math.PI) / sway.period)}*t+${formatNumber(sway.phase)})`;
}

function option(name: string, value: string | number): string {
  return `${name}=${typeof value === 'number' ? formatNumber(value) : escapeFilterValue(value)}`;
}

/** The inputs the background reads, each as its ffmpeg input options (before the layers'). */
function backgroundInputs(plan: SceneLayout): string[][] {
  const { background } = plan;
  if (background.kind !== 'footage') return [['-i', background.file]];
  return footageParts(plan).flatMap((part) =>
    part.pieces.map((piece) =>
      piece.source.clip
        ? [
            ...['-ss', formatNumber(piece.source.clip.offsetSeconds + piece.from - piece.visible)],
            ...['-t', formatNumber(piece.frames / ENCODING.fps + 0.5)],
            ...['-i', piece.source.clip.file],
          ]
        : ['-i', piece.source.photo?.file ?? ''],
    ),
  );
}

/** A stretch of a footage background: one shot alone, or two dissolving. */
type FootagePart = {
  frames: number;
  /** The shot (and the one dissolving in on top), from `from` in scene seconds. */
  pieces: Array<{
    source: FootageShotSpec;
    from: number;
    frames: number;
    visible: number;
    visibleEnd: number;
  }>;
};

/**
 * The footage background's parts, in whole frames: each shot alone between the dissolves, and
 * each dissolve (the shot before under, the next fading in over it). A shot is visible from half a
 * dissolve before its start to half a dissolve after its end (the first from 0, the last to the
 * scene's end); its clip's time runs from its offset at that first visible frame.
 */
function footageParts(plan: SceneLayout): FootagePart[] {
  const { background, durationSeconds } = plan;
  if (background.kind !== 'footage') return [];
  const fps = ENCODING.fps;
  const frame = (seconds: number) => Math.round(seconds * fps);
  const total = frame(durationSeconds);
  const shots = background.shots;
  const half = background.crossfade / 2;
  const cut = (index: number) => frame(shots[index]?.end ?? durationSeconds);
  const halfFrames = Math.max(1, Math.round(half * fps));
  const visible = shots.map((_, index) => (index === 0 ? 0 : (cut(index - 1) - halfFrames) / fps));
  const visibleEnd = shots.map((_, index) =>
    index === shots.length - 1 ? durationSeconds : (cut(index) + halfFrames) / fps,
  );
  const parts: FootagePart[] = [];
  shots.forEach((_, index) => {
    const aloneFrom = index === 0 ? 0 : cut(index - 1) + halfFrames;
    const aloneTo = index === shots.length - 1 ? total : cut(index) - halfFrames;
    const piece = (source: number, from: number, frames: number) => ({
      source: shots[source] as FootageShotSpec,
      from: from / fps,
      frames,
      visible: visible[source] ?? 0,
      visibleEnd: visibleEnd[source] ?? durationSeconds,
    });
    if (aloneTo > aloneFrom)
      parts.push({
        frames: aloneTo - aloneFrom,
        pieces: [piece(index, aloneFrom, aloneTo - aloneFrom)],
      });
    if (index < shots.length - 1) {
      const from = cut(index) - halfFrames;
      const frames = 2 * halfFrames;
      parts.push({ frames, pieces: [piece(index, from, frames), piece(index + 1, from, frames)] });
    }
  });
  return parts;
}

/** One piece of footage as frames of the scene's size from its part's start, opaque. */
function footagePiece(
  input: number,
  piece: FootagePart['pieces'][number],
  plan: SceneLayout,
): string[] {
  const { width, height } = plan;
  const fps = ENCODING.fps;
  const seconds = piece.frames / fps;
  const { clip, photo } = piece.source;
  if (clip) {
    return [
      `[${input}:v]fps=${fps}`,
      `scale=${width}:${height}:force_original_aspect_ratio=increase:flags=bicubic`,
      `crop=${width}:${height}`,
      'setsar=1',
      'format=yuv420p',
      `tpad=stop_mode=clone:stop_duration=${formatNumber(seconds)}`,
      `trim=end_frame=${piece.frames}`,
      'setpts=PTS-STARTPTS',
    ];
  }
  const cover = photo?.cover ?? { width, height };
  const from = photo?.from ?? { x: 0, y: 0 };
  const to = photo?.to ?? { x: 0, y: 0 };
  // The pan runs over the shot's whole visible time; this piece shows its part of it.
  const span = Math.max(1 / fps, piece.visibleEnd - piece.visible);
  const progress = `clip((t+${formatNumber(piece.from - piece.visible)})/${formatNumber(span)},0,1)`;
  const along = (axis: 'x' | 'y') =>
    `${formatNumber(-from[axis])}+${formatNumber(-(to[axis] - from[axis]))}*${progress}`;
  return [
    `[${input}:v]trim=end_frame=1`,
    `scale=${cover.width}:${cover.height}:force_original_aspect_ratio=increase:flags=lanczos`,
    `crop=${cover.width}:${cover.height}`,
    'setsar=1',
    'format=yuv420p',
    'loop=loop=-1:size=1',
    `setpts=N/${fps}/TB`,
    [`crop=${width}:${height}`, option('x', along('x')), option('y', along('y'))].join(':'),
    `trim=end_frame=${piece.frames}`,
  ];
}

/** The footage background: its parts, each dissolve blended, joined in order. */
function footageChain(plan: SceneLayout): string {
  const chains: string[] = [];
  const labels: string[] = [];
  let input = 0;
  const fps = ENCODING.fps;
  footageParts(plan).forEach((part, partIndex) => {
    const [under, over] = part.pieces;
    if (!under) return;
    const base = `[part${partIndex}]`;
    chains.push(
      `${footagePiece(input++, under, plan).join(',')}${over ? `[under${partIndex}]` : base}`,
    );
    if (over) {
      const seconds = formatNumber(part.frames / fps);
      chains.push(
        `${[...footagePiece(input++, over, plan), 'format=yuva420p', `fade=t=in:st=0:d=${seconds}:alpha=1`].join(',')}[over${partIndex}]`,
      );
      chains.push(`[under${partIndex}][over${partIndex}]overlay=shortest=1,format=yuv420p${base}`);
    }
    labels.push(base);
  });
  chains.push(`${labels.join('')}concat=n=${labels.length}:v=1:a=0,setpts=N/${fps}/TB`);
  return chains.join(';');
}

function backgroundChain(plan: SceneLayout): string {
  const { background, width, height, durationSeconds } = plan;
  const fps = ENCODING.fps;
  if (background.kind === 'footage') return footageChain(plan);
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
  if (background.kind === 'contain') {
    // The blurred copy is made once, small (blur is cheap there), then repeated; the photo
    // itself is scaled once and only moved.
    const small = { width: even(width / 8), height: even(height / 8) };
    return [
      `[0:v]trim=end_frame=1,split[photo][copy]`,
      [
        `[copy]scale=${small.width}:${small.height}:force_original_aspect_ratio=increase:flags=bilinear`,
        `crop=${small.width}:${small.height}`,
        'boxblur=4:2',
        `scale=${width}:${height}:flags=bicubic`,
        'lutyuv=y=val*0.55',
        'setsar=1',
        'format=yuv420p',
        'loop=loop=-1:size=1',
        `setpts=N/${fps}/TB[blurred]`,
      ].join(','),
      [
        `[photo]scale=${background.width}:${background.height}:flags=lanczos`,
        'setsar=1',
        'format=yuv420p',
        'loop=loop=-1:size=1',
        `setpts=N/${fps}/TB[contained]`,
      ].join(','),
      `[blurred][contained]overlay=${option('x', motionExpression(background.motion, 'x'))}:${option('y', motionExpression(background.motion, 'y'))}:shortest=1`,
    ].join(';');
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

const even = (value: number) => 2 * Math.round(value / 2);

/** Reads input `index` once: scaled to its display size (no-op if it is) and given alpha. */
function layerInput(index: number, width: number, height: number, cover = false): string[] {
  if (cover) {
    return [
      `[${index}:v]scale=${width}:${height}:force_original_aspect_ratio=increase:flags=bicubic`,
      `crop=${width}:${height}`,
      'setsar=1',
      'format=yuva420p',
    ];
  }
  return [`[${index}:v]scale=${width}:${height}:flags=bicubic`, 'format=yuva420p'];
}

/**
 * A clip layer: its frames at our rate, covering its size, starting at the window's start (the
 * input was opened at the clip's offset, for the window's length) and holding its last frame if
 * it runs short, fading in and out over the window's edges.
 */
function clipChain(index: number, still: Layer, window: TimeWindow): string[] {
  const seconds = window.to - window.from;
  const fades =
    window.fade > 0
      ? [
          `fade=t=in:st=${formatNumber(window.from)}:d=${formatNumber(window.fade)}:alpha=1`,
          `fade=t=out:st=${formatNumber(window.to - window.fade)}:d=${formatNumber(window.fade)}:alpha=1`,
        ]
      : [];
  return [
    `[${index}:v]fps=${ENCODING.fps}`,
    `scale=${still.width}:${still.height}:force_original_aspect_ratio=increase:flags=bicubic`,
    `crop=${still.width}:${still.height}`,
    'setsar=1',
    'format=yuva420p',
    `tpad=stop_mode=clone:stop_duration=${formatNumber(seconds)}`,
    `trim=duration=${formatNumber(seconds)}`,
    `setpts=PTS-STARTPTS+${formatNumber(window.from)}/TB`,
    ...fades,
  ];
}

/**
 * Repeats a still for its window only, from its start, fading its alpha in and out; with a zoom,
 * it grows over the window on its larger transparent canvas (zoompan keeps the alpha).
 */
function layerWindow(
  { from, to, fade }: TimeWindow,
  zoom: { to: number; width: number; height: number } | null = null,
): string[] {
  const frames = Math.max(1, Math.round((to - from) * ENCODING.fps));
  const grow = zoom
    ? [
        `pad=${zoom.width}:${zoom.height}:(ow-iw)/2:(oh-ih)/2:color=black@0`,
        `setpts=N/${ENCODING.fps}/TB`,
        `zoompan=${[
          // From the whole canvas (the still at 1/zoom.to of it) to the still filling it.
          option('z', `1+${formatNumber(zoom.to - 1)}*on/${frames}`),
          option('x', 'iw/2-iw/zoom/2'),
          option('y', 'ih/2-ih/zoom/2'),
          'd=1',
          `s=${zoom.width}x${zoom.height}`,
          `fps=${ENCODING.fps}`,
        ].join(':')}`,
      ]
    : [];
  const fades =
    fade > 0
      ? [
          `fade=t=in:st=${formatNumber(from)}:d=${formatNumber(fade)}:alpha=1`,
          `fade=t=out:st=${formatNumber(to - fade)}:d=${formatNumber(fade)}:alpha=1`,
        ]
      : [];
  return [
    `loop=loop=${frames - 1}:size=1`,
    ...grow,
    `setpts=N/${ENCODING.fps}/TB+${formatNumber(from)}/TB`,
    ...fades,
  ];
}

function positionOptions(position: Point | Motion): string[] {
  if ('from' in position) {
    return [
      option('x', motionExpression(position, 'x')),
      option('y', motionExpression(position, 'y')),
    ];
  }
  return [`x=${formatNumber(position.x)}`, `y=${formatNumber(position.y)}`];
}

/**
 * The whole graph for one scene: background, layers (lights, particles, scrim, backdrop, wipes),
 * the text by libass, the fades. Inputs: 0 the background, then one per layer, then the music.
 */
export function sceneFilterGraph(plan: SceneLayout): string {
  const chains = [`${backgroundChain(plan)}[layer0]`];
  let layer = 0;
  let input = backgroundInputs(plan).length;
  const addLayer = (still: Layer) => {
    const label = `[input${input}]`;
    if (still.clip && still.window) {
      chains.push(`${clipChain(input, still, still.window).join(',')}${label}`);
      chains.push(
        `[layer${layer}]${label}overlay=${[...positionOptions(still.position), 'eof_action=pass'].join(':')}[layer${layer + 1}]`,
      );
      layer++;
      input++;
      return;
    }
    const zoom = still.window && still.zoom ? still.zoom.to : null;
    // A zoomed still is read at its drawn size and padded out to its canvas by layerWindow.
    const prepared = layerInput(
      input,
      zoom ? even(still.width / zoom) : still.width,
      zoom ? even(still.height / zoom) : still.height,
      still.cover === true,
    );
    const position = positionOptions(still.position);
    // A layer with a window is repeated only during it, so outside it costs nothing and, once it
    // ends, the overlay passes frames through.
    if (still.window) {
      const grow = zoom ? { to: zoom, width: still.width, height: still.height } : null;
      chains.push(`${[...prepared, ...layerWindow(still.window, grow)].join(',')}${label}`);
      chains.push(
        `[layer${layer}]${label}overlay=${[...position, 'eof_action=pass'].join(':')}[layer${layer + 1}]`,
      );
    } else {
      chains.push(`${prepared.join(',')}${label}`);
      chains.push(`[layer${layer}]${label}overlay=${position.join(':')}[layer${layer + 1}]`);
    }
    layer++;
    input++;
  };
  for (const still of plan.layers) addLayer(still);
  chains.push(`[layer${layer}]${option('ass', plan.subtitlesFile)}[layer${layer + 1}]`);
  layer++;
  for (const wipe of plan.wipes) addLayer(wipe);

  const fades: string[] = [];
  if (plan.fadeInSeconds > 0) fades.push(`fade=t=in:st=0:d=${formatNumber(plan.fadeInSeconds)}`);
  if (plan.fadeOutSeconds > 0) {
    const start = plan.durationSeconds - plan.fadeOutSeconds;
    fades.push(`fade=t=out:st=${formatNumber(start)}:d=${formatNumber(plan.fadeOutSeconds)}`);
  }
  chains.push([`[layer${layer}]null`, ...fades, 'format=yuv420p[video]'].join(','));
  return chains.join(';');
}

export function sceneArgs(plan: SceneLayout): string[] {
  const layerInputs = [...plan.layers, ...plan.wipes].map((layer) =>
    layer.clip && layer.window
      ? [
          // Opened at the shot's part of the clip (input seeking: only that part is decoded).
          ...['-ss', formatNumber(layer.clip.offsetSeconds)],
          ...['-t', formatNumber(layer.window.to - layer.window.from + 0.5)],
          ...['-i', layer.file],
        ]
      : ['-i', layer.file],
  );
  const background = backgroundInputs(plan);
  const musicInput = background.length + layerInputs.length;
  const captionsInput = plan.audioFile ? musicInput + 1 : musicInput;
  return [
    ...background.flat(),
    ...layerInputs.flat(),
    // Seeking a WAV input is exact: each scene takes its own slice of the video's soundtrack.
    ...(plan.audioFile ? soundInput(plan.audioFile, plan.audioOffsetSeconds) : []),
    ...(plan.captionsFile ? ['-i', plan.captionsFile] : []),
    '-filter_complex',
    sceneFilterGraph(plan),
    '-map',
    '[video]',
    ...(plan.audioFile ? ['-map', `${musicInput}:a`] : []),
    ...(plan.captionsFile ? ['-map', `${captionsInput}:s`, '-c:s', 'mov_text'] : []),
    ...encoderArgs(plan.threads, plan.keyframeSeconds),
    '-t',
    formatNumber(plan.durationSeconds),
    '-y',
    plan.outputFile,
  ];
}

/** A WAV input read from `offsetSeconds` (seeking a WAV is exact). */
function soundInput(file: string, offsetSeconds: number): string[] {
  return [...(offsetSeconds > 0 ? ['-ss', formatNumber(offsetSeconds)] : []), '-i', file];
}

/**
 * A scene's pictures (and caption track) copied, with its slice of the video's soundtrack encoded
 * as sceneArgs encodes it: the same clip as one pass makes, made in two so the pictures need not
 * wait for the mix.
 */
export function sceneSoundArgs(scene: {
  picturesFile: string;
  audioFile: string;
  audioOffsetSeconds: number;
  durationSeconds: number;
  outputFile: string;
}): string[] {
  return [
    ...['-i', scene.picturesFile],
    ...soundInput(scene.audioFile, scene.audioOffsetSeconds),
    // In the order one pass writes them (video, sound, captions): the join copies streams by place.
    ...['-map', '0:v', '-map', '1:a', '-map', '0:s?'],
    ...['-c:v', 'copy', '-c:s', 'copy'],
    ...audioEncoderArgs(),
    ...['-movflags', '+faststart'],
    ...['-t', formatNumber(scene.durationSeconds), '-y', scene.outputFile],
  ];
}

/** A chapter of a video: a scene's span on the video's timeline and its name. */
export type Chapter = { start: number; end: number; title: string };

/**
 * The chapters as ffmpeg's metadata file (FFMETADATA1), in milliseconds. A title is one line, and
 * what the format reserves (`=`, `;`, `#` and the backslash) is escaped with a backslash.
 */
export function chaptersMetadata(chapters: readonly Chapter[]): string {
  const escaped = (text: string) =>
    text
      .replace(/\s+/gu, ' ')
      .trim()
      .replace(/[=;#\\]/gu, (character) => `\\${character}`);
  return [
    ';FFMETADATA1',
    ...chapters.flatMap((chapter) => [
      '[CHAPTER]',
      'TIMEBASE=1/1000',
      `START=${Math.round(chapter.start * 1000)}`,
      `END=${Math.round(chapter.end * 1000)}`,
      `title=${escaped(chapter.title)}`,
    ]),
    '',
  ].join('\n');
}

/** The concat demuxer's list: one `file` line per clip, quoted so any path is read literally. */
export function concatList(inputs: readonly string[]): string {
  return inputs.map((file) => `file '${file.replaceAll("'", "'\\''")}'\n`).join('');
}

/**
 * Joins clips made with ENCODING by copying their streams: no re-encode, no quality loss. With a
 * chapters file (FFMETADATA, chaptersMetadata), the scenes become the MP4's chapters. With a
 * soundtrack (the whole video's mixed sound, encoded by soundtrackArgs), the pictures and the
 * soundtrack are copied.
 */
export function concatArgs(
  listFile: string,
  outputFile: string,
  chaptersFile: string | null = null,
  soundtrack: { file: string; seconds: number } | null = null,
): string[] {
  const soundtrackFile = soundtrack?.file ?? null;
  const chaptersInput = soundtrackFile ? 2 : 1;
  return [
    '-f',
    'concat',
    '-safe',
    '0',
    '-i',
    listFile,
    ...(soundtrackFile ? ['-i', soundtrackFile] : []),
    ...(chaptersFile ? ['-i', chaptersFile, '-map_chapters', String(chaptersInput)] : []),
    '-map',
    '0:v',
    // With a soundtrack, the whole video's sound is laid over the joined pictures (scenes kept
    // from an earlier version bring their pictures, never their old sound). It runs a second past
    // them in silence (soundtrackArgs) and is cut at their end: never a frame lost.
    ...(soundtrackFile
      ? [
          ...['-map', '1:a', '-c:v', 'copy', '-c:a', 'copy'],
          ...['-t', formatNumber(soundtrack?.seconds ?? 0)],
        ]
      : ['-map', '0:a?']),
    // The captions' subtitle track, when the clips have one.
    '-map',
    '0:s?',
    ...(soundtrackFile ? ['-c:s', 'copy'] : ['-c', 'copy']),
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    '-y',
    outputFile,
  ];
}

/**
 * A video's mixed soundtrack encoded as every clip's sound is, with a second of silence after it:
 * made while the scenes are drawn, so the join copies it (and cuts it at the pictures' end).
 */
export function soundtrackArgs(inputFile: string, outputFile: string): string[] {
  return [
    // ffmpeg 4.1's apad counts samples (pad_dur came later): a second or so at any rate we use.
    ...['-i', inputFile, '-af', 'apad=pad_len=48000'],
    ...audioEncoderArgs(),
    ...['-movflags', '+faststart', '-f', 'mp4', '-y', outputFile],
  ];
}

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
  /**
   * The video's mixed soundtrack (the clips' own sound ducked under a voice), read from
   * `offsetSeconds`, in place of the clip's sound; absent: the clip's sound as it came.
   */
  soundtrack?: { file: string; offsetSeconds: number } | null;
  /** Word-timed captions: burned in from the ASS script, kept as a subtitle track from the SRT. */
  captions?: { assFile: string; srtFile: string | null } | null;
  /** A brand's logo mark (a PNG with alpha at its drawn size), laid at x, y over the clip. */
  logo?: { file: string; x: number; y: number } | null;
  /**
   * The member's own watermark (a PNG with alpha, its opacity applied), laid at x, y over the clip
   * and the logo, in place of ours (watermarkFont is then null).
   */
  mark?: { file: string; x: number; y: number } | null;
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
    ...(spec.captions ? [option('ass', spec.captions.assFile)] : []),
    ...(spec.watermarkFont
      ? [
          `drawtext=fontfile=${escapeFilterValue(spec.watermarkFont)}:text=Reelforge:` +
            `fontsize=${fontSize}:fontcolor=white@0.7:shadowcolor=black@0.5:shadowx=2:shadowy=2:` +
            `x=w-tw-${margin}:y=h-th-${margin}`,
        ]
      : []),
  ].join(',');
  const { soundtrack, captions } = spec;
  let audio = `anullsrc=r=${ENCODING.sampleRate}:cl=stereo[audio]`;
  if (soundtrack) audio = `[1:a:0]aresample=${ENCODING.sampleRate},apad[audio]`;
  else if (spec.hasAudio) audio = `[0:a:0]aresample=${ENCODING.sampleRate},apad[audio]`;
  const captionsInput = soundtrack ? 2 : 1;
  const logoInput = captionsInput + (captions?.srtFile ? 1 : 0);
  // Each still (the logo, then the member's mark) is laid over what came before it.
  const stills = [
    { name: 'logo', still: spec.logo },
    { name: 'mark', still: spec.mark },
  ].flatMap(({ name, still }) => (still ? [{ name, still }] : []));
  const chains = [`[0:v:0]${video}[${stills.length > 0 ? 'clip' : 'video'}]`];
  let under = 'clip';
  stills.forEach(({ name, still }, index) => {
    const over = index === stills.length - 1 ? 'video' : `${name}ed`;
    chains.push(
      `[${logoInput + index}:v]format=rgba[${name}]`,
      `[${under}][${name}]overlay=x=${Math.round(still.x)}:y=${Math.round(still.y)}:eof_action=repeat[${over}]`,
    );
    under = over;
  });
  const picture = chains.join(';');
  return [
    '-i',
    spec.input,
    // Seeking a WAV input is exact: each clip takes its own slice of the video's soundtrack.
    ...(soundtrack
      ? [
          ...(soundtrack.offsetSeconds > 0 ? ['-ss', formatNumber(soundtrack.offsetSeconds)] : []),
          '-i',
          soundtrack.file,
        ]
      : []),
    ...(captions?.srtFile ? ['-i', captions.srtFile] : []),
    ...stills.flatMap(({ still }) => ['-i', still.file]),
    '-filter_complex',
    `${picture};${audio}`,
    '-map',
    '[video]',
    '-map',
    '[audio]',
    ...(captions?.srtFile ? ['-map', `${captionsInput}:s`, '-c:s', 'mov_text'] : []),
    '-t',
    duration,
    ...encoderArgs(spec.threads),
    '-f',
    'mp4',
    '-y',
    spec.outputFile,
  ];
}

/**
 * One JPEG frame at `atSeconds`, seeking before the input so it is fast on long videos. A few
 * frames are decoded on one thread: setting up the decoder's threads costs more than they save.
 */
export function thumbnailArgs(input: string, outputFile: string, atSeconds: number): string[] {
  return [
    '-threads',
    '1',
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
 * One transparent frame of `size` with an ASS script drawn on it by libass (keeping the alpha), as
 * a PNG: the member's text watermark, set in our fonts, before it is trimmed and laid on videos.
 */
export function assStillArgs(
  assFile: string,
  size: { width: number; height: number },
  outputFile: string,
): string[] {
  return [
    '-f',
    'lavfi',
    '-i',
    `color=c=black@0:s=${size.width}x${size.height}:r=1:d=1,format=rgba`,
    '-vf',
    `${option('ass', assFile)}:alpha=1`,
    '-frames:v',
    '1',
    '-y',
    outputFile,
  ];
}

/**
 * The bench's floor: ffmpeg's own test pattern at the same size, length, rate and encoding, with
 * the same music file, so the renderer is measured against the cost of the encode alone.
 */
export function testPatternArgs(options: {
  outputFile: string;
  width: number;
  height: number;
  durationSeconds: number;
  musicFile: string;
  threads: number;
}): string[] {
  const { width, height, durationSeconds } = options;
  const duration = formatNumber(durationSeconds);
  return [
    '-f',
    'lavfi',
    '-i',
    `testsrc2=s=${width}x${height}:r=${ENCODING.fps}:d=${duration}`,
    '-i',
    options.musicFile,
    '-map',
    '0:v',
    '-map',
    '1:a',
    ...encoderArgs(options.threads),
    '-t',
    duration,
    '-y',
    options.outputFile,
  ];
}
