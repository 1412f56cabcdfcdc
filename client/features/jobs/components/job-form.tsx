// The Creator Engine job form, to create a job or edit one (spec/product.md §2, §4, §5): guided
// brand details or one master prompt with item lists, schedule, look, scene source, logo, voice and
// captions, where its videos are published; the plan's limits shown as the server enforces them,
// and a preview of exactly what the next run will ask for.

import { jobRunPrompt } from '@shared/job-prompt';
import { parseItemLists, rotationLength } from '@shared/master-prompt';
import {
  ASPECT_RATIO_LABELS,
  LIMITS,
  normalizeMemberLevel,
  PLAN_RULES,
  SCENE_SOURCE_LABELS,
  SECONDS_PER_SCENE,
} from '@shared/plans';
import type { SessionUser } from '@shared/schemas/auth';
import { JOB_FIELD_LABELS, type VideoJob } from '@shared/schemas/jobs';
import { PUBLISH_MESSAGES } from '@shared/schemas/publishing';
import { FileText, Loader2, Lock, Sparkles, Wand2 } from 'lucide-react';
import { useId, useState } from 'react';
import { SceneSourcePicker } from '@/components/scene-source/scene-source-picker';
import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
} from '@/components/ui/accordion';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/use-toast';
import { useClientConfig } from '@/features/client-config/api/get-client-config';
import { insufficientCreditsIn } from '@/features/credits/insufficient-credits';
import { JobPublishSection } from '@/features/publishing/components/job-publish-section';
import { UpgradeButton } from '@/features/purchase/components/upgrade-button';
import { AspectRatioPicker } from '@/features/videos/components/aspect-ratio-picker';
import { WatermarkSwitch } from '@/features/videos/components/watermark-switch';
import { VoicePicker } from '@/features/voices/components/voice-picker';
import { useNarrationDefaults } from '@/features/voices/hooks/use-narration-defaults';
import { fetchAdvancedModeTemplate, fetchJobSample, useSaveVideoJob } from '../api/video-jobs';
import { appendVideoSettings } from '../auto-append';
import { useAutoAppend } from '../hooks/use-auto-append';
import { useLogoUpload } from '../hooks/use-logo-upload';
import { JOB_MESSAGES, jobSaveFailure } from '../job-errors';
import {
  formValuesFrom,
  frequencyOptions,
  type JobFormValues,
  jobFormProblem,
  jobSceneSources,
  sceneOptions,
  toJobInput,
} from '../job-form-values';
import { JobTextField } from './job-text-field';
import { LogoField } from './logo-field';

type GuidedField = Exclude<
  keyof JobFormValues,
  | 'jobName'
  | 'frequency'
  | 'scenes'
  | 'aspectRatio'
  | 'watermark'
  | 'advancedMode'
  | 'masterPrompt'
  | 'sceneSource'
  | 'narration'
  | 'publishTo'
>;

const GUIDED_FIELDS: {
  name: GuidedField;
  max: number;
  required: boolean;
  rows?: number;
  placeholder: string;
}[] = [
  { name: 'brandName', max: LIMITS.brandNameMax, required: false, placeholder: 'e.g. Ember & Oak' },
  {
    name: 'brandDescription',
    max: LIMITS.brandDescriptionMax,
    required: true,
    rows: 3,
    placeholder: 'What the brand is, who it serves, what makes it different.',
  },
  {
    name: 'focusFeatures',
    max: LIMITS.focusFeaturesMax,
    required: true,
    rows: 3,
    placeholder: 'The products, features and messages the videos should show.',
  },
  {
    name: 'callToAction',
    max: LIMITS.callToActionMax,
    required: false,
    placeholder: 'e.g. Order today at example.com',
  },
  {
    name: 'filmStyle',
    max: LIMITS.filmStyleMax,
    required: true,
    rows: 3,
    placeholder: 'Light, pace, camera, music: how the videos should feel.',
  },
  {
    name: 'dynamicSet',
    max: LIMITS.dynamicSetMax,
    required: true,
    rows: 2,
    placeholder: 'What changes from one video to the next: a new setting, product or theme.',
  },
];

export function JobForm({
  user,
  job,
  onDone,
  onInsufficientCredits,
}: {
  user: SessionUser;
  /** The job being edited, or null to create one. */
  job: VideoJob | null;
  onDone: () => void;
  onInsufficientCredits: (remainingCredits: number | null) => void;
}) {
  const ids = { frequency: useId(), scenes: useId(), scenesHint: useId() };
  const level = normalizeMemberLevel(user.memberLevel);
  const plan = PLAN_RULES[level];
  const editing = job !== null;
  const [values, setValues] = useState<JobFormValues>(() => formValuesFrom(job));
  const [loadingSample, setLoadingSample] = useState(false);
  const [loadingTemplate, setLoadingTemplate] = useState(false);
  const [triedSaving, setTriedSaving] = useState(false);
  const logo = useLogoUpload(job?.sourceImageUrl ?? null);
  const autoAppend = useAutoAppend();
  const save = useSaveVideoJob();
  const narrationDefaults = useNarrationDefaults();
  const { data: clientConfig } = useClientConfig();
  // Our own renderer's offline pictures are on every server, even before its settings arrive.
  const sceneSources = jobSceneSources(
    clientConfig?.sceneSources ?? ['offline'],
    values.sceneSource,
  );
  const serverDefaultSource = SCENE_SOURCE_LABELS[clientConfig?.defaultSceneSource ?? 'offline'];

  const set = <Key extends keyof JobFormValues>(key: Key, value: JobFormValues[Key]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const itemLists = values.advancedMode ? parseItemLists(values.masterPrompt).lists : [];
  const rotationIndex = job?.itemListIndex ?? 1;
  const preview = jobRunPrompt({ ...values, itemListIndex: rotationIndex }).prompt;

  const fillWithSample = async () => {
    setLoadingSample(true);
    try {
      const sample = await fetchJobSample();
      setValues((current) => ({
        ...current,
        ...sample,
        // A name the member already typed is theirs to keep.
        jobName: current.jobName || sample.jobName,
      }));
    } catch {
      toast({ title: JOB_MESSAGES.sampleFailed, variant: 'destructive' });
    } finally {
      setLoadingSample(false);
    }
  };

  const loadTemplate = async () => {
    setLoadingTemplate(true);
    try {
      const { template } = await fetchAdvancedModeTemplate();
      set('masterPrompt', template);
    } catch {
      toast({ title: JOB_MESSAGES.templateFailed, variant: 'destructive' });
    } finally {
      setLoadingTemplate(false);
    }
  };

  const pressAutoAppend = () => {
    const appended = autoAppend.press(() =>
      setValues((current) => ({
        ...current,
        masterPrompt: appendVideoSettings(current.masterPrompt, current),
      })),
    );
    if (!appended) {
      toast({
        title: JOB_MESSAGES.pleaseWait,
        description: 'Auto-Append rests for 30 seconds between uses.',
      });
    }
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!plan.canCreateJobs) return;
    setTriedSaving(true);
    const input = toJobInput(values, {
      sourceImageUrl: logo.url,
      isActive: job?.isActive ?? true,
    });
    const problem = jobFormProblem(input, editing);
    if (problem) {
      toast({ ...problem, variant: 'destructive' });
      return;
    }
    try {
      await save.mutateAsync({ id: job?.id ?? null, job: input });
    } catch (error) {
      const remaining = insufficientCreditsIn(error);
      if (remaining !== undefined) {
        onInsufficientCredits(plan.monthlyCredits === null ? null : remaining);
        return;
      }
      toast({ ...jobSaveFailure(error, editing), variant: 'destructive' });
      return;
    }
    toast({
      title: editing ? 'Job Updated' : 'Job Created',
      description: editing
        ? `“${values.jobName.trim()}” is saved.`
        : `“${values.jobName.trim()}” will make its first video within a minute.`,
      variant: 'success',
    });
    onDone();
  };

  return (
    <form onSubmit={submit} noValidate aria-label={editing ? 'Edit job' : 'Create job'}>
      <div className="grid gap-6">
        {!plan.canCreateJobs && (
          <Alert>
            <Lock aria-hidden="true" />
            <AlertTitle>Upgrade to Create Video Jobs</AlertTitle>
            <AlertDescription className="grid gap-3">
              <p>
                Creator Engine jobs are part of the Pro and Elite plans: set one up and it makes
                videos for you on a schedule.
              </p>
              <div>
                <UpgradeButton user={user} size="sm" />
              </div>
            </AlertDescription>
          </Alert>
        )}

        <Card>
          <CardContent className="grid gap-6 p-4 sm:p-6">
            <JobTextField
              label={JOB_FIELD_LABELS.jobName}
              value={values.jobName}
              max={LIMITS.jobNameMax}
              required
              placeholder="e.g. Daily coffee moments"
              onChange={(value) => set('jobName', value)}
            />

            <Tabs
              value={values.advancedMode ? 'advanced' : 'guided'}
              onValueChange={(mode) => set('advancedMode', mode === 'advanced')}
              className="grid gap-4"
            >
              <TabsList className="w-full sm:w-fit">
                <TabsTrigger value="guided">Guided</TabsTrigger>
                <TabsTrigger value="advanced">Advanced</TabsTrigger>
              </TabsList>

              <TabsContent value="guided" className="grid gap-5">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="text-muted-foreground text-sm">
                    Describe the brand once; every video is composed from these details.
                  </p>
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    onClick={() => void fillWithSample()}
                    disabled={loadingSample}
                  >
                    {loadingSample ? (
                      <Loader2 className="animate-spin" aria-hidden="true" />
                    ) : (
                      <Sparkles aria-hidden="true" />
                    )}
                    Fill with Sample
                  </Button>
                </div>
                {GUIDED_FIELDS.map((field) => (
                  <JobTextField
                    key={field.name}
                    label={JOB_FIELD_LABELS[field.name]}
                    value={values[field.name]}
                    max={field.max}
                    required={field.required}
                    rows={field.rows}
                    placeholder={field.placeholder}
                    onChange={(value) => set(field.name, value)}
                  />
                ))}
              </TabsContent>

              <TabsContent value="advanced" className="grid gap-4">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="text-muted-foreground text-sm">
                    One master prompt. Declare item lists like{' '}
                    <code className="rounded bg-muted px-1">{'{Topic: a, b, "c, d"}'}</code> and use{' '}
                    <code className="rounded bg-muted px-1">{'{Topic}'}</code>; each run takes the
                    next item.
                  </p>
                  <div className="flex flex-wrap gap-2">
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      onClick={() => void loadTemplate()}
                      disabled={loadingTemplate}
                    >
                      {loadingTemplate ? (
                        <Loader2 className="animate-spin" aria-hidden="true" />
                      ) : (
                        <FileText aria-hidden="true" />
                      )}
                      Load Template
                    </Button>
                    <Button type="button" variant="outline" size="sm" onClick={pressAutoAppend}>
                      <Wand2 aria-hidden="true" />
                      {autoAppend.label}
                    </Button>
                  </div>
                </div>
                <JobTextField
                  label={JOB_FIELD_LABELS.masterPrompt}
                  value={values.masterPrompt}
                  max={LIMITS.dynamicPromptMax}
                  required
                  rows={10}
                  placeholder={
                    'A 10-second video about {Topic} for {Audience}.\n\n{Topic: "morning coffee", "street food"}\n{Audience: students, travellers}'
                  }
                  hint="Auto-Append adds the video settings below (aspect ratio, watermark, scenes) to the end of the prompt."
                  onChange={(value) => set('masterPrompt', value)}
                />
                {itemLists.length > 0 && (
                  <p className="text-muted-foreground text-sm" role="status">
                    {itemLists.length === 1 ? '1 item list' : `${itemLists.length} item lists`} (
                    {itemLists.map((list) => `${list.name}: ${list.items.length}`).join(', ')}). The
                    next video uses item {rotationIndex} of {rotationLength(itemLists)}.
                  </p>
                )}
              </TabsContent>
            </Tabs>
          </CardContent>
        </Card>

        <Card>
          <CardContent className="grid gap-6 p-4 sm:grid-cols-2 sm:p-6">
            <div className="grid content-start gap-2">
              <Label htmlFor={ids.frequency}>{JOB_FIELD_LABELS.frequency}</Label>
              <Select
                value={values.frequency}
                onValueChange={(value) => set('frequency', value as JobFormValues['frequency'])}
              >
                <SelectTrigger id={ids.frequency}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {frequencyOptions(level).map((option) => (
                    <SelectItem key={option.value} value={option.value} disabled={option.disabled}>
                      {option.label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>

            <div className="grid content-start gap-2">
              <Label htmlFor={ids.scenes}>{JOB_FIELD_LABELS.scenes}</Label>
              <Select
                value={String(values.scenes)}
                onValueChange={(value) => set('scenes', Number(value))}
              >
                <SelectTrigger id={ids.scenes} aria-describedby={ids.scenesHint}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {sceneOptions(level, job?.scenes ?? null).map((count) => (
                    <SelectItem key={count} value={String(count)}>
                      {count} {count === 1 ? 'scene' : 'scenes'} ({count * SECONDS_PER_SCENE} s)
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <p id={ids.scenesHint} className="text-muted-foreground text-xs">
                Up to {plan.maxScenes} on your plan.
              </p>
            </div>

            <div className="sm:col-span-2">
              <AspectRatioPicker
                value={values.aspectRatio}
                onChange={(value) => set('aspectRatio', value)}
              />
            </div>

            <div className="sm:col-span-2">
              <SceneSourcePicker
                sources={sceneSources}
                value={values.sceneSource}
                onChange={(source) => set('sceneSource', source)}
                defaultOption={{
                  label: 'Server default',
                  hint: `Today: ${serverDefaultSource}. Follows the best source this server offers.`,
                }}
                description="A run that would cost more than your plan allows steps down to a cheaper source."
              />
            </div>

            <WatermarkSwitch
              checked={plan.watermarkRemovable ? values.watermark : true}
              removable={plan.watermarkRemovable}
              onCheckedChange={(checked) => set('watermark', checked)}
            />

            <LogoField logo={logo} />
          </CardContent>
        </Card>

        <Card>
          <CardContent className="grid gap-4 p-4 sm:p-6">
            <div className="grid gap-1">
              <h3 className="font-medium">Voice &amp; captions</h3>
              <p className="text-muted-foreground text-sm">
                {editing
                  ? "The voice that narrates this job's videos."
                  : 'New jobs start from your Profile defaults; choose another voice for this job here.'}
              </p>
            </div>
            <VoicePicker
              value={values.narration ?? narrationDefaults.value}
              onChange={(narration) => set('narration', narration)}
              loading={values.narration === null && !narrationDefaults.ready}
            />
          </CardContent>
        </Card>

        <JobPublishSection
          value={values.publishTo}
          onChange={(publishTo) => set('publishTo', publishTo)}
          videoSeconds={values.scenes * SECONDS_PER_SCENE}
          error={
            triedSaving &&
            values.publishTo.platforms.includes('tiktok') &&
            !values.publishTo.tiktokPrivacyLevel
              ? PUBLISH_MESSAGES.tiktokPrivacy
              : undefined
          }
        />

        <Accordion type="single" collapsible className="rounded-lg border bg-card px-4 text-sm">
          <AccordionItem value="preview" className="border-0">
            <AccordionTrigger>Preview the next video's prompt</AccordionTrigger>
            <AccordionContent>
              <pre className="max-h-72 overflow-auto whitespace-pre-wrap break-words font-sans text-muted-foreground">
                {preview || 'Fill in the form to see the prompt.'}
              </pre>
              <p className="mt-2 text-muted-foreground text-xs">
                {ASPECT_RATIO_LABELS[values.aspectRatio]}, {values.scenes}{' '}
                {values.scenes === 1 ? 'scene' : 'scenes'}
                {plan.watermarkRemovable && !values.watermark ? ', no watermark' : ', watermark'}.
              </p>
            </AccordionContent>
          </AccordionItem>
        </Accordion>

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
          {plan.canCreateJobs ? (
            <Button type="submit" variant="brand" disabled={save.isPending || logo.isUploading}>
              {save.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
              {editing ? 'Save Changes' : 'Create Job'}
            </Button>
          ) : (
            <Button type="button" variant="brand" disabled>
              <Lock aria-hidden="true" />
              Upgrade Required
            </Button>
          )}
        </div>
      </div>
    </form>
  );
}
