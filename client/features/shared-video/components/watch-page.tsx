// /watch/{videoId}: the public page of a shared video. Until sharing exists every id answers
// 'Video Not Found'; the player arrives with the library and sharing work.

import { TIMINGS } from '@shared/plans';
import { useQuery } from '@tanstack/react-query';
import { Clapperboard } from 'lucide-react';
import { useEffect } from 'react';
import { Logo } from '@/components/brand/logo';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { loginHref } from '@/lib/login-links';

export default function WatchPage({ videoId }: { videoId: string }) {
  const { data, isLoading, isError } = useQuery<{ title: string }>({
    queryKey: ['/api/shared-video', videoId],
    staleTime: TIMINGS.sharedVideoStaleMs,
    // A 4xx (private, deleted, unknown) will not change on retry; other failures get 3 more tries.
    retry: (failureCount, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) &&
      failureCount < TIMINGS.sharedVideoRetries,
    enabled: Boolean(videoId),
  });

  useEffect(() => {
    document.title = data
      ? `${data.title} - Made with Reelforge`
      : 'Shared video - Made with Reelforge';
  }, [data]);

  return (
    <div className="min-h-dvh bg-background">
      <header className="border-b">
        <div className="mx-auto flex h-16 max-w-6xl items-center px-4 sm:px-6">
          <a href="/" aria-label="Reelforge home">
            <Logo />
          </a>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
        {isLoading ? (
          <div className="space-y-4" data-testid="watch-loading">
            <Skeleton className="aspect-video w-full rounded-2xl" />
            <Skeleton className="h-8 w-2/3" />
            <Skeleton className="h-4 w-1/3" />
          </div>
        ) : isError || !data ? (
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
        ) : (
          <h1 className="font-bold text-2xl">{data.title}</h1>
        )}
      </main>
    </div>
  );
}
