// Saving the job form: checks it as the server will, sends it, and says how it went; a refusal for
// lack of credits opens the Insufficient Credits dialog instead of a toast.

import type { VideoJob } from '@shared/schemas/jobs';
import type { TierRules } from '@shared/tiers';
import { useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { insufficientCreditsIn } from '@/entities/credits/insufficient-credits';
import { useSaveVideoJob } from '../api/save-video-job';
import { jobSaveFailure } from '../job-errors';
import { type JobFormValues, jobFormProblem, toJobInput } from '../job-form-values';

export function useSaveJob({
  job,
  values,
  plan,
  logoUrl,
  onDone,
  onInsufficientCredits,
}: {
  job: VideoJob | null;
  values: JobFormValues;
  plan: Pick<TierRules, 'canCreateJobs' | 'monthlyCredits'>;
  logoUrl: string | null;
  onDone: () => void;
  onInsufficientCredits: (remainingCredits: number | null) => void;
}) {
  const save = useSaveVideoJob();
  // Some problems (TikTok's missing privacy level) are shown on their field once a save was tried.
  const [triedSaving, setTriedSaving] = useState(false);
  const editing = job !== null;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!plan.canCreateJobs) return;
    setTriedSaving(true);
    const input = toJobInput(values, {
      sourceImageUrl: logoUrl,
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

  return { submit, triedSaving, isSaving: save.isPending };
}
