import { describe, expect, it } from 'vitest';
import { composeGuidedPrompt, type JobPromptSource, jobRunPrompt } from './job-prompt';

const job: JobPromptSource = {
  jobName: 'Daily coffee',
  advancedMode: false,
  masterPrompt: '',
  brandName: 'Ember & Oak',
  brandDescription: 'A small-batch roaster.',
  focusFeatures: 'Fresh beans.',
  callToAction: 'Order today.',
  filmStyle: 'Warm light.',
  dynamicSet: 'A new brewing method.',
  aspectRatio: 'portrait',
  watermark: true,
  itemListIndex: 1,
};

describe('job prompts', () => {
  it('composes the guided fields into one brief, leaving out empty ones', () => {
    expect(composeGuidedPrompt({ ...job, callToAction: '' })).toBe(
      [
        'A short promotional video for Ember & Oak.',
        'About the brand: A small-batch roaster.',
        'Focus on: Fresh beans.',
        'This time: A new brewing method.',
        'Film style: Warm light.',
      ].join('\n'),
    );
    expect(jobRunPrompt(job).nextIndex).toBe(1);
  });

  it('fills the master prompt at the index and moves the rotation on, wrapping', () => {
    const advanced = {
      ...job,
      advancedMode: true,
      masterPrompt: 'Film {Drink}. aspect_ratio: 16:9\n{Drink: tea, coffee}',
    };
    expect(jobRunPrompt({ ...advanced, itemListIndex: 2 })).toEqual({
      prompt: 'Film coffee. aspect_ratio: 9:16',
      nextIndex: 1,
    });
    expect(jobRunPrompt(advanced).nextIndex).toBe(2);
  });
});
