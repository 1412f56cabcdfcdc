// The Auto-Append button's state: its label, ticking once a second while it rests, and a press
// that either appends or says 'Please wait' (spec/product.md §4, spec/api.md §8.4).
import { useCallback, useEffect, useState } from 'react';
import {
  AUTO_APPEND_STORAGE_KEY,
  autoAppendLabel,
  autoAppendPhase,
  readLastAppend,
} from '../auto-append';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage can be switched off; the rest then lasts as long as the page.
    return null;
  }
}

export function useAutoAppend() {
  const [lastAt, setLastAt] = useState<number | null>(() => readLastAppend(storage()));
  const [now, setNow] = useState(() => Date.now());
  const state = autoAppendPhase(now, lastAt);

  useEffect(() => {
    if (state.phase === 'ready') return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [state.phase]);

  /** Runs `append` unless the button is resting; false means the member must wait. */
  const press = useCallback(
    (append: () => void): boolean => {
      const at = Date.now();
      if (autoAppendPhase(at, readLastAppend(storage()) ?? lastAt).phase === 'cooldown') {
        setNow(at);
        return false;
      }
      append();
      storage()?.setItem(AUTO_APPEND_STORAGE_KEY, String(at));
      setLastAt(at);
      setNow(at);
      return true;
    },
    [lastAt],
  );

  return { label: autoAppendLabel(state), resting: state.phase === 'cooldown', press };
}
