// The Creator Engine job form, to create a job or edit one (spec/product.md §2, §4, §5): guided
// brand details or one master prompt with item lists, schedule, look, scene source, logo, voice and
// captions, where its videos are published; the plan's limits shown as the server enforces them,
// and a preview of exactly what the next run will ask for. Each section has its own file; this one
// holds the values and lays the sections out.
import { jobRunPrompt } from '@shared/job-prompt';
import { SECONDS_PER_SCENE } from '@shared/limits';
import type { SessionUser } from '@shared/schemas/auth';
import type { VideoJob } from '@shared/schemas/jobs';
import { PUBLISH_MESSAGES } from '@shared/schemas/publishing';
import { normalizeTier, TIER_RULES } from '@shared/tiers';
import { useState } from 'react';
import { JobPublishSection } from '@/entities/publications/components/job-publish-section';
import { useJobPromptTools } from '../hooks/use-job-prompt-tools';
import { useLogoUpload } from '../hooks/use-logo-upload';
import { useSaveJob } from '../hooks/use-save-job';
import { formValuesFrom, type JobFormValues } from '../job-form-values';
import { JobFormActions } from './job-form-actions';
import { JobPromptCard } from './job-prompt-card';
import { JobPromptPreview } from './job-prompt-preview';
import { JobUpgradeNotice } from './job-upgrade-notice';
import { JobVideoSettingsCard } from './job-video-settings-card';
import { JobVoiceCard } from './job-voice-card';

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
  const level = normalizeTier(user.memberLevel);
  const plan = TIER_RULES[level];
  const editing = job !== null;
  const [values, setValues] = useState<JobFormValues>(() => formValuesFrom(job));
  const logo = useLogoUpload(job?.sourceImageUrl ?? null);
  const tools = useJobPromptTools(setValues);
  const save = useSaveJob({
    job,
    values,
    plan,
    logoUrl: logo.url,
    onDone,
    onInsufficientCredits,
  });

  const set = <Key extends keyof JobFormValues>(key: Key, value: JobFormValues[Key]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const rotationIndex = job?.itemListIndex ?? 1;
  const preview = jobRunPrompt({ ...values, itemListIndex: rotationIndex }).prompt;

  return (
    <form onSubmit={save.submit} noValidate aria-label={editing ? 'Edit job' : 'Create job'}>
      <div className="grid gap-6">
        {!plan.canCreateJobs && <JobUpgradeNotice user={user} />}

        <JobPromptCard values={values} set={set} rotationIndex={rotationIndex} tools={tools} />

        <JobVideoSettingsCard
          level={level}
          values={values}
          savedScenes={job?.scenes ?? null}
          set={set}
          logo={logo}
        />

        <JobVoiceCard
          editing={editing}
          narration={values.narration}
          onChange={(narration) => set('narration', narration)}
        />

        <JobPublishSection
          value={values.publishTo}
          onChange={(publishTo) => set('publishTo', publishTo)}
          videoSeconds={values.scenes * SECONDS_PER_SCENE}
          error={
            save.triedSaving &&
            values.publishTo.platforms.includes('tiktok') &&
            !values.publishTo.tiktokPrivacyLevel
              ? PUBLISH_MESSAGES.tiktokPrivacy
              : undefined
          }
          showErrors={save.triedSaving}
        />

        <JobPromptPreview
          preview={preview}
          values={values}
          watermarkRemovable={plan.watermarkRemovable}
        />

        <JobFormActions
          editing={editing}
          canCreateJobs={plan.canCreateJobs}
          busy={save.isSaving || logo.isUploading}
          saving={save.isSaving}
          onCancel={onDone}
        />
      </div>
    </form>
  );
}
