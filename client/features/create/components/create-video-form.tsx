// The Create Video form: title, description, scene source (with the member's images when the source
// takes them), aspect ratio, scenes, watermark, and the voice and captions, sent through the
// realtime action queue so a shaky connection holds the request instead of losing it. Each part has
// its own file; this one holds the form and what its parts share (the plan, the scene source).
import { LIMITS } from '@shared/limits';
import type { SessionUser } from '@shared/schemas/auth';
import { normalizeTier, TIER_RULES } from '@shared/tiers';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useClientConfig } from '@/entities/client-config/api/get-client-config';
import { InsufficientCreditsDialog } from '@/entities/credits/components/insufficient-credits-dialog';
import {
  CREATE_FORM_DEFAULTS,
  type CreateVideoFormValues,
  rememberedReviewFirst,
  rememberedWatermark,
  rememberReviewFirst,
} from '../create-form-values';
import { useCreateVideoSubmit } from '../hooks/use-create-video-submit';
import { useSourceImages } from '../hooks/use-source-image';
import { ALWAYS_OFFERED, imageSlotCount, shownSceneSource } from '../scene-source-choice';
import { CreateSubmitArea } from './create-submit-area';
import { CreateUpgradeHint } from './create-upgrade-hint';
import { CreateVoiceSection } from './create-voice-section';
import { ReviewFirstSwitch } from './review-first-switch';
import { SceneSourceSection } from './scene-source-section';
import { VideoDescriptionField } from './video-description-field';
import { VideoLookFields } from './video-look-fields';
import { VideoTitleField } from './video-title-field';

export function CreateVideoForm({ user }: { user: SessionUser | null }) {
  const source = useSourceImages();
  const { data: clientConfig } = useClientConfig();
  const memberLevel = normalizeTier(user?.memberLevel);
  const plan = TIER_RULES[memberLevel];

  const form = useForm<CreateVideoFormValues>({
    defaultValues: {
      ...CREATE_FORM_DEFAULTS,
      watermark: rememberedWatermark(plan.watermarkRemovable),
      reviewFirst: rememberedReviewFirst(),
    },
  });
  const { errors, isSubmitting } = form.formState;
  const title = form.watch('title');
  const description = form.watch('description');
  const reviewFirst = form.watch('reviewFirst');
  const scenes = Math.min(form.watch('scenes'), plan.maxScenes);

  // What this server offers; the two our own renderer makes are there even before it answers.
  const offeredSources = clientConfig?.sceneSources ?? ALWAYS_OFFERED;
  const chosenSource = form.watch('sceneSource');
  const sceneSource = shownSceneSource({
    chosen: chosenSource,
    offered: offeredSources,
    serverDefault: clientConfig?.defaultSceneSource ?? 'offline',
    hasImages: source.images.length > 0,
  });
  const imageSlots = imageSlotCount(sceneSource, scenes, source.images.length);
  const sending = useCreateVideoSubmit({ form, user, plan, sceneSource, chosenSource, source });

  // A plan that changes under the form (e.g. a downgrade elsewhere) must not leave scenes above
  // its new maximum.
  useEffect(() => {
    if (form.getValues('scenes') > plan.maxScenes) form.setValue('scenes', plan.maxScenes);
  }, [form, plan.maxScenes]);

  const isPending = isSubmitting || sending.isCreating;
  const isBlank = !title.trim() || !description.trim();
  // Over the limit the route would refuse it: say so by the button instead of sending it.
  const descriptionTooLong = description.length > LIMITS.descriptionMax;

  return (
    <>
      <Card>
        <CardHeader className="p-4 sm:p-6">
          <CardTitle className="text-xl">Describe your video</CardTitle>
          <CardDescription>
            Give it a title, describe what should happen, and choose how it should look.
          </CardDescription>
        </CardHeader>
        <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
          <form
            onSubmit={sending.submit}
            noValidate
            aria-label="Create video"
            data-testid="create-video-form"
            className="grid gap-6"
          >
            <VideoTitleField form={form} title={title} error={errors.title} />
            <VideoDescriptionField
              form={form}
              description={description}
              error={errors.description}
            />
            <SceneSourceSection
              form={form}
              offered={offeredSources}
              shown={sceneSource}
              imageSlots={imageSlots}
              scenes={scenes}
              source={source}
            />
            <VideoLookFields form={form} plan={plan} memberLevel={memberLevel} />
            <CreateVoiceSection form={form} />
            {user && memberLevel !== 'Elite' && (
              <CreateUpgradeHint user={user} memberLevel={memberLevel} />
            )}
            <Controller
              control={form.control}
              name="reviewFirst"
              render={({ field }) => (
                <ReviewFirstSwitch
                  checked={field.value}
                  onCheckedChange={(next) => {
                    field.onChange(next);
                    rememberReviewFirst(next);
                  }}
                />
              )}
            />
            <CreateSubmitArea
              reviewFirst={reviewFirst}
              canSubmit={
                !isPending &&
                !isBlank &&
                !descriptionTooLong &&
                user !== null &&
                !source.isUploading
              }
              blockedReason={
                descriptionTooLong
                  ? `The description is over ${LIMITS.descriptionMax} characters: shorten it to ${reviewFirst ? 'plan' : 'create'} the video.`
                  : null
              }
              isPending={isPending}
              isUnlimited={plan.monthlyCredits === null}
              isUploading={source.isUploading}
              lastQueued={sending.lastQueued}
            />
          </form>
        </CardContent>
      </Card>

      <InsufficientCreditsDialog
        open={sending.creditsDialog.open}
        remainingCredits={sending.creditsDialog.remainingCredits}
        onOpenChange={sending.setCreditsDialogOpen}
      />
    </>
  );
}
