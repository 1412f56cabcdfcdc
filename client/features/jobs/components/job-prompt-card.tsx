// The job form's name and prompt: Guided (brand details) or Advanced (one master prompt).
import { LIMITS } from '@shared/limits';
import { JOB_FIELD_LABELS } from '@shared/schemas/jobs';
import { Card, CardContent } from '@/components/ui/card';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { JobPromptTools } from '../hooks/use-job-prompt-tools';
import type { JobFormValues } from '../job-form-values';
import { JobAdvancedFields } from './job-advanced-fields';
import { JobGuidedFields } from './job-guided-fields';
import { JobTextField } from './job-text-field';

export function JobPromptCard({
  values,
  set,
  rotationIndex,
  tools,
}: {
  values: JobFormValues;
  set: <Key extends keyof JobFormValues>(key: Key, value: JobFormValues[Key]) => void;
  rotationIndex: number;
  tools: JobPromptTools;
}) {
  return (
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

          <JobGuidedFields
            values={values}
            onChange={set}
            loadingSample={tools.loadingSample}
            onFillWithSample={() => void tools.fillWithSample()}
          />

          <JobAdvancedFields
            masterPrompt={values.masterPrompt}
            advancedMode={values.advancedMode}
            rotationIndex={rotationIndex}
            onChange={(value) => set('masterPrompt', value)}
            tools={tools}
          />
        </Tabs>
      </CardContent>
    </Card>
  );
}
