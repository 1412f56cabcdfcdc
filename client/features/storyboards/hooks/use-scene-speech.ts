// "Hear this scene": saves what is waiting (so the words heard are the words on screen), fetches the
// scene's speech and plays it through one audio element; hearing another scene, or leaving, stops it.
// Reports which scene is loading or playing, and a sentence when it cannot be played.
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { getSceneSpeech } from '../api/get-scene-speech';

export type SpeechState = { sceneKey: string; status: 'loading' | 'playing' } | null;

export const NO_VOICE_SPEECH_MESSAGE = 'Choose a voice to hear this scene.';
export const SPEECH_FAILED_MESSAGE = "Couldn't play this scene. Check your sound and try again.";
export const SPEECH_UNSAVED_MESSAGE = 'Save your changes first: this scene could not be saved.';

export function useSceneSpeech({
  storyboardId,
  saveAll,
  numberOf,
}: {
  storyboardId: number;
  /** Saves the draft; false when it could not. */
  saveAll: () => Promise<boolean>;
  /** The scene's number as saved (it changes when scenes move). */
  numberOf: (sceneKey: string) => number | null;
}) {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const urlRef = useRef<string | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const tokenRef = useRef(0);
  const [state, setState] = useState<SpeechState>(null);
  const [error, setError] = useState<{ sceneKey: string; message: string } | null>(null);

  const release = useCallback(() => {
    abortRef.current?.abort();
    abortRef.current = null;
    const audio = audioRef.current;
    if (audio) {
      audio.pause();
      audio.removeAttribute('src');
    }
    if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    urlRef.current = null;
  }, []);

  const stop = useCallback(() => {
    tokenRef.current += 1;
    release();
    setState(null);
  }, [release]);

  const play = useCallback(
    async (sceneKey: string) => {
      stop();
      const token = tokenRef.current;
      const current = () => tokenRef.current === token;
      setError(null);
      setState({ sceneKey, status: 'loading' });
      const fail = (message: string) => {
        if (!current()) return;
        setState(null);
        setError({ sceneKey, message });
      };
      if (!(await saveAll())) return fail(SPEECH_UNSAVED_MESSAGE);
      const number = numberOf(sceneKey);
      if (!current()) return;
      if (number === null) return fail(SPEECH_UNSAVED_MESSAGE);
      const abort = new AbortController();
      abortRef.current = abort;
      let speech: Blob;
      try {
        speech = await getSceneSpeech(storyboardId, number, abort.signal);
      } catch (reason) {
        if (reason instanceof DOMException && reason.name === 'AbortError') return;
        return fail(
          reason instanceof ApiError && reason.status === 404
            ? NO_VOICE_SPEECH_MESSAGE
            : SPEECH_FAILED_MESSAGE,
        );
      }
      if (!current()) return;
      const audio = audioRef.current ?? new Audio();
      audioRef.current = audio;
      const url = URL.createObjectURL(speech);
      urlRef.current = url;
      audio.onplaying = () => current() && setState({ sceneKey, status: 'playing' });
      audio.onended = () => current() && stop();
      audio.onerror = () => fail(SPEECH_FAILED_MESSAGE);
      audio.src = url;
      try {
        await audio.play();
        if (current()) setState({ sceneKey, status: 'playing' });
      } catch (reason) {
        // AbortError: stopped or replaced before it started, which is not a failure.
        if (reason instanceof DOMException && reason.name === 'AbortError') return;
        fail(SPEECH_FAILED_MESSAGE);
      }
    },
    [numberOf, saveAll, stop, storyboardId],
  );

  useEffect(
    () => () => {
      tokenRef.current += 1;
      release();
    },
    [release],
  );

  return { state, error, play, stop };
}
