// A video's voice and sound: each scene's narration spoken from just after the scene starts (a
// scene then lasts as long as its speech, plus a breath), the music for the whole video, the two
// mixed (music kept well under the voice) at broadcast loudness, and the WebVTT file of what was
// shown when.
import path from 'node:path';
import type { Storyboard, StoryboardScene } from '../../shared/schemas/videos';
import { type CaptionStyle, type SpokenWord, VOICE_SPEED } from '../../shared/schemas/voices';
import { runFfmpeg } from '../media/ffmpeg';
import { clipBedArgs, mixSoundtrack } from '../media/mix';
import { SCENE_TIMING, speechSecondsAllowed, voiceStartOf } from '../media/scene-timing';
import { writeSilenceFile } from '../media/soundtrack';
import { shiftCues, webVttFile } from '../media/word-captions';
import { runPreparation } from '../render-threads/preparation-pool';
import type { Voices } from '../voice/voices';
import type { Limiter } from './limiter';
import { captionOfNarration } from './planner/narration';
import { timeScenes } from './shots';

/** The voices' side the renderer uses (server/voice). */
export type NarrationVoices = Pick<Voices, 'language' | 'speak'>;

/**
 * Narration kept from earlier renders of a video, by what was asked of the voice: its audio and
 * its words as the voice timed them (offline voices differ by a millisecond or so each time).
 */
export type SpeechCache = {
  keyOf(request: { voiceId: string; text: string; speed: number; maxSeconds: number }): string;
  get(key: string, outputFile: string): Promise<{ file: string; words: SpokenWord[] } | null>;
  put(key: string, file: string, words: readonly SpokenWord[]): Promise<void>;
};

/** One scene's narration as spoken: its audio and words, in scene seconds. */
export type SpokenScene = { file: string; startSeconds: number; words: SpokenWord[] };

/** Where each scene starts in the video. */
export function sceneOffsets(
  scenes: readonly Pick<StoryboardScene, 'durationSeconds'>[],
): number[] {
  let at = 0;
  return scenes.map((scene) => {
    const start = at;
    at += scene.durationSeconds;
    return start;
  });
}

/** What a scene's voice says: its narration, or (plans stored before narration) its caption. */
export function narrationOf(scene: StoryboardScene): string {
  return (scene.narration ?? scene.caption ?? '').trim();
}

/**
 * Speaks every scene's narration (in parallel: offline voices run in preparation threads, cloud
 * voices are network calls), each starting just after its scene does and made to fit the longest
 * a scene may speak (8 s less its start and its breath). The member's speed is multiplied by the
 * planner's for the scene (at most 1.25×, when shortening was not enough). A scene with nothing to
 * say is null.
 */
export async function speakScenes(options: {
  voices: NarrationVoices;
  voiceId: string;
  speed: number;
  plan: Storyboard;
  workDir: string;
  signal: AbortSignal;
  /**
   * Narration spoken before for this video (a remix's unchanged scenes): said again as it was,
   * so its words keep their times to the millisecond and its scene's segment can be reused.
   */
  spokenBefore?: SpeechCache | null;
}): Promise<Array<SpokenScene | null>> {
  const { voices, voiceId, speed, plan, workDir, signal } = options;
  const count = plan.scenes.length;
  return Promise.all(
    plan.scenes.map(async (scene, index) => {
      const text = narrationOf(scene);
      if (!text) return null;
      const start = voiceStartOf(index);
      const request = {
        voiceId,
        text,
        speed: Math.min(VOICE_SPEED.max, speed * (scene.speed ?? 1)),
        outputFile: path.join(workDir, `voice-${index + 1}.wav`),
        maxSeconds: speechSecondsAllowed(index, index === count - 1),
        signal,
      };
      const cache = options.spokenBefore ?? null;
      const key = cache?.keyOf(request) ?? null;
      const said = cache && key ? await cache.get(key, request.outputFile) : null;
      const spoken = said ?? (await voices.speak(request));
      if (cache && key && !said && spoken.file) await cache.put(key, spoken.file, spoken.words);
      if (!spoken.file || spoken.words.length === 0) return null;
      return {
        file: spoken.file,
        startSeconds: start,
        words: spoken.words.map((word, wordIndex) => ({
          // Shown as the caption is written: the scene's closing full stop left out.
          text:
            wordIndex === spoken.words.length - 1
              ? captionOfNarration(word.text) || word.text
              : word.text,
          start: round3(word.start + start),
          end: round3(word.end + start),
        })),
      };
    }),
  );
}

/**
 * The video's soundtrack: its music (in the opening scene's mood) and, with narration, the voices
 * placed where their scenes speak, mixed at −14 LUFS into one WAV each scene takes its slice of.
 * The voice decides the scenes' lengths (timeScenes), so the plan comes back timed. The music does
 * not wait for the voice: it is composed in one preparation thread while `speak` runs in the
 * others, for the longest the video could be, and faded out at its real end. Answers the
 * soundtrack, what was spoken and the timed plan.
 */
export async function makeSoundtrack<Alongside = undefined>(options: {
  plan: Storyboard;
  musicSeed: string;
  /** False: silence instead of music (RENDER_MUSIC=false, or the member's storyboard). */
  music?: boolean;
  /** The mood the music is written in; absent: the opening scene's. */
  musicMood?: string;
  /** Speaks the scenes (speakScenes); null: no voice. */
  speak: (() => Promise<Array<SpokenScene | null>>) | null;
  workDir: string;
  signal: AbortSignal;
  limit: Limiter;
  /** Work that needs the timed plan but not the sound (the shots' pictures): run beside the mix. */
  whileMixing?: (timed: Storyboard) => Promise<Alongside>;
}): Promise<{
  /** Where the soundtrack is being written: read it once `mixed` settles. */
  file: string;
  /** Settles when the soundtrack is written (the mix goes on after this answers). */
  mixed: Promise<string>;
  /**
   * Settles once the mix has asked for its ffmpeg slot (or failed): work asking for one after it
   * queues behind it (the scenes, whose sound waits for the mix).
   */
  mixQueued: Promise<void>;
  spoken: Array<SpokenScene | null> | null;
  plan: Storyboard;
  alongside: Alongside | undefined;
}> {
  const { plan, musicSeed, speak, workDir, signal } = options;
  const plannedSeconds = plan.scenes.reduce((sum, scene) => sum + scene.durationSeconds, 0);
  const longest = speak ? plan.scenes.length * SCENE_TIMING.maxSeconds : plannedSeconds;
  const musicFile = path.join(workDir, 'music.wav');
  const music =
    options.music === false
      ? writeSilenceFile(longest, musicFile)
      : runPreparation(
          'music',
          {
            mood: options.musicMood ?? plan.scenes[0]?.mood ?? '',
            seed: musicSeed,
            totalSeconds: longest,
            file: musicFile,
          },
          { step: 'soundtrack', signal },
        );
  // Awaited below; a voice that fails first must not leave this rejection unhandled.
  music.catch(() => undefined);
  const spoken = speak ? await speak() : null;
  const timed = timeScenes(plan, spoken);
  const sceneSeconds = timed.scenes.map((scene) => scene.durationSeconds);
  const total = sceneSeconds.reduce((sum, seconds) => sum + seconds, 0);
  await music;
  let queued = () => {};
  const mixQueued = new Promise<void>((resolve) => {
    queued = resolve;
  });
  const mixing = mixOverBed({
    ...options,
    onQueued: queued,
    sceneSeconds,
    bedFile: musicFile,
    // The music is set under the voice by measuring both; a silent bed needs nothing.
    bedUnderVoice: options.music !== false,
    spoken,
    // Made longer than the video: faded out over its end card instead of cut.
    fadeOutSeconds: longest > total + 0.01 ? SCENE_TIMING.endCard : 0,
  });
  // Awaited by the caller; a mix that fails first must not leave this rejection unhandled.
  mixing.catch(() => undefined).finally(queued);
  const alongside = await options.whileMixing?.(timed);
  return {
    file: soundtrackFile(workDir),
    mixed: mixing,
    mixQueued,
    spoken,
    plan: timed,
    alongside,
  };
}

/**
 * The soundtrack of a narrated video a model made: the clips' own sound end to end (silence where
 * a clip has none), ducked under the voices and mixed at −14 LUFS like the music would be.
 */
export async function makeClipSoundtrack(options: {
  clips: ReadonlyArray<{ file: string; hasAudio: boolean; durationSeconds: number }>;
  spoken: Array<SpokenScene | null>;
  workDir: string;
  signal: AbortSignal;
  limit: Limiter;
}): Promise<string> {
  const { clips, workDir, signal, limit } = options;
  const bedFile = path.join(workDir, 'bed.wav');
  await limit(() => runFfmpeg(clipBedArgs(clips, bedFile), { signal }));
  return mixOverBed({
    ...options,
    sceneSeconds: clips.map((clip) => clip.durationSeconds),
    bedFile,
  });
}

/**
 * Places the voices on one track (in a preparation thread) and mixes them over the bed: the music,
 * or the clips' own sound.
 */
async function mixOverBed(options: {
  /** Called as the mix asks for its ffmpeg slot. */
  onQueued?: () => void;
  sceneSeconds: number[];
  bedFile: string;
  /** Set the bed a measured margin under the voice (the music); else the fixed bed level. */
  bedUnderVoice?: boolean;
  spoken: Array<SpokenScene | null> | null;
  fadeOutSeconds?: number;
  workDir: string;
  signal: AbortSignal;
  limit: Limiter;
}): Promise<string> {
  const { sceneSeconds, bedFile, spoken, workDir, signal, limit } = options;
  const offsets = sceneOffsets(sceneSeconds.map((durationSeconds) => ({ durationSeconds })));
  const totalSeconds = sceneSeconds.reduce((sum, seconds) => sum + seconds, 0);
  const voices = (spoken ?? []).flatMap((scene, index) =>
    scene ? [{ file: scene.file, atSeconds: (offsets[index] ?? 0) + scene.startSeconds }] : [],
  );
  const voiceFile = path.join(workDir, 'voice.wav');
  if (voices.length > 0) {
    await runPreparation(
      'voiceTrack',
      { voices, totalSeconds, file: voiceFile },
      { step: 'soundtrack', signal },
    );
  }
  const outputFile = soundtrackFile(workDir);
  const mixed = limit(() =>
    mixSoundtrack({
      musicFile: bedFile,
      voiceFile: voices.length > 0 ? voiceFile : null,
      durationSeconds: totalSeconds,
      bedUnderVoice: options.bedUnderVoice ?? false,
      fadeOutSeconds: options.fadeOutSeconds,
      premixFile: path.join(workDir, 'premix.wav'),
      outputFile,
      signal,
    }),
  );
  // The slot is asked for as `limit` is called: later askers wait behind it.
  options.onQueued?.();
  await mixed;
  return outputFile;
}

/** Where a render's mixed soundtrack is written (known before it is). */
function soundtrackFile(workDir: string): string {
  return path.join(workDir, 'soundtrack.wav');
}

/** A scene's caption cues as shown, with its words when a voice spoke them. */
export type ShownCue = { start: number; end: number; lines: string[]; words?: SpokenWord[] };

/** The video's WebVTT: every scene's cues on the video's timeline. */
export function videoCaptions(
  scenes: readonly Pick<StoryboardScene, 'durationSeconds'>[],
  cuesPerScene: ReadonlyArray<readonly ShownCue[]>,
): string | null {
  const offsets = sceneOffsets(scenes);
  const cues = cuesPerScene.flatMap((cues, index) => shiftCues([...cues], offsets[index] ?? 0));
  return cues.length > 0 ? webVttFile(cues) : null;
}

export type { CaptionStyle };

const round3 = (value: number) => Math.round(value * 1000) / 1000;
