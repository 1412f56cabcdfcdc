// The storyboard editor's screen (/storyboards/{id}): loads the storyboard, says so when it cannot,
// and opens the editor on it. Reload (after another tab changed it) starts the editor afresh.
import type { SessionUser } from '@shared/schemas/auth';
import { AlertCircle, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { ScreenHeader } from '@/components/layout/screen-header';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { useAppNavigation } from '@/lib/app-navigation';
import { useStoryboard } from '../api/get-storyboard';
import { StoryboardEditor } from './storyboard-editor';

export const STORYBOARD_MISSING =
  'This storyboard could not be found. It may have been deleted, or it belongs to another account.';

export function StoryboardScreen({
  storyboardId,
  user,
}: {
  storyboardId: number;
  user: SessionUser;
}) {
  const { navigate } = useAppNavigation();
  const storyboard = useStoryboard(storyboardId);
  // Bumped by Reload: the editor starts again from the storyboard as it now stands.
  const [generation, setGeneration] = useState(0);

  if (storyboard.isPending) {
    return (
      <div className="mx-auto w-full max-w-6xl" aria-busy="true">
        <ScreenHeader title="Storyboard" onBack={() => navigate('library')} />
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
          <div className="grid gap-5">
            <Skeleton className="h-72 rounded-xl" />
            <Skeleton className="h-72 rounded-xl" />
          </div>
          <Skeleton className="h-96 rounded-xl" />
        </div>
      </div>
    );
  }

  if (storyboard.isError) {
    const missing = storyboard.error instanceof ApiError && storyboard.error.status === 404;
    return (
      <div className="mx-auto w-full max-w-3xl">
        <ScreenHeader title="Storyboard" onBack={() => navigate('library')} />
        <Alert variant="destructive">
          <AlertCircle aria-hidden="true" />
          <AlertTitle>
            {missing ? 'Storyboard not found' : "The storyboard couldn't be loaded"}
          </AlertTitle>
          <AlertDescription className="grid gap-2">
            <p>{missing ? STORYBOARD_MISSING : storyboard.error.message}</p>
            <div className="flex flex-wrap gap-2">
              {!missing && (
                <Button variant="outline" size="sm" onClick={() => void storyboard.refetch()}>
                  <RotateCw aria-hidden="true" />
                  Retry
                </Button>
              )}
              <Button variant="outline" size="sm" onClick={() => navigate('library')}>
                Go to Library
              </Button>
            </div>
          </AlertDescription>
        </Alert>
      </div>
    );
  }

  return (
    <StoryboardEditor
      key={`${generation}:${storyboard.data.status}`}
      storyboard={storyboard.data}
      user={user}
      onReload={() => {
        void storyboard.refetch().then(() => setGeneration((count) => count + 1));
      }}
    />
  );
}
