// The job form's Advanced tab: one master prompt with item lists that rotate run by run, a
// template to start from, Auto-Append, and which item the next video uses.

import { LIMITS } from '@shared/limits';
import { parseItemLists, rotationLength } from '@shared/master-prompt';
import { JOB_FIELD_LABELS } from '@shared/schemas/jobs';
import { FileText, Loader2, Wand2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { TabsContent } from '@/components/ui/tabs';
import type { JobPromptTools } from '../hooks/use-job-prompt-tools';
import { JobTextField } from './job-text-field';

export function JobAdvancedFields({
  masterPrompt,
  advancedMode,
  rotationIndex,
  onChange,
  tools,
}: {
  masterPrompt: string;
  advancedMode: boolean;
  /** The item the next run uses (1 for a new job). */
  rotationIndex: number;
  onChange: (masterPrompt: string) => void;
  tools: Pick<
    JobPromptTools,
    'loadingTemplate' | 'loadTemplate' | 'autoAppendLabel' | 'pressAutoAppend'
  >;
}) {
  const itemLists = advancedMode ? parseItemLists(masterPrompt).lists : [];
  return (
    <TabsContent value="advanced" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-muted-foreground text-sm">
          One master prompt. Declare item lists like{' '}
          <code className="rounded bg-muted px-1">{'{Topic: a, b, "c, d"}'}</code> and use{' '}
          <code className="rounded bg-muted px-1">{'{Topic}'}</code>; each run takes the next item.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => void tools.loadTemplate()}
            disabled={tools.loadingTemplate}
          >
            {tools.loadingTemplate ? (
              <Loader2 className="animate-spin" aria-hidden="true" />
            ) : (
              <FileText aria-hidden="true" />
            )}
            Load Template
          </Button>
          <Button type="button" variant="outline" size="sm" onClick={tools.pressAutoAppend}>
            <Wand2 aria-hidden="true" />
            {tools.autoAppendLabel}
          </Button>
        </div>
      </div>
      <JobTextField
        label={JOB_FIELD_LABELS.masterPrompt}
        value={masterPrompt}
        max={LIMITS.dynamicPromptMax}
        required
        rows={10}
        placeholder={
          'A 10-second video about {Topic} for {Audience}.\n\n{Topic: "morning coffee", "street food"}\n{Audience: students, travellers}'
        }
        hint="Auto-Append adds the video settings below (aspect ratio, watermark, scenes) to the end of the prompt."
        onChange={onChange}
      />
      {itemLists.length > 0 && (
        <p className="text-muted-foreground text-sm" role="status">
          {itemLists.length === 1 ? '1 item list' : `${itemLists.length} item lists`} (
          {itemLists.map((list) => `${list.name}: ${list.items.length}`).join(', ')}). The next
          video uses item {rotationIndex} of {rotationLength(itemLists)}.
        </p>
      )}
    </TabsContent>
  );
}
