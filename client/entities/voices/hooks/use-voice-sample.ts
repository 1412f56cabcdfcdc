// Plays a voice's sample through one HTMLAudioElement per picker: starting another sample stops the
// first, and the sample stops when the picker goes away. Reports which voice is loading or
// playing, and a sentence when a sample cannot be played.
import type { Voice } from '@shared/schemas/voices';
import { useCallback, useEffect, useRef, useState } from 'react';

export type SampleState = { voiceId: string; status: 'loading' | 'playing' } | null;

export function sampleErrorMessage(name: string): string {
  return `Couldn't play the sample of ${name}. Check your sound and try again.`;
}

export function useVoiceSample() {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  /** Which play() is current, so events of a sample already replaced are ignored. */
  const playingRef = useRef<{ voice: Voice; token: number } | null>(null);
  const tokenRef = useRef(0);
  const [state, setState] = useState<SampleState>(null);
  const [error, setError] = useState<string | null>(null);

  /** Silences the sample and forgets a failed one's message (it was about that sample). */
  const stop = useCallback(() => {
    tokenRef.current += 1;
    playingRef.current = null;
    const audio = audioRef.current;
    if (audio) {
      audio.pause();
      // Drops the download too, not only the sound.
      audio.removeAttribute('src');
    }
    setState(null);
    setError(null);
  }, []);

  const fail = useCallback((token: number) => {
    const current = playingRef.current;
    if (!current || current.token !== token) return;
    setError(sampleErrorMessage(current.voice.name));
    playingRef.current = null;
    setState(null);
  }, []);

  const audioElement = useCallback((): HTMLAudioElement => {
    if (audioRef.current) return audioRef.current;
    const audio = new Audio();
    audio.preload = 'none';
    audio.addEventListener('playing', () => {
      const current = playingRef.current;
      if (current) setState({ voiceId: current.voice.id, status: 'playing' });
    });
    audio.addEventListener('ended', () => {
      playingRef.current = null;
      setState(null);
    });
    audio.addEventListener('error', () => {
      const current = playingRef.current;
      if (current) fail(current.token);
    });
    audioRef.current = audio;
    return audio;
  }, [fail]);

  const play = useCallback(
    (voice: Voice, playbackRate = 1) => {
      const audio = audioElement();
      tokenRef.current += 1;
      const token = tokenRef.current;
      playingRef.current = { voice, token };
      audio.pause();
      audio.src = voice.sampleUrl;
      audio.playbackRate = playbackRate;
      setError(null);
      setState({ voiceId: voice.id, status: 'loading' });
      let started: Promise<void> | undefined;
      try {
        started = audio.play();
      } catch {
        fail(token);
        return;
      }
      // Older browsers return nothing from play(); the 'playing' event still reports the start.
      void started
        ?.then(() => {
          if (playingRef.current?.token === token) {
            setState({ voiceId: voice.id, status: 'playing' });
          }
        })
        .catch((reason: unknown) => {
          // AbortError: stopped or replaced before it started, which is not a failure.
          if (reason instanceof DOMException && reason.name === 'AbortError') return;
          fail(token);
        });
    },
    [audioElement, fail],
  );

  /** Follows the speed control while a sample plays, so the member hears the pace they pick. */
  const setPlaybackRate = useCallback((rate: number) => {
    if (audioRef.current) audioRef.current.playbackRate = rate;
  }, []);

  useEffect(
    () => () => {
      playingRef.current = null;
      audioRef.current?.pause();
    },
    [],
  );

  return { state, error, play, stop, setPlaybackRate };
}
