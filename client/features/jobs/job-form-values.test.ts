import type { VideoJob } from '@shared/schemas/jobs';
import { describe, expect, it } from 'vitest';
import {
  formValuesFrom,
  frequencyOptions,
  jobFormProblem,
  jobSceneSources,
  NEW_JOB_VALUES,
  sceneOptions,
  toJobInput,
} from './job-form-values';

const advancedJob: VideoJob = {
  id: 7,
  jobName: 'Tea tips',
  postType: 'video',
  frequency: 'weekly',
  scenes: 4,
  aspectRatio: 'portrait',
  isActive: true,
  advancedMode: true,
  masterPrompt: 'About {Tea}. {Tea: green, black}',
  brandName: '',
  brandDescription: 'Advanced mode',
  focusFeatures: 'Advanced mode',
  callToAction: '',
  filmStyle: 'Advanced mode',
  dynamicSet: 'Advanced mode',
  sourceImageUrl: null,
  sceneSource: null,
  watermark: false,
  voiceId: null,
  voiceSpeed: 1,
  captionStyle: 'karaoke',
  itemListIndex: 2,
  createdAt: '2026-11-01T00:00:00.000Z',
  nextRunAt: null,
  lastRunAt: null,
  lastResult: null,
  pausedReason: null,
  publishTo: null,
  lastPublishResult: null,
};

describe('job form values', () => {
  it("starts an advanced job's guided fields empty, not with the 'Advanced mode' marker", () => {
    const values = formValuesFrom(advancedJob);
    expect(values.masterPrompt).toBe(advancedJob.masterPrompt);
    expect(values.brandDescription).toBe('');
    expect(values.dynamicSet).toBe('');
    expect(formValuesFrom(null)).toEqual(NEW_JOB_VALUES);
  });

  it("keeps a saved job's voice in its payload; a new job sends none until one is chosen", () => {
    const values = formValuesFrom(advancedJob);
    expect(values.narration).toEqual({ voiceId: null, voiceSpeed: 1, captionStyle: 'karaoke' });
    const extra = { sourceImageUrl: null, isActive: true };
    expect(toJobInput(values, extra)).toMatchObject({
      voiceId: null,
      voiceSpeed: 1,
      captionStyle: 'karaoke',
    });
    expect(toJobInput(values, extra)).not.toHaveProperty('narration');
    expect(toJobInput(NEW_JOB_VALUES, extra)).not.toHaveProperty('voiceId');
  });

  it("offers scenes up to the plan's maximum, keeping a bigger saved count", () => {
    expect(sceneOptions('Free', null)).toEqual([1]);
    expect(sceneOptions('Pro', null)).toEqual([1, 2]);
    expect(sceneOptions('Pro', 4)).toEqual([1, 2, 3, 4]);
    expect(sceneOptions('Elite', 2)).toEqual([1, 2, 3, 4]);
  });

  it("keeps a saved job's scene source and sends it; a new job leaves it to the server", () => {
    const extra = { sourceImageUrl: null, isActive: true };
    expect(toJobInput(NEW_JOB_VALUES, extra)).toMatchObject({ sceneSource: null });
    const saved = formValuesFrom({ ...advancedJob, sceneSource: 'ai-image' });
    expect(saved.sceneSource).toBe('ai-image');
    expect(toJobInput(saved, extra)).toMatchObject({ sceneSource: 'ai-image' });
  });

  it("offers a job the server's scene sources but My images, keeping a saved one", () => {
    expect(jobSceneSources(['offline', 'upload', 'ai-image'], null)).toEqual([
      'offline',
      'ai-image',
    ]);
    expect(jobSceneSources(['offline', 'upload'], 'ai-video')).toEqual(['offline', 'ai-video']);
  });

  it('offers every hour to Elite only', () => {
    const hourly = (level: 'Pro' | 'Elite') =>
      frequencyOptions(level).find((option) => option.value === '1hour');
    expect(hourly('Pro')).toEqual({ value: '1hour', label: 'Every hour (Elite)', disabled: true });
    expect(hourly('Elite')).toEqual({ value: '1hour', label: 'Every hour', disabled: false });
    expect(frequencyOptions('Pro').filter((option) => !option.disabled)).toHaveLength(7);
  });

  it("names the missing fields in the form's words, by mode", () => {
    const guided = toJobInput(
      { ...NEW_JOB_VALUES, jobName: 'Coffee', brandDescription: 'Beans' },
      { sourceImageUrl: null, isActive: true },
    );
    expect(jobFormProblem(guided, false)).toEqual({
      title: 'Missing Required Fields',
      description:
        'Please fill in: Focus Features & Messages, Film Style, Dynamic Scene Generation',
    });
    const advanced = toJobInput(
      { ...NEW_JOB_VALUES, advancedMode: true },
      { sourceImageUrl: null, isActive: true },
    );
    expect(jobFormProblem(advanced, false)?.description).toBe(
      'Please fill in: Job Name, Dynamic Prompt',
    );
  });

  it('says which field is too long, titled by create or update', () => {
    const input = toJobInput(
      { ...NEW_JOB_VALUES, jobName: 'x'.repeat(101), advancedMode: true, masterPrompt: 'Go' },
      { sourceImageUrl: null, isActive: true },
    );
    expect(jobFormProblem(input, true)).toEqual({
      title: 'Failed to Update Job',
      description: 'Job Name must be 100 characters or less.',
    });
    const fine = toJobInput(
      { ...NEW_JOB_VALUES, jobName: 'Tea', advancedMode: true, masterPrompt: 'Go' },
      { sourceImageUrl: null, isActive: true },
    );
    expect(jobFormProblem(fine, false)).toBeNull();
  });
});
