// The job form's helpers that write the prompt for the member: Fill with Sample (guided fields),
// Load Template and Auto-Append (the master prompt), each busy on its own and saying when it cannot.
import type { Dispatch, SetStateAction } from 'react';
import { useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { getAdvancedModeTemplate } from '../api/get-advanced-mode-template';
import { getJobSample } from '../api/get-job-sample';
import { appendVideoSettings } from '../auto-append';
import { JOB_MESSAGES } from '../job-errors';
import type { JobFormValues } from '../job-form-values';
import { useAutoAppend } from './use-auto-append';

export function useJobPromptTools(setValues: Dispatch<SetStateAction<JobFormValues>>) {
  const [loadingSample, setLoadingSample] = useState(false);
  const [loadingTemplate, setLoadingTemplate] = useState(false);
  const autoAppend = useAutoAppend();

  const fillWithSample = async () => {
    setLoadingSample(true);
    try {
      const sample = await getJobSample();
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
      const { template } = await getAdvancedModeTemplate();
      setValues((current) => ({ ...current, masterPrompt: template }));
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

  return {
    loadingSample,
    fillWithSample,
    loadingTemplate,
    loadTemplate,
    autoAppendLabel: autoAppend.label,
    pressAutoAppend,
  };
}

export type JobPromptTools = ReturnType<typeof useJobPromptTools>;
