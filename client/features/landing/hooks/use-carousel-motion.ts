// Moves the hero carousel: drifts 0.5 px per frame, can be dragged with mouse, pen or touch, and
// rests for 5 s after any interaction. The track holds the items three times and the position
// stays within the middle copy, so the loop never shows an edge.
import { useCallback, useEffect, useRef } from 'react';

type Options = { pxPerFrame: number; pauseAfterInteractionMs: number; copies: number };

/** Keeps `position` inside the middle copy of a track made of `copies` equal sets. */
export function wrapPosition(position: number, setWidth: number): number {
  if (setWidth <= 0) return position;
  let next = position;
  while (next >= setWidth * 2) next -= setWidth;
  while (next < setWidth) next += setWidth;
  return next;
}

export function useCarouselMotion({ pxPerFrame, pauseAfterInteractionMs, copies }: Options) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const trackRef = useRef<HTMLDivElement>(null);
  const position = useRef(0);
  const lastInteraction = useRef(Number.NEGATIVE_INFINITY);
  const hovering = useRef(false);
  const drag = useRef<{ pointerId: number; lastX: number; moved: number } | null>(null);
  const draggedRecently = useRef(false);

  const setWidth = useCallback(() => (trackRef.current?.scrollWidth ?? 0) / copies, [copies]);

  const apply = useCallback(() => {
    position.current = wrapPosition(position.current, setWidth());
    if (trackRef.current)
      trackRef.current.style.transform = `translate3d(${-position.current}px,0,0)`;
  }, [setWidth]);

  const interacted = useCallback(() => {
    lastInteraction.current = performance.now();
  }, []);

  /** Moves by `delta` pixels at once (keyboard and buttons). */
  const nudge = useCallback(
    (delta: number) => {
      interacted();
      position.current += delta;
      apply();
    },
    [apply, interacted],
  );

  useEffect(() => {
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    let visible = true;
    const observer =
      typeof IntersectionObserver === 'undefined'
        ? null
        : new IntersectionObserver(([entry]) => {
            visible = entry?.isIntersecting ?? true;
          });
    if (viewportRef.current) observer?.observe(viewportRef.current);

    position.current = setWidth();
    apply();
    let frame = requestAnimationFrame(function step(now) {
      const resting =
        hovering.current || drag.current || now - lastInteraction.current < pauseAfterInteractionMs;
      if (visible && !reduceMotion && !resting) {
        position.current += pxPerFrame;
        apply();
      }
      frame = requestAnimationFrame(step);
    });
    const onResize = () => apply();
    window.addEventListener('resize', onResize);
    return () => {
      cancelAnimationFrame(frame);
      observer?.disconnect();
      window.removeEventListener('resize', onResize);
    };
  }, [apply, setWidth, pxPerFrame, pauseAfterInteractionMs]);

  const viewportProps = {
    onPointerDown(event: React.PointerEvent<HTMLDivElement>) {
      if (event.button !== 0) return;
      drag.current = { pointerId: event.pointerId, lastX: event.clientX, moved: 0 };
      draggedRecently.current = false;
      interacted();
    },
    onPointerMove(event: React.PointerEvent<HTMLDivElement>) {
      const current = drag.current;
      if (!current || current.pointerId !== event.pointerId) return;
      const delta = event.clientX - current.lastX;
      current.lastX = event.clientX;
      current.moved += Math.abs(delta);
      // Capture only once it is clearly a drag, so plain clicks still reach the cards.
      if (current.moved > 5 && !event.currentTarget.hasPointerCapture(event.pointerId)) {
        event.currentTarget.setPointerCapture(event.pointerId);
      }
      position.current -= delta;
      apply();
    },
    onPointerUp(event: React.PointerEvent<HTMLDivElement>) {
      if (drag.current?.pointerId !== event.pointerId) return;
      draggedRecently.current = drag.current.moved > 5;
      drag.current = null;
      interacted();
    },
    onPointerCancel() {
      drag.current = null;
      interacted();
    },
    onPointerEnter(event: React.PointerEvent<HTMLDivElement>) {
      if (event.pointerType === 'mouse') hovering.current = true;
    },
    onPointerLeave() {
      hovering.current = false;
      interacted();
    },
    onWheel: interacted,
    onFocus: interacted,
  };

  /** True right after a drag, so the click that ends it does not toggle a video. */
  const consumeDrag = useCallback(() => {
    const dragged = draggedRecently.current;
    draggedRecently.current = false;
    return dragged;
  }, []);

  return { viewportRef, trackRef, viewportProps, nudge, consumeDrag, interacted };
}
