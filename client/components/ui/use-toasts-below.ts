// Keeps the toasts below an element (a full-screen player's top controls) while it is on screen:
// its bottom edge, measured now and whenever it or the window changes size, becomes the toast
// viewport's top. The toasts go back to their corner when it goes.
import { type RefObject, useLayoutEffect } from 'react';
import { setToastTopInset } from './use-toast';

export function useToastsBelow(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setToastTopInset(element.getBoundingClientRect().bottom);
    measure();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    observer?.observe(element);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
      setToastTopInset(0);
    };
  }, [ref]);
}
