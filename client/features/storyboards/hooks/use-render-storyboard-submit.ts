// Render: saves what is waiting, then charges and queues the storyboard through the realtime action
// queue, as Create sends a video, and answers as Create does: 'Video Queued!' (and a changed scene
// source), a toast in the server's words, or the Insufficient Credits dialog. Once queued, the
// library shows the video, whose progress arrives over the socket like any other.
import { useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { describeCreateVideoError } from '@/entities/videos/create-video-errors';
import { announceQueuedVideo, showCreateVideoFailure } from '@/entities/videos/create-video-toasts';
import { useAppNavigation } from '@/lib/app-navigation';
import { useRealtime } from '@/lib/realtime/use-realtime';
import { useRenderStoryboard } from '../api/render-storyboard';
import type { Draft } from '../storyboard-draft';

export const NOT_SAVED_BEFORE_RENDER = {
  title: 'Not Rendered Yet',
  description: 'Your latest changes could not be saved. Fix what the editor shows, then render.',
};

/** Scene n has no words: a render would make a silent, empty scene. */
export function emptySceneMessage(sceneNumber: number): string {
  return `Scene ${sceneNumber} has no narration yet. Write what it should say, or remove it.`;
}

export function useRenderStoryboardSubmit({
  storyboardId,
  isUnlimited,
  saveAll,
  latestDraft,
}: {
  storyboardId: number;
  isUnlimited: boolean;
  saveAll: () => Promise<boolean>;
  latestDraft: () => Draft;
}) {
  const { navigate } = useAppNavigation();
  const { queueAction } = useRealtime();
  const render = useRenderStoryboard();
  const [isPreparing, setIsPreparing] = useState(false);
  // Kept after closing so the text does not change while the dialog animates out.
  const [creditsDialog, setCreditsDialog] = useState<{
    open: boolean;
    remainingCredits: number | null;
  }>({ open: false, remainingCredits: 0 });

  const submit = async () => {
    setIsPreparing(true);
    try {
      if (!(await saveAll())) {
        toast({ ...NOT_SAVED_BEFORE_RENDER, variant: 'destructive' });
        return;
      }
      const empty = latestDraft().scenes.findIndex((scene) => !scene.narration.trim());
      if (empty >= 0) {
        toast({
          title: 'Not Rendered Yet',
          description: emptySceneMessage(empty + 1),
          variant: 'destructive',
        });
        return;
      }
    } finally {
      setIsPreparing(false);
    }

    try {
      const created = await queueAction('video_submission', () => render.mutateAsync(storyboardId));
      announceQueuedVideo(created);
    } catch (error) {
      showCreateVideoFailure(describeCreateVideoError(error), {
        isUnlimited,
        openCreditsDialog: (remainingCredits) => setCreditsDialog({ open: true, remainingCredits }),
      });
      return;
    }
    navigate('library');
  };

  return {
    submit,
    isPending: isPreparing || render.isPending,
    creditsDialog,
    setCreditsDialogOpen: (open: boolean) => setCreditsDialog((current) => ({ ...current, open })),
  };
}
