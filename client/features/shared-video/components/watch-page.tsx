// /watch/{videoId}: the public page of a shared video (spec/product.md, "Shared video page").
// States: loading skeleton, 'Video Not Found' (404 for private, deleted, failed or unknown ids, or
// any load error), or the player with its share block and the create-your-own side card.
import type { SharedVideo } from '@shared/schemas/library';
import { Clapperboard } from 'lucide-react';
import { useEffect } from 'react';
import { Logo } from '@/components/brand/logo';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { loginHref } from '@/lib/login-links';
import { watchPageUrl } from '@/lib/share-links';
import { useSharedVideo } from '../api/get-shared-video';
import { CreateYourOwnCard } from './create-your-own-card';
import { ShareVideo } from './share-video';
import { SharedVideoPlayer } from './shared-video-player';

const TITLE_SUFFIX = 'Made with Reelforge';

/** Sets the tab title while the page is shown and puts the previous one back on leaving. */
function useDocumentTitle(title: string) {
  useEffect(() => {
    const previous = document.title;
    return () => {
      document.title = previous;
    };
  }, []);
  useEffect(() => {
    document.title = title;
  }, [title]);
}

export default function WatchPage({ videoId }: { videoId: string }) {
  const { data, isLoading, isError } = useSharedVideo(videoId);

  useDocumentTitle(data ? `${data.title} | ${TITLE_SUFFIX}` : `Shared video | ${TITLE_SUFFIX}`);

  return (
    <div className="flex min-h-dvh flex-col bg-background text-foreground">
      <header className="border-b">
        <div className="mx-auto flex h-16 max-w-6xl items-center px-4 sm:px-6">
          <a
            href="/"
            aria-label="Reelforge home"
            className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <Logo />
          </a>
        </div>
      </header>
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
        {isLoading ? (
          <LoadingState />
        ) : isError || !data ? (
          <NotFound />
        ) : (
          <Watch videoId={videoId} video={data} />
        )}
      </main>
      <footer className="border-t">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 px-4 py-6 text-muted-foreground text-sm sm:flex-row sm:px-6">
          <p>© {new Date().getFullYear()} Reelforge. AI videos in minutes.</p>
          <nav aria-label="Get started" className="flex items-center gap-4">
            <a
              href={loginHref()}
              className="rounded-sm font-medium hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              Create Videos
            </a>
            <a
              href={loginHref()}
              className="rounded-sm font-medium text-primary hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              Sign Up Free
            </a>
          </nav>
        </div>
      </footer>
    </div>
  );
}

function LoadingState() {
  return (
    <div
      className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]"
      data-testid="watch-loading"
      aria-busy="true"
    >
      <span className="sr-only" role="status">
        Loading video…
      </span>
      <div className="space-y-4">
        <Skeleton className="aspect-video w-full rounded-2xl" />
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-4 w-1/3" />
        <Skeleton className="h-24 w-full rounded-xl" />
      </div>
      <Skeleton className="hidden h-80 rounded-xl lg:block" />
    </div>
  );
}

function NotFound() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center">
      <Clapperboard className="size-12 text-muted-foreground" aria-hidden="true" />
      <h1 className="font-bold text-2xl">Video Not Found</h1>
      <p className="text-muted-foreground">
        This video might be private, deleted, or the link is incorrect.
      </p>
      <Button asChild variant="brand" size="lg">
        <a href={loginHref()}>Create Your Own Video</a>
      </Button>
    </div>
  );
}

function Watch({ videoId, video }: { videoId: string; video: SharedVideo }) {
  const target = {
    url: watchPageUrl(window.location.origin, videoId),
    title: video.title,
    description: video.description,
  };
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
      <div className="min-w-0 space-y-6">
        <SharedVideoPlayer video={video} />
        <ShareVideo target={target} />
      </div>
      <aside aria-label="Create your own video" className="lg:sticky lg:top-6">
        <CreateYourOwnCard />
      </aside>
    </div>
  );
}
