// What one Creator Engine run asks for: in guided mode a prompt composed from the brand details,
// in advanced mode the master prompt with its item lists filled in at the rotation index
// (shared/master-prompt.ts). Pure, so the job form can show exactly what a run will send.
import { buildMasterPrompt, nextItemListIndex, parseItemLists } from './master-prompt';

export type JobPromptSource = {
  jobName: string;
  advancedMode: boolean;
  masterPrompt: string | null;
  brandName: string | null;
  brandDescription: string | null;
  focusFeatures: string | null;
  callToAction: string | null;
  filmStyle: string | null;
  dynamicSet: string | null;
  aspectRatio: string;
  watermark: boolean;
  itemListIndex: number;
};

/** The guided fields as one brief for the scene planner, in the order a director reads them. */
export function composeGuidedPrompt(job: JobPromptSource): string {
  const brand = job.brandName?.trim();
  const lines = [
    brand
      ? `A short promotional video for ${brand}.`
      : `A short promotional video: ${job.jobName}.`,
    job.brandDescription?.trim() && `About the brand: ${job.brandDescription.trim()}`,
    job.focusFeatures?.trim() && `Focus on: ${job.focusFeatures.trim()}`,
    job.dynamicSet?.trim() && `This time: ${job.dynamicSet.trim()}`,
    job.filmStyle?.trim() && `Film style: ${job.filmStyle.trim()}`,
    job.callToAction?.trim() && `End with the call to action: ${job.callToAction.trim()}`,
  ];
  return lines.filter(Boolean).join('\n');
}

/** The prompt this run sends, and the rotation index the next run starts from. */
export function jobRunPrompt(job: JobPromptSource): { prompt: string; nextIndex: number } {
  if (!job.advancedMode) {
    return { prompt: composeGuidedPrompt(job), nextIndex: job.itemListIndex };
  }
  const masterPrompt = job.masterPrompt ?? '';
  const { lists } = parseItemLists(masterPrompt);
  return {
    prompt: buildMasterPrompt(masterPrompt, job.itemListIndex, {
      aspectRatio: job.aspectRatio === 'portrait' ? 'portrait' : 'landscape',
      watermark: job.watermark,
    }),
    nextIndex: nextItemListIndex(job.itemListIndex, lists),
  };
}
