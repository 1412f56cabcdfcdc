// Cycles through the taglines every 30 s with a 300 ms fade between them; for members who prefer
// reduced motion the text changes without fading.
import { TIMINGS } from '@shared/limits';
import { useEffect, useState } from 'react';

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

export function useRotatingTagline(
  messages: readonly string[],
  { intervalMs = TIMINGS.taglineRotateMs, fadeMs = TIMINGS.taglineFadeMs } = {},
): { message: string; visible: boolean } {
  // A random start, so a returning member does not always read the same line first.
  const [index, setIndex] = useState(() => Math.floor(Math.random() * messages.length));
  const [visible, setVisible] = useState(true);

  useEffect(() => {
    if (messages.length < 2) return;
    let fadeTimer: ReturnType<typeof setTimeout> | undefined;
    const advance = () => setIndex((current) => (current + 1) % messages.length);
    const rotateTimer = setInterval(() => {
      if (prefersReducedMotion()) {
        advance();
        return;
      }
      setVisible(false);
      fadeTimer = setTimeout(() => {
        advance();
        setVisible(true);
      }, fadeMs);
    }, intervalMs);
    return () => {
      clearInterval(rotateTimer);
      clearTimeout(fadeTimer);
    };
  }, [messages, intervalMs, fadeMs]);

  return { message: messages[index % messages.length] ?? '', visible };
}
