// The editor's draft and its saving: each edit shows at once and is saved by PATCH, typing after
// a pause (or on leaving the field), everything else straight away. One PATCH is on its way at a
// time, each with the updatedAt the one before it answered, so saves never race or overwrite each
// other. A stale storyboard (changed in another tab) or a rendered one stops the saving and says so.
import {
  STORYBOARD_RENDERED_MESSAGE,
  STORYBOARD_STALE_MESSAGE,
  type StoryboardView,
} from '@shared/schemas/storyboards';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { storyboardSaved } from '@/entities/storyboards/storyboard-events';
import { ApiError } from '@/lib/api-client';
import { updateStoryboard } from '../api/update-storyboard';
import {
  type Draft,
  type DraftProblem,
  draftOf,
  hasUnsavedChanges,
  problemWith,
  savedDraft,
  takeSave,
  unsavedDraft,
} from '../storyboard-draft';

/** How long typing rests before it is saved. */
export const TYPING_SAVE_DELAY_MS = 1000;

export type SaveState =
  | { kind: 'saved' }
  /** Changes waiting for typing to rest. */
  | { kind: 'pending' }
  | { kind: 'saving' }
  /** Refused before sending, by the route's own schema. */
  | ({ kind: 'invalid' } & DraftProblem)
  /** Refused by the server, or not sent (network): the next edit, or Try again, sends it again. */
  | { kind: 'failed'; message: string }
  /** Changed in another tab: nothing more is saved until the member reloads. */
  | { kind: 'stale'; message: string }
  | { kind: 'rendered'; message: string };

export const SAVE_FAILED_MESSAGE = 'Your changes could not be saved. Please try again.';

function failureOf(error: unknown): SaveState {
  if (error instanceof ApiError && error.code === 'STORYBOARD_STALE') {
    return { kind: 'stale', message: error.message || STORYBOARD_STALE_MESSAGE };
  }
  if (error instanceof ApiError && error.code === 'STORYBOARD_RENDERED') {
    return { kind: 'rendered', message: error.message || STORYBOARD_RENDERED_MESSAGE };
  }
  // The route's refusals (400) are the spec's words, and so is a rate limit's (429).
  if (error instanceof ApiError && (error.status === 0 || error.status < 500)) {
    return { kind: 'failed', message: error.message };
  }
  return { kind: 'failed', message: SAVE_FAILED_MESSAGE };
}

export function useStoryboardDraft(initial: StoryboardView) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(() => draftOf(initial));
  const [save, setSave] = useState<SaveState>({ kind: 'saved' });
  const draftRef = useRef(draft);
  const timerRef = useRef<ReturnType<typeof setTimeout> | null>(null);
  const flightRef = useRef<Promise<void> | null>(null);
  const stoppedRef = useRef(false);

  const commit = useCallback((next: Draft) => {
    draftRef.current = next;
    setDraft(next);
  }, []);

  /**
   * Sends what changed, after the save already on its way. True once everything is saved; false
   * when a save failed, was refused, or saving has stopped.
   */
  const flush = useCallback(async (): Promise<boolean> => {
    if (timerRef.current) clearTimeout(timerRef.current);
    timerRef.current = null;
    while (flightRef.current) await flightRef.current;
    if (stoppedRef.current) return false;
    const current = draftRef.current;
    if (!hasUnsavedChanges(current)) return true;
    const { body, sent, draft: sending } = takeSave(current);
    const problem = problemWith(body, current);
    if (problem) {
      setSave({ kind: 'invalid', ...problem });
      return false;
    }
    commit(sending);
    setSave({ kind: 'saving' });
    let saved = false;
    const flight = updateStoryboard(initial.id, body).then(
      (answer) => {
        commit(savedDraft(draftRef.current, sent, answer));
        storyboardSaved(queryClient, answer);
        saved = true;
      },
      (error: unknown) => {
        const failure = failureOf(error);
        const refused = error instanceof ApiError && error.status === 400;
        commit(unsavedDraft(draftRef.current, sent, refused));
        if (failure.kind === 'stale' || failure.kind === 'rendered') stoppedRef.current = true;
        setSave(failure);
      },
    );
    flightRef.current = flight;
    await flight;
    flightRef.current = null;
    if (!saved) return false;
    const more = hasUnsavedChanges(draftRef.current);
    setSave(more ? { kind: 'pending' } : { kind: 'saved' });
    return !more;
  }, [commit, initial.id, queryClient]);

  /** Saves until nothing is left unsaved (before a render, or hearing a scene). */
  const saveAll = useCallback(async (): Promise<boolean> => {
    for (;;) {
      if (!(await flush())) return false;
      if (!hasUnsavedChanges(draftRef.current)) return true;
    }
  }, [flush]);

  /** Applies an edit now and saves it after `delayMs` (typing) or at once. */
  const edit = useCallback(
    (change: (draft: Draft) => Draft, delayMs = 0) => {
      commit(change(draftRef.current));
      if (stoppedRef.current) return;
      setSave((state) => (state.kind === 'saving' ? state : { kind: 'pending' }));
      if (timerRef.current) clearTimeout(timerRef.current);
      timerRef.current = setTimeout(() => void flush(), delayMs);
    },
    [commit, flush],
  );

  /** Nothing more is saved (the storyboard is being deleted). */
  const discard = useCallback(() => {
    stoppedRef.current = true;
    if (timerRef.current) clearTimeout(timerRef.current);
    timerRef.current = null;
  }, []);

  // Leaving the editor saves what is still waiting for typing to rest.
  useEffect(
    () => () => {
      if (timerRef.current) void flush();
    },
    [flush],
  );

  // Closing the page with changes unsaved asks first.
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (stoppedRef.current) return;
      if (hasUnsavedChanges(draftRef.current) || flightRef.current) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  return { draft, draftRef, save, edit, flush, saveAll, discard };
}
