// The job form's Guided tab: the brand described once (name, description, focus, call to action,
// film style, what changes between videos), or filled from the sample brand.
import { LIMITS } from '@shared/limits';
import { JOB_FIELD_LABELS } from '@shared/schemas/jobs';
import { Loader2, Sparkles } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { TabsContent } from '@/components/ui/tabs';
import type { JobFormValues } from '../job-form-values';
import { JobTextField } from './job-text-field';

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

export function JobGuidedFields({
  values,
  onChange,
  loadingSample,
  onFillWithSample,
}: {
  values: JobFormValues;
  onChange: (field: GuidedField, value: string) => void;
  loadingSample: boolean;
  onFillWithSample: () => void;
}) {
  return (
    <TabsContent value="guided" className="grid gap-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-muted-foreground text-sm">
          Describe the brand once; every video is composed from these details.
        </p>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={onFillWithSample}
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
          onChange={(value) => onChange(field.name, value)}
        />
      ))}
    </TabsContent>
  );
}
