// The toast store (after shadcn/ui's use-toast): call toast() from anywhere, <Toaster/> renders.
// Durations follow spec/api.md §9.5: success 5 s, errors 8 s, always within 2–10 s.

import { TIMINGS } from '@shared/limits';
import type * as React from 'react';
import { useEffect, useState } from 'react';

export type ToastVariant = 'default' | 'destructive' | 'success';

export type ToastInput = {
  title?: React.ReactNode;
  description?: React.ReactNode;
  variant?: ToastVariant;
  /** Milliseconds; clamped to 2–10 s. */
  duration?: number;
  action?: React.ReactNode;
  /**
   * Toasts about the same event share a key: while one is open, another with its key is not
   * shown (a job deleted here is also announced by the socket: one 'Job Deleted', not two).
   */
  key?: string;
};

export type ToastItem = ToastInput & { id: string; open: boolean; duration: number };

const TOAST_LIMIT = 3;
const REMOVE_DELAY_MS = 1_000;

let state: ToastItem[] = [];
let counter = 0;
const listeners = new Set<(toasts: ToastItem[]) => void>();

function emit(next: ToastItem[]) {
  state = next;
  for (const listener of listeners) listener(state);
}

function clampDuration(variant: ToastVariant | undefined, duration: number | undefined): number {
  const fallback = variant === 'destructive' ? TIMINGS.errorToastMs : TIMINGS.successToastMs;
  return Math.min(TIMINGS.toastMaxMs, Math.max(TIMINGS.toastMinMs, duration ?? fallback));
}

export function dismissToast(id: string): void {
  emit(state.map((item) => (item.id === id ? { ...item, open: false } : item)));
  setTimeout(() => emit(state.filter((item) => item.id !== id)), REMOVE_DELAY_MS);
}

export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  const same = input.key ? state.find((item) => item.open && item.key === input.key) : undefined;
  if (same) return { id: same.id, dismiss: () => dismissToast(same.id) };
  counter += 1;
  const id = String(counter);
  const item: ToastItem = {
    ...input,
    id,
    open: true,
    duration: clampDuration(input.variant, input.duration),
  };
  emit([item, ...state].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

export function useToasts(): ToastItem[] {
  const [toasts, setToasts] = useState(state);
  useEffect(() => {
    listeners.add(setToasts);
    return () => {
      listeners.delete(setToasts);
    };
  }, []);
  return toasts;
}

// Where the toasts start from the top of the window. A full-screen surface with controls along its
// top (the library player) pushes them below those controls while it is open, so a 'Video Ready!'
// never covers its Close or Share; 0 puts them back in the corner.
let topInset = 0;
const insetListeners = new Set<(inset: number) => void>();

export function setToastTopInset(pixels: number): void {
  const next = Math.max(0, Math.ceil(pixels));
  if (next === topInset) return;
  topInset = next;
  for (const listener of insetListeners) listener(topInset);
}

export function useToastTopInset(): number {
  const [inset, setInset] = useState(topInset);
  useEffect(() => {
    insetListeners.add(setInset);
    setInset(topInset);
    return () => {
      insetListeners.delete(setInset);
    };
  }, []);
  return inset;
}
