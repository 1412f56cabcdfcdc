// A video's captions (WebVTT) as a <track>, labelled in the narrating voice's language, and the
// state of the players' CC toggle. Where the frames already carry the captions (burned in), the
// track starts off and the member turns it on under CC; a video without burned captions shows it
// from the start. The captions are served from the same origin as the video (/media/…), so the
// <video> needs no crossOrigin. Renders nothing for a video without captions.
import type { Video } from '@shared/schemas/videos';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { useVoices } from '../api/get-voices';

/** HTMLTrackElement.LOADED: the cues are there. */
const TRACK_LOADED = 2;

/**
 * Moves every cue to the picture's top line. Only for captions turned on over burned-in ones:
 * drawn at the bottom, the track would lie on the same words in the frames.
 */
function raiseCues(track: TextTrack | undefined) {
  for (const cue of Array.from(track?.cues ?? [])) {
    if ('line' in cue) (cue as VTTCue).line = 0;
  }
}

/** Whether a video's captions track starts shown: only when the frames do not carry them. */
export function captionsShownAtFirst(video: Pick<Video, 'captionsBurnedIn'>): boolean {
  return !video.captionsBurnedIn;
}

export function VideoCaptionsTrack({
  src,
  language,
  shown,
  burnedIn,
}: {
  src: string;
  /** BCP 47, when known. */
  language?: string | null;
  /** Whether the cues are drawn: the CC toggle's state. */
  shown: boolean;
  /** The frames carry the same words at the bottom, so shown cues go to the top. */
  burnedIn: boolean;
}) {
  const ref = useRef<HTMLTrackElement>(null);
  // `default` only says how the track starts; after that its mode follows the toggle.
  const [startsShown] = useState(shown);

  useEffect(() => {
    const track = ref.current?.track;
    if (!track) return;
    const mode = shown ? 'showing' : 'disabled';
    if (track.mode !== mode) track.mode = mode;
  }, [shown]);

  // React attaches no load listener to <track>, so the element's own event is used.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new src loads new cues to raise
  useEffect(() => {
    const element = ref.current;
    if (!element || !burnedIn) return;
    const raise = () => raiseCues(element.track);
    if (element.readyState === TRACK_LOADED) raise();
    element.addEventListener('load', raise);
    return () => element.removeEventListener('load', raise);
  }, [src, burnedIn]);

  return (
    <track
      ref={ref}
      kind="captions"
      src={src}
      srcLang={language ?? undefined}
      label="Captions"
      default={startsShown}
    />
  );
}

/** A library video's track, its language read from the voice list. */
export function CaptionsTrack({
  video,
  shown = captionsShownAtFirst(video),
}: {
  video: Pick<Video, 'captionsUrl' | 'voiceId' | 'captionsBurnedIn'>;
  /** The CC toggle's state; without one (native controls), the track starts as the rule says. */
  shown?: boolean;
}) {
  // The voice list is fetched only for a video that has captions to label.
  const voices = useVoices({ enabled: Boolean(video.captionsUrl && video.voiceId) });
  if (!video.captionsUrl) return null;
  const language = voices.data?.voices.find((voice) => voice.id === video.voiceId)?.language;
  return (
    <VideoCaptionsTrack
      src={video.captionsUrl}
      language={language}
      shown={shown}
      burnedIn={video.captionsBurnedIn}
    />
  );
}

/**
 * The CC toggle's state for a player: starts as `shownAtFirst` and follows the browser too, so a
 * member who turns captions on or off in the native controls (or full screen) sees CC agree.
 */
export function useCaptionsToggle(
  mediaRef: RefObject<HTMLVideoElement | null>,
  shownAtFirst: boolean,
): { shown: boolean; toggle: () => void } {
  const [shown, setShown] = useState(shownAtFirst);
  useEffect(() => {
    const tracks = mediaRef.current?.textTracks;
    if (!tracks?.addEventListener) return;
    const sync = () => {
      const captions = Array.from(tracks).find((track) => track.kind === 'captions');
      if (captions) setShown(captions.mode === 'showing');
    };
    tracks.addEventListener('change', sync);
    return () => tracks.removeEventListener('change', sync);
  }, [mediaRef]);
  const toggle = useCallback(() => setShown((current) => !current), []);
  return { shown, toggle };
}
