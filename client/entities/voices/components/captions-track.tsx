// A video's captions (WebVTT) as a <track>, shown by default and labelled in the narrating voice's
// language. The frames already carry the same words at the bottom, highlighted as they are
// spoken, so the player draws the track's cues at the top of the picture rather than over them.
// The captions are served from the same origin as the video (/media/…), so the <video> needs no
// crossOrigin. Renders nothing for a video without captions.
import type { Video } from '@shared/schemas/videos';
import { useEffect, useRef } from 'react';
import { useVoices } from '../api/get-voices';

/** Moves every cue to the picture's top line, clear of the captions drawn in the frames. */
function raiseCues(track: TextTrack | undefined) {
  for (const cue of Array.from(track?.cues ?? [])) {
    if ('line' in cue) (cue as VTTCue).line = 0;
  }
}

/** HTMLTrackElement.LOADED: the cues are there. */
const TRACK_LOADED = 2;

export function VideoCaptionsTrack({
  src,
  language,
}: {
  src: string;
  /** BCP 47, when known. */
  language?: string | null;
}) {
  const ref = useRef<HTMLTrackElement>(null);
  // React attaches no load listener to <track>, so the element's own event is used.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new src loads new cues to raise
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const raise = () => raiseCues(element.track);
    if (element.readyState === TRACK_LOADED) raise();
    element.addEventListener('load', raise);
    return () => element.removeEventListener('load', raise);
  }, [src]);
  return (
    <track
      ref={ref}
      kind="captions"
      src={src}
      srcLang={language ?? undefined}
      label="Captions"
      default
    />
  );
}

/** A library video's track, its language read from the voice list. */
export function CaptionsTrack({ video }: { video: Pick<Video, 'captionsUrl' | 'voiceId'> }) {
  // The voice list is fetched only for a video that has captions to label.
  const voices = useVoices({ enabled: Boolean(video.captionsUrl && video.voiceId) });
  if (!video.captionsUrl) return null;
  const language = voices.data?.voices.find((voice) => voice.id === video.voiceId)?.language;
  return <VideoCaptionsTrack src={video.captionsUrl} language={language} />;
}
