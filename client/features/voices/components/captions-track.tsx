// A video's captions (WebVTT) as a <track>, shown by default and labelled in the narrating voice's
// language. The frames already carry the same words at the bottom, highlighted as they are
// spoken, so the player draws the track's cues at the top of the picture rather than over them.
// The captions are served from the same origin as the video (/media/…), so the <video> needs no
// crossOrigin. Renders nothing for a video without captions.
import type { Video } from '@shared/schemas/videos';
import type { SyntheticEvent } from 'react';
import { useVoices } from '../api/get-voices';

/** Moves every cue to the picture's top line, clear of the captions drawn in the frames. */
function raiseCues(event: SyntheticEvent<HTMLTrackElement>) {
  const cues = event.currentTarget.track?.cues;
  if (!cues) return;
  for (const cue of Array.from(cues)) {
    if ('line' in cue) (cue as VTTCue).line = 0;
  }
}

export function VideoCaptionsTrack({
  src,
  language,
}: {
  src: string;
  /** BCP 47, when known. */
  language?: string | null;
}) {
  return (
    <track
      kind="captions"
      src={src}
      srcLang={language ?? undefined}
      label="Captions"
      default
      onLoad={raiseCues}
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
