// A video's scenes as a WebVTT chapters <track>, and the chapters read back from it for a player
// that marks them (ticks on its progress bar, the current chapter's name). Browsers never draw a
// chapters track; it is loaded in "hidden" mode so that its cues can be read.
import { useEffect, useRef } from 'react';

export type Chapter = { start: number; end: number; title: string };

/** HTMLTrackElement.LOADED: the cues are there. */
const TRACK_LOADED = 2;

/** The track's cues as chapters, in order, with their text as the title. */
export function chaptersOf(cues: TextTrackCueList | null | undefined): Chapter[] {
  return Array.from(cues ?? [])
    .map((cue) => ({
      start: cue.startTime,
      end: cue.endTime,
      title: ('text' in cue ? String((cue as VTTCue).text) : '').replace(/\s+/g, ' ').trim(),
    }))
    .filter((chapter) => Number.isFinite(chapter.start) && chapter.end > chapter.start)
    .sort((a, b) => a.start - b.start);
}

/** The chapter playing at `seconds`, if any. */
export function chapterAt(chapters: readonly Chapter[], seconds: number): Chapter | undefined {
  return chapters.find((chapter) => seconds >= chapter.start && seconds < chapter.end);
}

export function ChaptersTrack({
  src,
  onChapters,
}: {
  src: string;
  /** Hears the chapters once the track has loaded. */
  onChapters?: (chapters: Chapter[]) => void;
}) {
  const ref = useRef<HTMLTrackElement>(null);
  // The latest listener, without reloading the track when a parent passes a new function.
  const listener = useRef(onChapters);
  useEffect(() => {
    listener.current = onChapters;
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new src loads new cues to read
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    // A disabled track is never fetched; hidden ones are, and stay undrawn.
    if (element.track && element.track.mode === 'disabled') element.track.mode = 'hidden';
    const read = () => listener.current?.(chaptersOf(element.track?.cues));
    if (element.readyState === TRACK_LOADED) read();
    element.addEventListener('load', read);
    return () => element.removeEventListener('load', read);
  }, [src]);

  return <track ref={ref} kind="chapters" src={src} label="Chapters" />;
}
