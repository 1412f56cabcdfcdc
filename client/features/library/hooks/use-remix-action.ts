// Remix from the library: a Pro or Elite member's finished video opens in the storyboard editor as
// a remix (the server answers the one already open, if any); a Free member meets 'Premium Feature'
// with the way to the plans, before any request when the plan is known, or when the server says so.
// Anything else the server refuses (a combined video, one not finished) is toasted in its words.
import type { Video } from '@shared/schemas/videos';
import { normalizeTier, TIER_RULES } from '@shared/tiers';
import { useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { useUser } from '@/entities/session/api/get-user';
import { ApiError } from '@/lib/api-client';
import { useAppNavigation } from '@/lib/app-navigation';
import { useRemixVideo } from '../api/remix-video';
import { serverMessage } from '../library-errors';

/** What Free members read, as the server says it too (403 on POST /api/videos/{id}/remix). */
export const REMIX_LOCKED_MESSAGE = 'Upgrade to Pro or Elite to remix scenes';

export function useRemixAction() {
  const { navigate } = useAppNavigation();
  const { data: user } = useUser();
  const remix = useRemixVideo();
  const [upgrade, setUpgrade] = useState<{ open: boolean; message: string }>({
    open: false,
    message: REMIX_LOCKED_MESSAGE,
  });
  const locked = user ? !TIER_RULES[normalizeTier(user.memberLevel)].sceneRemixing : false;

  const start = (video: Video) => {
    if (locked) {
      setUpgrade({ open: true, message: REMIX_LOCKED_MESSAGE });
      return;
    }
    remix.mutate(video.id, {
      onSuccess: (storyboard) => navigate('storyboard', { storyboardId: storyboard.id }),
      onError: (error) => {
        // The plan changed since this tab read it: the server's words, in the same dialog.
        if (error instanceof ApiError && error.status === 403) {
          setUpgrade({ open: true, message: serverMessage(error, REMIX_LOCKED_MESSAGE) });
          return;
        }
        toast({
          title: 'Cannot Remix',
          description: serverMessage(error, 'The remix could not be opened. Please try again.'),
          variant: 'destructive',
        });
      },
    });
  };

  return {
    start,
    /** The video whose remix is being opened, to show it busy. */
    pendingId: remix.isPending ? (remix.variables ?? null) : null,
    upgrade,
    setUpgradeOpen: (open: boolean) => setUpgrade((current) => ({ ...current, open })),
  };
}

export type RemixAction = ReturnType<typeof useRemixAction>;
