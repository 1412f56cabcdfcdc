// The hero carousel: nine 15-second demos, repeated three times, drifting on their own and
// draggable. Hovering plays a demo, a click or Enter toggles it. It also answers the page's
// "Watch Demo" button through a global demo hook.

import { formatDuration } from '@shared/format';
import { TIMINGS } from '@shared/limits';
import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { useDemoItems } from '../api/get-demo-clips';
import type { DemoItem } from '../demo-items';
import { useCarouselMotion } from '../hooks/use-carousel-motion';

declare global {
  interface Window {
    /** Plays a demo; the hero's Watch Demo button calls it when present. */
    reelforgeDemo?: { play: () => void };
  }
}

const CARD_STEP_PX = 296;

function DemoCard({
  item,
  copy,
  playing,
  onToggle,
  onHover,
}: {
  item: DemoItem;
  copy: number;
  playing: boolean;
  onToggle: () => void;
  onHover: (hovering: boolean) => void;
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    if (playing) video.play().catch(() => undefined);
    else video.pause();
  }, [playing]);

  const hasVideo = Boolean(item.videoSrc) && !failed;
  return (
    <div
      className="group relative aspect-[9/14] w-[280px] shrink-0 select-none overflow-hidden rounded-2xl shadow-lg ring-1 ring-black/10 transition-transform duration-300 hover:-translate-y-1 data-[playing=true]:ring-2 data-[playing=true]:ring-primary"
      data-playing={playing}
      data-demo-id={item.id}
      onPointerEnter={(event) => event.pointerType === 'mouse' && onHover(true)}
      onPointerLeave={(event) => event.pointerType === 'mouse' && onHover(false)}
    >
      <div
        aria-hidden="true"
        className={cn(
          'absolute inset-0 bg-[length:200%_200%]',
          playing && !hasVideo && 'animate-demo-pan',
        )}
        style={{ backgroundImage: item.fallbackGradient }}
      />
      {item.videoSrc && !failed && (
        <video
          ref={videoRef}
          className="absolute inset-0 size-full object-cover"
          src={item.videoSrc}
          poster={item.thumbnailSrc ?? undefined}
          muted
          loop
          playsInline
          preload="none"
          onError={() => setFailed(true)}
        />
      )}
      {failed && (
        // Below the duration badge, not on it.
        <p className="absolute inset-x-4 top-12 rounded-md bg-black/60 px-3 py-2 text-center text-white text-xs">
          Video format not supported
        </p>
      )}
      {/* While a clip plays, its own captions tell the story: the card's text and shade step aside
          instead of sitting on top of them. */}
      <div
        data-covered={playing && hasVideo}
        className="absolute inset-0 bg-gradient-to-t from-black/75 via-black/10 to-transparent transition-opacity duration-300 data-[covered=true]:opacity-0"
      />
      <span className="absolute top-3 right-3 rounded-full bg-black/50 px-2 py-0.5 font-medium text-white text-xs">
        {formatDuration(item.duration)}
      </span>
      {/* A rendered clip's poster carries its own captions: over a poster the card's text sits on
          a solid backing, so the two never run into each other. */}
      <div
        data-testid="demo-card-text"
        data-covered={playing && hasVideo}
        data-backed={Boolean(item.thumbnailSrc) && !failed}
        className="absolute inset-x-0 bottom-0 space-y-1 p-4 text-white transition-opacity duration-300 data-[backed=true]:bg-black/85 data-[backed=true]:backdrop-blur-sm data-[covered=true]:opacity-0"
      >
        <h3 className="font-semibold text-lg leading-tight">{item.title}</h3>
        <p className="line-clamp-2 text-sm text-white/80">{item.description}</p>
      </div>
      <button
        type="button"
        onClick={onToggle}
        tabIndex={copy === 1 ? 0 : -1}
        aria-hidden={copy === 1 ? undefined : true}
        aria-label={`${playing ? 'Pause' : 'Play'} ${item.title}`}
        aria-pressed={playing}
        className="absolute inset-0 flex items-center justify-center focus-visible:ring-4 focus-visible:ring-white/70 focus-visible:ring-inset"
      >
        <span
          className={cn(
            'flex size-14 items-center justify-center rounded-full bg-white/90 text-black shadow-lg transition-all',
            playing
              ? 'scale-90 opacity-0 group-hover:opacity-100'
              : 'opacity-90 group-hover:scale-110',
          )}
        >
          {playing ? <Pause className="size-6" /> : <Play className="ml-1 size-6" />}
        </span>
      </button>
    </div>
  );
}

export function HeroCarousel() {
  const copies = TIMINGS.heroCarouselRepeats;
  const demoItems = useDemoItems();
  const { viewportRef, trackRef, viewportProps, nudge, consumeDrag, interacted } =
    useCarouselMotion({
      pxPerFrame: TIMINGS.heroCarouselPxPerFrame,
      pauseAfterInteractionMs: TIMINGS.heroCarouselPauseAfterInteractionMs,
      copies,
    });
  const [playingKey, setPlayingKey] = useState<string | null>(null);

  // The global hook the hero's Watch Demo button looks for: play the card nearest the centre.
  useEffect(() => {
    window.reelforgeDemo = {
      play() {
        const viewport = viewportRef.current;
        if (!viewport) return;
        const centre = viewport.getBoundingClientRect().left + viewport.clientWidth / 2;
        let best: { key: string; distance: number } | null = null;
        for (const card of viewport.querySelectorAll<HTMLElement>('[data-demo-key]')) {
          const box = card.getBoundingClientRect();
          const distance = Math.abs(box.left + box.width / 2 - centre);
          if (!best || distance < best.distance)
            best = { key: card.dataset.demoKey ?? '', distance };
        }
        interacted();
        if (best) setPlayingKey(best.key);
      },
    };
    return () => {
      window.reelforgeDemo = undefined;
    };
  }, [viewportRef, interacted]);

  const keys = Array.from({ length: copies }, (_, copy) =>
    demoItems.map((item) => ({ item, copy, key: `${copy}-${item.id}` })),
  ).flat();

  return (
    <div className="relative">
      <section
        ref={viewportRef}
        aria-roledescription="carousel"
        aria-label="Demo videos"
        className="scrollbar-none relative cursor-grab touch-pan-y overflow-hidden py-4 active:cursor-grabbing"
        onKeyDown={(event) => {
          if (event.key === 'ArrowRight') nudge(CARD_STEP_PX);
          if (event.key === 'ArrowLeft') nudge(-CARD_STEP_PX);
        }}
        {...viewportProps}
      >
        <h2 className="sr-only">Demo videos</h2>
        <div ref={trackRef} className="flex w-max gap-4 will-change-transform">
          {keys.map(({ item, copy, key }) => (
            <div key={key} data-demo-key={key}>
              <DemoCard
                item={item}
                copy={copy}
                playing={playingKey === key}
                onHover={(hovering) =>
                  setPlayingKey((current) => (hovering ? key : current === key ? null : current))
                }
                onToggle={() => {
                  if (consumeDrag()) return;
                  interacted();
                  setPlayingKey((current) => (current === key ? null : key));
                }}
              />
            </div>
          ))}
        </div>
      </section>
      <div className="pointer-events-none absolute inset-y-0 left-0 w-16 bg-gradient-to-r from-background to-transparent" />
      <div className="pointer-events-none absolute inset-y-0 right-0 w-16 bg-gradient-to-l from-background to-transparent" />
      <div className="mt-2 flex justify-center gap-2">
        <button
          type="button"
          onClick={() => nudge(-CARD_STEP_PX)}
          className="rounded-full border p-2 text-muted-foreground transition-colors hover:bg-accent hover:text-foreground"
          aria-label="Previous demo"
        >
          <ChevronLeft className="size-4" />
        </button>
        <button
          type="button"
          onClick={() => nudge(CARD_STEP_PX)}
          className="rounded-full border p-2 text-muted-foreground transition-colors hover:bg-accent hover:text-foreground"
          aria-label="Next demo"
        >
          <ChevronRight className="size-4" />
        </button>
      </div>
    </div>
  );
}
