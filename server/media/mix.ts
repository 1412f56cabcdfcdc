// A video's finished sound: the music ducked under the voice by sidechain compression, the two
// mixed, and the whole brought to −14 LUFS integrated with its true peak at or below −1 dBTP (the
// level YouTube and TikTok play at), in two loudnorm passes so the gain is linear, not a
// compressor. Audio only: a 32 s video's sound mixes in a fraction of a second.
import { unlink } from 'node:fs/promises';
import { ENCODING, formatNumber } from './arguments';
import { runFfmpeg } from './ffmpeg';

export const LOUDNESS_TARGET = { integrated: -14, truePeak: -1, range: 11 } as const;

/**
 * How the music sits under a voice: lowered to a bed `underVoiceDb` below the speech's own
 * loudness (both measured as they go into the mix, so between lines, when the ducking lets go, the
 * music never comes up to the voice), then pressed down further while the voice speaks (fast
 * attack, so the first syllable is clear; slow release, so the music does not pump between words).
 * `bedDb` is the most the bed is ever left at (and the bed under a clip's own sound).
 */
export const DUCKING = {
  bedDb: -6,
  underVoiceDb: 14,
  threshold: 0.015,
  ratio: 14,
  attackMs: 8,
  releaseMs: 450,
} as const;

/**
 * The music is voiced as a bed: its mids, where speech sits (300–3400 Hz), lowered by a wide
 * dip, so a voice is understood over it and a video without one sounds of the same family.
 */
export const MUSIC_BED_EQ = 'equalizer=f=1200:t=o:w=2.5:g=-8';

export type LoudnessMeasurement = {
  /** Integrated loudness, LUFS. */
  integrated: number;
  /** True peak, dBTP. */
  truePeak: number;
};

/**
 * The mix graph's audio chains: inputs 0 music (or a clip's own sound), 1 voice (optional). The
 * voice is evened out first (a gentle compressor: speech peaks far above its loudness, which would
 * leave the limiter too much to do). Ends in `[mix]`, stereo at the encoding's rate.
 */
/** The voice as it goes into the mix: resampled, and evened out by a gentle compressor. */
function voiceChain(format: string): string {
  return `${format},acompressor=threshold=0.05:ratio=4:attack=5:release=120:makeup=2`;
}

export function mixGraph(options: {
  voice: boolean;
  /** The bed's gain under a voice (bedUnderVoiceDb); DUCKING.bedDb when not given. */
  bedDb?: number;
  /** A fade to silence ending at `end` seconds (the video's end, when the music runs longer). */
  fadeOut?: { end: number; seconds: number } | null;
}): string {
  const rate = ENCODING.sampleRate;
  const format = `aresample=${rate},aformat=sample_fmts=fltp:channel_layouts=stereo`;
  const fade = options.fadeOut
    ? `,afade=t=out:st=${formatNumber(Math.max(0, options.fadeOut.end - options.fadeOut.seconds))}:d=${formatNumber(options.fadeOut.seconds)}`
    : '';
  if (!options.voice) return `[0:a]${format},${MUSIC_BED_EQ}${fade}[mix]`;
  const { threshold, ratio, attackMs, releaseMs } = DUCKING;
  const bedDb = options.bedDb ?? DUCKING.bedDb;
  return [
    `[1:a]${voiceChain(format)},asplit=2[key][voice]`,
    `[0:a]${format},${MUSIC_BED_EQ},volume=${formatNumber(bedDb)}dB${fade}[bed]`,
    `[bed][key]sidechaincompress=threshold=${threshold}:ratio=${ratio}:attack=${attackMs}:release=${releaseMs}:detection=rms:link=maximum[ducked]`,
    // This ffmpeg's amix halves two inputs; doubling restores their levels (a plain sum).
    '[ducked][voice]amix=inputs=2:duration=first:dropout_transition=0,volume=2[mix]',
  ].join(';');
}

/**
 * The bed's gain under a voice: low enough that the music (at `musicLufs`) sits `underVoiceDb`
 * below the speech (at `voiceLufs`, both integrated loudness as they enter the mix, EBU R128's
 * gating keeping the pauses out of the voice's figure) even between lines, and never above
 * DUCKING.bedDb. Bounded below, so a whisper of a voice never silences the music entirely; a
 * silent input leaves the bed as it is.
 */
export function bedUnderVoiceDb(voiceLufs: number, musicLufs: number): number {
  if (voiceLufs <= -70 || musicLufs <= -70) return DUCKING.bedDb;
  const wanted = voiceLufs - musicLufs - DUCKING.underVoiceDb;
  return Math.max(-40, Math.min(DUCKING.bedDb, Math.round(wanted * 10) / 10));
}

/** Reads the summary ebur128 prints as it ends (the last one: a graph may be set up twice). */
export function parseEbur128Summary(stderr: string): LoudnessMeasurement {
  return parseSummary(stderr.slice(stderr.lastIndexOf('Summary:')));
}

function parseSummary(summary: string): LoudnessMeasurement {
  const integrated = /I:\s+(-?[\d.]+|-inf) LUFS/.exec(summary)?.[1];
  const peak = /Peak:\s+(-?[\d.]+|-inf) dBFS/.exec(summary)?.[1];
  if (integrated === undefined || peak === undefined) {
    throw new Error('ebur128 printed no loudness summary');
  }
  const number = (value: string) => (value === '-inf' ? -99 : Number(value));
  return { integrated: number(integrated), truePeak: number(peak) };
}

/**
 * The integrated loudness of the music bed and of the voice as each enters the mix (the bed's EQ,
 * the voice's compressor), measured side by side in one audio-only pass: two outputs, each with
 * its own meter, whose summaries print in the outputs' order.
 */
export async function measureBedAndVoice(
  musicFile: string,
  voiceFile: string,
  signal?: AbortSignal,
): Promise<{ musicLufs: number; voiceLufs: number }> {
  const format = `aresample=${ENCODING.sampleRate},aformat=sample_fmts=fltp:channel_layouts=stereo`;
  const stderr = await runFfmpeg(
    [
      ...['-i', musicFile, '-i', voiceFile],
      ...['-map', '0:a', '-af', `${format},${MUSIC_BED_EQ},ebur128`, '-f', 'null', '-'],
      ...['-map', '1:a', '-af', `${voiceChain(format)},ebur128`, '-f', 'null', '-'],
    ],
    { signal, readStderr: true },
  );
  const integrated = stderr
    .split('Summary:')
    .slice(1)
    .map((summary) => /I:\s+(-?[\d.]+|-inf) LUFS/.exec(summary)?.[1])
    .map((value) => (value === undefined || value === '-inf' ? -99 : Number(value)));
  const [music, voice] = integrated.slice(-2);
  return { musicLufs: music ?? -99, voiceLufs: voice ?? -99 };
}

/** The gain that brings `measured` to the target; silence (below −70 LUFS) is left as it is. */
export function loudnessGainDb(measured: LoudnessMeasurement): number {
  if (measured.integrated <= -70) return 0;
  // Bounded: a nearly silent mix is not blown up into noise.
  return Math.min(30, LOUDNESS_TARGET.integrated - measured.integrated);
}

/**
 * The peak limiter's ceiling in sample terms: a little under the true-peak target, because peaks
 * between samples (and the AAC encoder) can rise above the highest sample.
 */
const LIMIT_CEILING = 10 ** ((LOUDNESS_TARGET.truePeak - 0.9) / 20);

/** The last steps of a mix: its loudness gain, the peak limiter, 16-bit stereo. */
function finishChain(gainDb: number): string {
  return [
    `volume=${formatNumber(gainDb)}dB`,
    `alimiter=limit=${formatNumber(LIMIT_CEILING)}:attack=5:release=50:level=0`,
    'aformat=sample_fmts=s16:channel_layouts=stereo',
  ].join(',');
}

/**
 * Mixes the music (and the voice, when given) into `outputFile`: a stereo 48 kHz WAV of
 * `durationSeconds` at −14 LUFS. Pass one mixes and measures (ebur128, with true peak); pass two
 * applies the gain as one fixed volume, and a limiter catches the peaks the gain pushes past
 * −1 dBTP. Music set under a voice (`bedUnderVoice`) takes two passes too: both measured, then
 * mixed at the final gain. Returns what was measured.
 */
export async function mixSoundtrack(options: {
  musicFile: string;
  voiceFile: string | null;
  durationSeconds: number;
  /** Measure the music and the voice first and set the bed under it (bedUnderVoiceDb). */
  bedUnderVoice?: boolean;
  /** Fade the bed out over the video's last seconds (when the music was made longer). */
  fadeOutSeconds?: number;
  /** Where the unnormalised mix is kept between the passes. */
  premixFile: string;
  outputFile: string;
  signal?: AbortSignal;
}): Promise<LoudnessMeasurement> {
  const { musicFile, voiceFile, durationSeconds, premixFile, outputFile, signal } = options;
  const duration = formatNumber(durationSeconds);
  const fadeOut = options.fadeOutSeconds
    ? { end: durationSeconds, seconds: options.fadeOutSeconds }
    : null;
  if (voiceFile && options.bedUnderVoice) {
    // Music set under a measured voice: the mix's loudness is the voice's (the bed is 14 dB
    // under it between lines, below EBU R128's relative gate, and 24 dB under while it speaks,
    // 0.02 dB of the sum), so one pass measures both and the next mixes at the final gain.
    const { musicLufs, voiceLufs } = await measureBedAndVoice(musicFile, voiceFile, signal);
    const bedDb = bedUnderVoiceDb(voiceLufs, musicLufs);
    const measured = { integrated: voiceLufs, truePeak: 0 };
    await runFfmpeg(
      [
        ...['-i', musicFile, '-i', voiceFile],
        '-filter_complex',
        `${mixGraph({ voice: true, bedDb, fadeOut })};[mix]${finishChain(loudnessGainDb(measured))}[out]`,
        ...['-map', '[out]', '-t', duration, '-y', outputFile],
      ],
      { signal },
    );
    return measured;
  }
  const graph = mixGraph({ voice: voiceFile !== null, fadeOut });
  try {
    const stderr = await runFfmpeg(
      [
        '-i',
        musicFile,
        ...(voiceFile ? ['-i', voiceFile] : []),
        '-filter_complex',
        `${graph};[mix]asplit=2[keep][measure];[measure]ebur128=peak=true[measured]`,
        '-map',
        '[keep]',
        '-t',
        duration,
        '-c:a',
        'pcm_f32le',
        '-y',
        premixFile,
        '-map',
        '[measured]',
        '-t',
        duration,
        '-f',
        'null',
        '-',
      ],
      { signal, readStderr: true },
    );
    const measured = parseEbur128Summary(stderr);
    await runFfmpeg(
      [
        '-i',
        premixFile,
        '-af',
        finishChain(loudnessGainDb(measured)),
        '-t',
        duration,
        '-y',
        outputFile,
      ],
      { signal },
    );
    return measured;
  } finally {
    await unlink(premixFile).catch(() => {});
  }
}

/**
 * The sound of clips a video model made, end to end, as one WAV to mix a voice over: each clip's
 * own sound cut or padded with silence to the clip's length, and silence for a clip without.
 */
export function clipBedArgs(
  clips: ReadonlyArray<{ file: string; hasAudio: boolean; durationSeconds: number }>,
  outputFile: string,
): string[] {
  const rate = ENCODING.sampleRate;
  const format = 'aformat=sample_fmts=fltp:channel_layouts=stereo';
  let input = 0;
  const chains = clips.map((clip, index) => {
    const source = clip.hasAudio
      ? `[${input++}:a:0]aresample=${rate},${format},apad=whole_len=${Math.ceil(clip.durationSeconds * rate)}`
      : `anullsrc=r=${rate}:cl=stereo,${format}`;
    return `${source},atrim=end=${formatNumber(clip.durationSeconds)},asetpts=N/SR/TB[part${index}]`;
  });
  const parts = clips.map((_, index) => `[part${index}]`).join('');
  return [
    ...clips.flatMap((clip) => (clip.hasAudio ? ['-i', clip.file] : [])),
    '-filter_complex',
    `${chains.join(';')};${parts}concat=n=${clips.length}:v=0:a=1[bed]`,
    '-map',
    '[bed]',
    '-c:a',
    'pcm_s16le',
    '-y',
    outputFile,
  ];
}
