// A video's captions (WebVTT) as a <track>, off by default because the frames show them already
// (a member turns it on from the player's captions menu, or a screen reader reads it), labelled in the narrating voice's
// language. The captions are served from the same origin as the video (/media/…), so the <video>
// needs no crossOrigin. Renders nothing for a video without captions.
import type { Video } from '@shared/schemas/videos';
import { useVoices } from '../api/get-voices';

export function CaptionsTrack({ video }: { video: Pick<Video, 'captionsUrl' | 'voiceId'> }) {
  // The voice list is fetched only for a video that has captions to label.
  const voices = useVoices({ enabled: Boolean(video.captionsUrl && video.voiceId) });
  if (!video.captionsUrl) return null;
  const language = voices.data?.voices.find((voice) => voice.id === video.voiceId)?.language;
  return <track kind="captions" src={video.captionsUrl} srcLang={language} label="Captions" />;
}
