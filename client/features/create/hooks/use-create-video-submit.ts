// Sending the Create form: checks it as the route will (the same schema), sends it through the
// realtime action queue so a shaky connection holds it instead of losing it, and says how it went:
// 'Video Queued!' (and a changed scene source), a toast and a field message for a refusal, or the
// Insufficient Credits dialog. With "Review the script first" on, the same request is planned as a
// storyboard instead (free), and the storyboard editor opens on it.
import type { SceneSource } from '@shared/catalogue';
import type { SessionUser } from '@shared/schemas/auth';
import { type CreatedVideoRequest, createVideoRequestSchema } from '@shared/schemas/videos';
import type { TierRules } from '@shared/tiers';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { toast } from '@/components/ui/use-toast';
import {
  type CreateVideoFailure,
  describeCreateVideoError,
  MISSING_INFORMATION,
  NOT_LOGGED_IN_BEFORE_SENDING,
} from '@/entities/videos/create-video-errors';
import { announceQueuedVideo, showCreateVideoFailure } from '@/entities/videos/create-video-toasts';
import { ApiError } from '@/lib/api-client';
import { useAppNavigation } from '@/lib/app-navigation';
import { useRealtime } from '@/lib/realtime/use-realtime';
import { storyboardBodyOf, useCreateStoryboard } from '../api/create-storyboard';
import { buildCreateVideoRequest, useCreateVideoRequest } from '../api/create-video-request';
import { CREATE_FORM_DEFAULTS, type CreateVideoFormValues } from '../create-form-values';
import { describePlanStoryboardError } from '../plan-storyboard-errors';
import { imageFields, UPLOAD_NEEDS_IMAGES_MESSAGE } from '../scene-source-choice';
import type { SourceImagesState } from './use-source-image';

/** The video just sent, followed on the form until it is ready. */
export type QueuedVideo = { requestId: number; title: string; notice: string | null };

export function useCreateVideoSubmit({
  form,
  user,
  plan,
  sceneSource,
  chosenSource,
  source,
}: {
  form: UseFormReturn<CreateVideoFormValues>;
  user: SessionUser | null;
  plan: Pick<TierRules, 'maxScenes' | 'monthlyCredits'>;
  /** The source the picker shows (what the video will be made from). */
  sceneSource: SceneSource;
  /** The source the member picked, if any. */
  chosenSource: SceneSource | null;
  source: SourceImagesState;
}) {
  const { queueAction } = useRealtime();
  const { navigate } = useAppNavigation();
  const createVideo = useCreateVideoRequest();
  const createStoryboard = useCreateStoryboard();
  const isUnlimited = plan.monthlyCredits === null;
  // Kept after closing so the text does not change while the dialog animates out.
  const [creditsDialog, setCreditsDialog] = useState<{
    open: boolean;
    remainingCredits: number | null;
  }>({ open: false, remainingCredits: 0 });
  const [lastQueued, setLastQueued] = useState<QueuedVideo | null>(null);

  const submit = form.handleSubmit(async (values) => {
    if (!user) {
      toast({ ...NOT_LOGGED_IN_BEFORE_SENDING, variant: 'destructive' });
      return;
    }
    if (!values.title.trim() || !values.description.trim()) {
      toast({ ...MISSING_INFORMATION, variant: 'destructive' });
      return;
    }
    const sceneCount = Math.min(values.scenes, plan.maxScenes);
    const images = imageFields(sceneSource, source.uploadedUrls, sceneCount);
    if (sceneSource === 'upload' && !images.sourceImageUrl && !images.sceneImageUrls) {
      toast({
        title: 'Video Creation Failed',
        description: UPLOAD_NEEDS_IMAGES_MESSAGE,
        variant: 'destructive',
      });
      return;
    }
    const request = buildCreateVideoRequest({
      ...values,
      scenes: sceneCount,
      ...images,
      // Sent only once picked (and still offered): otherwise the server's own choice, which the
      // picker shows, may step down to a cheaper source where the plan's budget asks for it.
      sceneSource: chosenSource === sceneSource ? chosenSource : null,
    });
    // The route validates with the same schema; checking here spares a round trip and puts the
    // message on its field.
    const checked = createVideoRequestSchema.safeParse(request);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      const field = issue?.path[0];
      if (issue && (field === 'title' || field === 'description')) {
        form.setError(field, { type: 'schema', message: issue.message }, { shouldFocus: true });
      } else {
        toast({
          title: 'Video Creation Failed',
          description: issue?.message ?? 'Please check the form and try again.',
          variant: 'destructive',
        });
      }
      return;
    }

    const refused = (error: unknown, failure: CreateVideoFailure) => {
      showCreateVideoFailure(failure, {
        isUnlimited,
        openCreditsDialog: (remainingCredits) => setCreditsDialog({ open: true, remainingCredits }),
      });
      if (failure.kind === 'insufficient-credits') return;
      const field = error instanceof ApiError ? error.data.field : undefined;
      if (field === 'title' || field === 'description') {
        form.setError(field, { type: 'server', message: failure.description });
      }
    };

    if (values.reviewFirst) {
      try {
        const storyboard = await createStoryboard.mutateAsync(storyboardBodyOf(request));
        navigate('storyboard', { storyboardId: storyboard.id });
      } catch (error) {
        refused(error, describePlanStoryboardError(error));
      }
      return;
    }

    let created: CreatedVideoRequest;
    try {
      created = await queueAction('video_submission', () => createVideo.mutateAsync(request));
    } catch (error) {
      refused(error, describeCreateVideoError(error));
      return;
    }

    announceQueuedVideo({ title: request.title, notice: created.notice });
    setLastQueued({
      requestId: created.requestId,
      title: request.title,
      notice: created.notice ?? null,
    });
    // The spec's reset (title, description, image, landscape, default scenes); the member's
    // watermark and review choices stay for the next video.
    form.reset({
      ...CREATE_FORM_DEFAULTS,
      watermark: values.watermark,
      reviewFirst: values.reviewFirst,
    });
    source.clear();
  });

  return {
    submit,
    isCreating: createVideo.isPending || createStoryboard.isPending,
    creditsDialog,
    setCreditsDialogOpen: (open: boolean) => setCreditsDialog((current) => ({ ...current, open })),
    lastQueued,
  };
}
