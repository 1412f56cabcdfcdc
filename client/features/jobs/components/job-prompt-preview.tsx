// A preview of exactly what the job's next run will ask for, with the look it will have.
import { ASPECT_RATIO_LABELS } from '@shared/catalogue';
import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
} from '@/components/ui/accordion';
import type { JobFormValues } from '../job-form-values';

export function JobPromptPreview({
  preview,
  values,
  watermarkRemovable,
}: {
  preview: string;
  values: Pick<JobFormValues, 'aspectRatio' | 'scenes' | 'watermark'>;
  watermarkRemovable: boolean;
}) {
  return (
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
            {watermarkRemovable && !values.watermark ? ', no watermark' : ', watermark'}.
          </p>
        </AccordionContent>
      </AccordionItem>
    </Accordion>
  );
}
