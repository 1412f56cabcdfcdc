// The hero: what Reelforge does in one line, the call-to-action and Watch Demo, and the carousel.

import { TIMINGS } from '@shared/limits';
import { ArrowRight, PlayCircle, Star } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { scrollToId } from '@/lib/scroll';
import { HeroCarousel } from './hero-carousel';

export function HeroSection({ ctaText, loginUrl }: { ctaText: string; loginUrl: string }) {
  const watchDemo = () => {
    scrollToId('hero-carousel');
    window.setTimeout(() => window.reelforgeDemo?.play(), TIMINGS.watchDemoDelayMs);
  };
  return (
    <section className="relative overflow-hidden pt-12 sm:pt-20">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-40 left-1/2 size-[40rem] -translate-x-1/2 rounded-full bg-primary/20 blur-3xl"
      />
      <div className="relative mx-auto max-w-4xl px-4 text-center sm:px-6">
        <p className="mx-auto mb-6 inline-flex items-center gap-2 rounded-full border bg-background/60 px-3 py-1 text-foreground/75 text-sm">
          <Star className="size-4 fill-ember text-ember" aria-hidden="true" />
          AI video for creators, marketers and teams
        </p>
        <h1 className="font-extrabold text-4xl tracking-tight sm:text-6xl">
          Turn one sentence into a{' '}
          <span className="text-brand-gradient">scroll-stopping video</span>
        </h1>
        {/* Darker than muted: these lines sit on the hero's violet glow, where muted measured 4.34:1. */}
        <p className="mx-auto mt-6 max-w-2xl text-foreground/75 text-lg sm:text-xl">
          Describe your idea, add an image if you like, and Reelforge plans the scenes and renders a
          video for YouTube, TikTok, Reels and Shorts, in 16:9 or 9:16.
        </p>
        <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <Button asChild size="lg" variant="brand" className="w-full sm:w-auto">
            <a href={loginUrl} data-testid="hero-cta">
              {ctaText}
              <ArrowRight aria-hidden="true" />
            </a>
          </Button>
          <Button size="lg" variant="outline" className="w-full sm:w-auto" onClick={watchDemo}>
            <PlayCircle aria-hidden="true" />
            Watch Demo
          </Button>
        </div>
        <p className="mt-4 text-foreground/75 text-sm">
          10 free videos every month. No card needed.
        </p>
      </div>
      <div id="hero-carousel" className="relative mt-12 scroll-mt-20">
        <HeroCarousel />
      </div>
    </section>
  );
}
