// The Create Video form: title, description, source image, aspect ratio, scenes, watermark, and the
// voice and captions, sent through the realtime action queue so a shaky connection holds the
// request instead of losing it.
import {
  type AspectRatio,
  CREDITS_PER_VIDEO,
  LIMITS,
  normalizeMemberLevel,
  PLAN_RULES,
  TIMINGS,
} from '@shared/plans';
import type { SessionUser } from '@shared/schemas/auth';
import { createVideoRequestSchema } from '@shared/schemas/videos';
import { Loader2, Shuffle, Wand2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
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
import { useSourceImage } from '../hooks/use-source-image';
import { lastVideoStatus } from '../last-video-status';
import { PromptTipsDialog } from './prompt-tips-dialog';
import { SceneStepper } from './scene-stepper';
import { SourceImageField } from './source-image-field';

export type CreateVideoFormValues = {
  title: string;
  description: string;
  aspectRatio: AspectRatio;
  scenes: number;
  watermark: boolean;
  /** The voice, speed and caption style once the member changes them; null shows their defaults. */
  narration: Narration | null;
};

export const CREATE_FORM_DEFAULTS: CreateVideoFormValues = {
  title: '',
  description: '',
  aspectRatio: 'landscape',
  scenes: LIMITS.scenesDefault,
  watermark: LIMITS.watermarkDefault,
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
  const source = useSourceImage();
  const narrationDefaults = useNarrationDefaults();
  // Kept after closing so the text does not change while the dialog animates out.
  const [creditsDialog, setCreditsDialog] = useState<{
    open: boolean;
    remainingCredits: number | null;
  }>({ open: false, remainingCredits: 0 });
  const [lastQueued, setLastQueued] = useState<{ requestId: number; title: string } | null>(null);

  const memberLevel = normalizeMemberLevel(user?.memberLevel);
  const plan = PLAN_RULES[memberLevel];
  const isUnlimited = plan.monthlyCredits === null;

  const form = useForm<CreateVideoFormValues>({ defaultValues: CREATE_FORM_DEFAULTS });
  const { errors, isSubmitting } = form.formState;
  const title = form.watch('title');
  const description = form.watch('description');

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
    const request = buildCreateVideoRequest({
      ...values,
      scenes: Math.min(values.scenes, plan.maxScenes),
      sourceImageUrl: source.image?.uploadedUrl ?? null,
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

    let created: { requestId: number };
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
    setLastQueued({ requestId: created.requestId, title: request.title });
    form.reset(CREATE_FORM_DEFAULTS);
    source.remove();
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

            <SourceImageField source={source} />

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
