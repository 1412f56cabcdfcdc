// The Create Video form: title, description, scene source (with the member's images when the source
// takes them), aspect ratio, scenes, watermark, and the voice and captions, sent through the
// realtime action queue so a shaky connection holds the request instead of losing it.
import {
  type AspectRatio,
  CREDITS_PER_VIDEO,
  LIMITS,
  normalizeMemberLevel,
  PLAN_RULES,
  SCENE_SOURCE_LABELS,
  type SceneSource,
  TIMINGS,
} from '@shared/plans';
import type { SessionUser } from '@shared/schemas/auth';
import { type CreatedVideoRequest, createVideoRequestSchema } from '@shared/schemas/videos';
import { Info, Loader2, Shuffle, Wand2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { SceneSourcePicker } from '@/components/scene-source/scene-source-picker';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useClientConfig } from '@/features/client-config/api/get-client-config';
import { InsufficientCreditsDialog } from '@/features/credits/components/insufficient-credits-dialog';
import { UpgradeButton } from '@/features/purchase/components/upgrade-button';
import { useVideos } from '@/features/videos/api/get-videos';
import { AspectRatioPicker } from '@/features/videos/components/aspect-ratio-picker';
import { WatermarkSwitch } from '@/features/videos/components/watermark-switch';
import { VoicePicker } from '@/features/voices/components/voice-picker';
import { useNarrationDefaults } from '@/features/voices/hooks/use-narration-defaults';
import type { Narration } from '@/features/voices/narration';
import { ApiError } from '@/lib/api-client';
import { useAppNavigation } from '@/lib/app-navigation';
import { useRealtime } from '@/lib/realtime/use-realtime';
import { buildCreateVideoRequest, useCreateVideoRequest } from '../api/create-video-request';
import { useRandomViralPrompt } from '../api/get-viral-prompts';
import {
  describeCreateVideoError,
  MISSING_INFORMATION,
  NOT_LOGGED_IN_BEFORE_SENDING,
} from '../create-video-errors';
import { useSourceImages } from '../hooks/use-source-image';
import { lastVideoStatus } from '../last-video-status';
import {
  ALWAYS_OFFERED,
  imageFields,
  imageSlotCount,
  shownSceneSource,
  UPLOAD_NEEDS_IMAGES_MESSAGE,
} from '../scene-source-choice';
import { PromptTipsDialog } from './prompt-tips-dialog';
import { SceneStepper } from './scene-stepper';
import { SourceImageField } from './source-image-field';

export type CreateVideoFormValues = {
  title: string;
  description: string;
  aspectRatio: AspectRatio;
  scenes: number;
  watermark: boolean;
  /** The scene source once the member picks one; null shows (and leaves it to) the server's. */
  sceneSource: SceneSource | null;
  /** The voice, speed and caption style once the member changes them; null shows their defaults. */
  narration: Narration | null;
};

export const CREATE_FORM_DEFAULTS: CreateVideoFormValues = {
  title: '',
  description: '',
  aspectRatio: 'landscape',
  scenes: LIMITS.scenesDefault,
  watermark: LIMITS.watermarkDefault,
  sceneSource: null,
  narration: null,
};

/** The description warning of spec/product.md §5, shown once the text is over the limit. */
export const DESCRIPTION_LIMIT_WARNING = `must be < ${LIMITS.descriptionMax}`;

/** Connection states in which a submission waits in the action queue rather than going out. */
const QUEUEING_STATES = new Set(['reconnecting', 'unstable']);

function CharacterCount({ id, count, max }: { id: string; count: number; max: number }) {
  return (
    <span
      id={id}
      className={
        count > max
          ? 'font-medium text-destructive text-xs tabular-nums'
          : 'text-muted-foreground text-xs tabular-nums'
      }
    >
      {count}/{max}
    </span>
  );
}

export function CreateVideoForm({ user }: { user: SessionUser | null }) {
  const ids = {
    title: useId(),
    titleCount: useId(),
    description: useId(),
    descriptionCount: useId(),
    descriptionError: useId(),
    cost: useId(),
  };
  const { navigate } = useAppNavigation();
  const { state: connectionState, queueAction } = useRealtime();
  const createVideo = useCreateVideoRequest();
  const viralPrompt = useRandomViralPrompt();
  const source = useSourceImages();
  const narrationDefaults = useNarrationDefaults();
  const { data: clientConfig } = useClientConfig();
  // Kept after closing so the text does not change while the dialog animates out.
  const [creditsDialog, setCreditsDialog] = useState<{
    open: boolean;
    remainingCredits: number | null;
  }>({ open: false, remainingCredits: 0 });
  const [lastQueued, setLastQueued] = useState<{
    requestId: number;
    title: string;
    notice: string | null;
  } | null>(null);

  const memberLevel = normalizeMemberLevel(user?.memberLevel);
  const plan = PLAN_RULES[memberLevel];
  const isUnlimited = plan.monthlyCredits === null;

  const form = useForm<CreateVideoFormValues>({ defaultValues: CREATE_FORM_DEFAULTS });
  const { errors, isSubmitting } = form.formState;
  const title = form.watch('title');
  const description = form.watch('description');
  const scenes = Math.min(form.watch('scenes'), plan.maxScenes);

  // What this server offers; the two our own renderer makes are there even before it answers.
  const offeredSources = clientConfig?.sceneSources ?? ALWAYS_OFFERED;
  const serverDefaultSource = clientConfig?.defaultSceneSource ?? 'offline';
  const chosenSource = form.watch('sceneSource');
  const sceneSource = shownSceneSource({
    chosen: chosenSource,
    offered: offeredSources,
    serverDefault: serverDefaultSource,
    hasImages: source.images.length > 0,
  });
  const imageSlots = imageSlotCount(sceneSource, scenes, source.images.length);

  // A plan that changes under the form (e.g. a downgrade elsewhere) must not leave scenes above
  // its new maximum.
  useEffect(() => {
    if (form.getValues('scenes') > plan.maxScenes) form.setValue('scenes', plan.maxScenes);
  }, [form, plan.maxScenes]);

  const isPending = isSubmitting || createVideo.isPending;
  const isBlank = !title.trim() || !description.trim();
  const canSubmit = !isPending && !isBlank && user !== null && !source.isUploading;

  const fillWithViralPrompt = async () => {
    try {
      const prompt = await viralPrompt.nextPrompt(form.getValues('description'));
      if (!prompt) {
        toast({ title: 'No Prompts Yet', description: 'There are no viral prompts to try yet.' });
        return;
      }
      form.setValue('description', prompt, { shouldDirty: true });
      form.clearErrors('description');
    } catch {
      toast({
        title: 'Prompts Unavailable',
        description: 'Could not load viral prompts. Please try again.',
        variant: 'destructive',
      });
    }
  };

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

    let created: CreatedVideoRequest;
    try {
      created = await queueAction('video_submission', () => createVideo.mutateAsync(request));
    } catch (error) {
      const failure = describeCreateVideoError(error);
      if (failure.kind === 'insufficient-credits') {
        setCreditsDialog({
          open: true,
          remainingCredits: isUnlimited ? null : failure.remainingCredits,
        });
        return;
      }
      toast({
        title: failure.title,
        description: failure.description,
        duration: failure.duration,
        variant: 'destructive',
      });
      const field = error instanceof ApiError ? error.data.field : undefined;
      if (field === 'title' || field === 'description') {
        form.setError(field, { type: 'server', message: failure.description });
      }
      return;
    }

    toast({
      title: 'Video Queued!',
      description: `"${request.title}" is being created. You'll be notified when it's ready.`,
      variant: 'success',
      duration: TIMINGS.successToastMs,
    });
    // The server made it from a cheaper source than the one shown: say which, and why.
    if (created.notice) {
      toast({
        title: 'Scene Source Changed',
        description: created.notice,
        duration: TIMINGS.toastMaxMs,
      });
    }
    setLastQueued({
      requestId: created.requestId,
      title: request.title,
      notice: created.notice ?? null,
    });
    form.reset(CREATE_FORM_DEFAULTS);
    source.clear();
  });

  const descriptionTooLong = description.length > LIMITS.descriptionMax;
  const pendingLabel = QUEUEING_STATES.has(connectionState) ? 'Queuing...' : 'Creating Video...';

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
            onSubmit={submit}
            noValidate
            aria-label="Create video"
            data-testid="create-video-form"
            className="grid gap-6"
          >
            <div className="grid gap-2">
              <div className="flex items-center justify-between gap-2">
                <Label htmlFor={ids.title}>Title</Label>
                <CharacterCount id={ids.titleCount} count={title.length} max={LIMITS.titleMax} />
              </div>
              <Input
                id={ids.title}
                placeholder="e.g. Sunrise over a sleeping city"
                maxLength={LIMITS.titleMax}
                autoComplete="off"
                aria-invalid={Boolean(errors.title)}
                aria-describedby={ids.titleCount}
                {...form.register('title', { onChange: () => form.clearErrors('title') })}
              />
              {errors.title && (
                <p role="alert" className="text-destructive text-sm">
                  {errors.title.message}
                </p>
              )}
            </div>

            <div className="grid gap-2">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <Label htmlFor={ids.description}>Description</Label>
                <PromptTipsDialog />
              </div>
              <Textarea
                id={ids.description}
                rows={6}
                placeholder="Describe the scene: who or what, where, the camera, the mood, the sound..."
                className="max-h-[60dvh] min-h-36"
                aria-invalid={descriptionTooLong || Boolean(errors.description)}
                aria-describedby={`${ids.descriptionCount} ${ids.descriptionError}`}
                {...form.register('description', {
                  onChange: () => form.clearErrors('description'),
                })}
              />
              <div className="flex flex-wrap items-start justify-between gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => void fillWithViralPrompt()}
                  disabled={viralPrompt.isLoading}
                >
                  {viralPrompt.isLoading ? (
                    <Loader2 className="animate-spin" aria-hidden="true" />
                  ) : (
                    <Shuffle aria-hidden="true" />
                  )}
                  Random Viral Prompt
                </Button>
                <div className="flex items-center gap-2">
                  <span id={ids.descriptionError} aria-live="polite">
                    {descriptionTooLong && (
                      <span className="font-medium text-destructive text-xs">
                        {DESCRIPTION_LIMIT_WARNING}
                      </span>
                    )}
                  </span>
                  <CharacterCount
                    id={ids.descriptionCount}
                    count={description.length}
                    max={LIMITS.descriptionMax}
                  />
                </div>
              </div>
              {errors.description && (
                <p role="alert" className="text-destructive text-sm">
                  {errors.description.message}
                </p>
              )}
            </div>

            <div className="grid gap-4">
              <Controller
                control={form.control}
                name="sceneSource"
                render={({ field }) => (
                  <SceneSourcePicker
                    sources={offeredSources}
                    value={sceneSource}
                    onChange={(next) => field.onChange(next)}
                  />
                )}
              />
              {imageSlots > 0 ? (
                <SourceImageField
                  source={source}
                  mode={sceneSource === 'upload' ? 'per-scene' : 'single'}
                  slots={imageSlots}
                  scenes={scenes}
                />
              ) : (
                source.images.length > 0 && (
                  <p className="text-muted-foreground text-xs">
                    Your images are set aside: choose {SCENE_SOURCE_LABELS.upload} to use them.
                  </p>
                )
              )}
            </div>

            <Controller
              control={form.control}
              name="aspectRatio"
              render={({ field }) => (
                <AspectRatioPicker value={field.value} onChange={field.onChange} />
              )}
            />

            <div className="grid gap-6 sm:grid-cols-2">
              <Controller
                control={form.control}
                name="scenes"
                render={({ field }) => (
                  <SceneStepper
                    value={field.value}
                    maxScenes={plan.maxScenes}
                    memberLevel={memberLevel}
                    onChange={field.onChange}
                  />
                )}
              />
              <Controller
                control={form.control}
                name="watermark"
                render={({ field }) => (
                  <WatermarkSwitch
                    checked={field.value}
                    removable={plan.watermarkRemovable}
                    onCheckedChange={field.onChange}
                  />
                )}
              />
            </div>

            <section className="grid gap-4 border-t pt-5">
              <div className="grid gap-1">
                <h3 className="font-medium text-sm">Voice &amp; captions</h3>
                <p className="text-muted-foreground text-xs">
                  A voice speaks your description and captions follow it, word by word. Your
                  defaults are set on your Profile.
                </p>
              </div>
              <Controller
                control={form.control}
                name="narration"
                render={({ field }) => (
                  <VoicePicker
                    value={field.value ?? narrationDefaults.value}
                    onChange={field.onChange}
                    loading={field.value === null && !narrationDefaults.ready}
                  />
                )}
              />
            </section>

            {user && memberLevel !== 'Elite' && (
              <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-dashed px-3 py-2 text-muted-foreground text-sm">
                <span>
                  {memberLevel === 'Free'
                    ? 'Pro gives you 2-scene videos, no watermark and 150 credits a month.'
                    : 'Elite gives you 4-scene videos, unlimited credits and Run Now.'}
                </span>
                <UpgradeButton user={user} variant="outline" size="sm" />
              </div>
            )}

            <div className="grid gap-2">
              <Button
                type="submit"
                variant="brand"
                size="lg"
                className="w-full"
                disabled={!canSubmit}
                aria-describedby={ids.cost}
              >
                {isPending ? (
                  <>
                    <Loader2 className="animate-spin" aria-hidden="true" />
                    {pendingLabel}
                  </>
                ) : (
                  <>
                    <Wand2 aria-hidden="true" />
                    Create Video
                    <span
                      aria-hidden="true"
                      className="rounded-full bg-white/20 px-2 py-0.5 font-medium text-xs"
                    >
                      {isUnlimited ? 'Unlimited' : `${CREDITS_PER_VIDEO} credit`}
                    </span>
                  </>
                )}
              </Button>
              <p id={ids.cost} className="sr-only">
                {isUnlimited ? 'Unlimited on your plan.' : `Costs ${CREDITS_PER_VIDEO} credit.`}
              </p>
              {source.isUploading && (
                <p className="text-center text-muted-foreground text-xs">
                  Waiting for the image upload to finish...
                </p>
              )}
              {lastQueued && !isPending && (
                <LastVideoLine
                  requestId={lastQueued.requestId}
                  title={lastQueued.title}
                  onOpenLibrary={() => navigate('library')}
                />
              )}
              {lastQueued?.notice && !isPending && (
                <p className="flex items-start justify-center gap-1.5 text-center text-muted-foreground text-xs">
                  <Info className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
                  {lastQueued.notice}
                </p>
              )}
            </div>
          </form>
        </CardContent>
      </Card>

      <InsufficientCreditsDialog
        open={creditsDialog.open}
        remainingCredits={creditsDialog.remainingCredits}
        onOpenChange={(open) => setCreditsDialog((current) => ({ ...current, open }))}
      />
    </>
  );
}

/** The video just sent, as it moves from the queue to ready (the library list stays current). */
function LastVideoLine({
  requestId,
  title,
  onOpenLibrary,
}: {
  requestId: number;
  title: string;
  onOpenLibrary: () => void;
}) {
  const videos = useVideos();
  const video = videos.data?.find((entry) => entry.requestId === requestId);
  const { text, done } = lastVideoStatus(title, video);
  return (
    <p role="status" className="text-center text-muted-foreground text-sm">
      {text}{' '}
      <Button variant="link" className="h-auto p-0" onClick={onOpenLibrary}>
        {done && video?.status === 'completed' ? 'Watch in Library' : 'View in Library'}
      </Button>
    </p>
  );
}
