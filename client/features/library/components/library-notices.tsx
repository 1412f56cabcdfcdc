// What the Library says instead of a grid: signed out, could not load, no videos yet, or nothing
// matching the search and folders.
import { Film, LogIn, RefreshCw, Sparkles } from 'lucide-react';
import { Button } from '@/components/ui/button';

function Notice({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-card/50 px-6 py-12 text-center">
      {children}
    </div>
  );
}

export function SignInNotice() {
  return (
    <Notice>
      <div role="alert" className="space-y-1">
        <p className="font-semibold">Authentication Required</p>
        <p className="text-muted-foreground text-sm">
          Your session has expired. Please sign in again to see your videos.
        </p>
      </div>
      <Button asChild variant="brand">
        <a href="/api/login">
          <LogIn aria-hidden="true" />
          Sign In
        </a>
      </Button>
    </Notice>
  );
}

export function LoadFailedNotice({
  retrying,
  onRetry,
}: {
  retrying: boolean;
  onRetry: () => void;
}) {
  return (
    <Notice>
      <p role="alert" className="text-muted-foreground text-sm">
        Unable to load your videos. This might be a temporary issue.
      </p>
      <Button variant="outline" onClick={onRetry} disabled={retrying}>
        <RefreshCw aria-hidden="true" className={retrying ? 'animate-spin' : undefined} />
        Retry
      </Button>
    </Notice>
  );
}

export function EmptyLibraryNotice({ onCreate }: { onCreate: () => void }) {
  return (
    <Notice>
      <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
        <Film className="size-6" aria-hidden="true" />
      </span>
      <p className="font-semibold">No videos yet</p>
      <p className="max-w-sm text-muted-foreground text-sm">
        Everything you create lands here, ready to play, share and organise.
      </p>
      <Button variant="brand" onClick={onCreate}>
        <Sparkles aria-hidden="true" />
        Create Video
      </Button>
    </Notice>
  );
}

export function NoMatchNotice({ onClearFilters }: { onClearFilters: () => void }) {
  return (
    <Notice>
      <p className="font-semibold">No matching videos</p>
      <p className="text-muted-foreground text-sm">Try another search or folder.</p>
      <Button variant="outline" onClick={onClearFilters}>
        Clear filters
      </Button>
    </Notice>
  );
}
