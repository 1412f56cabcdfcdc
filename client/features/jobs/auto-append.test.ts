import { buildMasterPrompt } from '@shared/master-prompt';
import { describe, expect, it } from 'vitest';
import {
  AUTO_APPEND_STORAGE_KEY,
  appendVideoSettings,
  autoAppendLabel,
  autoAppendPhase,
  readLastAppend,
} from './auto-append';

describe('Auto-Append timeline', () => {
  const at = 1_000_000;
  const label = (now: number, last: number | null = at) =>
    autoAppendLabel(autoAppendPhase(now, last));

  it("rests 30 s counting down 'Success (Ns)', then says 'Done' for 3 s, then is ready", () => {
    expect(label(at, null)).toBe('Auto-Append');
    expect(label(at)).toBe('Success (30s)');
    expect(label(at + 1)).toBe('Success (30s)');
    expect(label(at + 1_000)).toBe('Success (29s)');
    expect(label(at + 29_999)).toBe('Success (1s)');
    expect(label(at + 30_000)).toBe('Done');
    expect(label(at + 32_999)).toBe('Done');
    expect(label(at + 33_000)).toBe('Auto-Append');
  });

  it('treats a stored time in the future (a changed clock) as no rest', () => {
    expect(autoAppendPhase(at, at + 5_000)).toEqual({ phase: 'ready' });
  });

  it('reads the stored time, ignoring junk', () => {
    const storage = (value: string | null) => ({
      getItem: (key: string) => (key === AUTO_APPEND_STORAGE_KEY ? value : null),
    });
    expect(readLastAppend(storage(String(at)))).toBe(at);
    expect(readLastAppend(storage('soon'))).toBeNull();
    expect(readLastAppend(storage(null))).toBeNull();
    expect(readLastAppend(null)).toBeNull();
  });
});

describe('appendVideoSettings', () => {
  it("adds one block with the form's settings at the end of the prompt", () => {
    expect(
      appendVideoSettings('A video about {Topic}.\n{Topic: tea, coffee}\n', {
        aspectRatio: 'portrait',
        watermark: false,
        scenes: 2,
      }),
    ).toBe(
      'A video about {Topic}.\n{Topic: tea, coffee}\n\nVideo settings:\naspect_ratio: 9:16\nwatermark: false\nscenes: 2 × 8 seconds',
    );
  });

  it('updates its earlier block where it stands instead of piling up copies', () => {
    const once = appendVideoSettings('Intro', {
      aspectRatio: 'landscape',
      watermark: true,
      scenes: 1,
    });
    const edited = `${once}\nMore notes.`;
    const twice = appendVideoSettings(edited, {
      aspectRatio: 'portrait',
      watermark: true,
      scenes: 4,
    });
    expect(twice.match(/Video settings:/g)).toHaveLength(1);
    expect(twice).toBe(
      'Intro\n\nVideo settings:\naspect_ratio: 9:16\nwatermark: true\nscenes: 4 × 8 seconds\nMore notes.',
    );
  });

  it('never repeats a setting the template already states: it updates it in place', () => {
    const template =
      'Style: cinematic.\naspect_ratio: 16:9\nwatermark: true\n\n{Topic: tea, coffee}';
    const appended = appendVideoSettings(template, {
      aspectRatio: 'portrait',
      watermark: false,
      scenes: 3,
    });
    expect(appended.match(/aspect_ratio/g)).toHaveLength(1);
    expect(appended.match(/watermark/g)).toHaveLength(1);
    expect(appended).toBe(
      'Style: cinematic.\naspect_ratio: 9:16\nwatermark: false\n\n{Topic: tea, coffee}\n\nVideo settings:\nscenes: 3 × 8 seconds',
    );
    // Pressing again changes values, adds nothing.
    const again = appendVideoSettings(appended, {
      aspectRatio: 'landscape',
      watermark: true,
      scenes: 2,
    });
    expect(again).toBe(
      'Style: cinematic.\naspect_ratio: 16:9\nwatermark: true\n\n{Topic: tea, coffee}\n\nVideo settings:\nscenes: 2 × 8 seconds',
    );
  });

  it('writes a block alone into an empty prompt', () => {
    expect(
      appendVideoSettings('  ', { aspectRatio: 'landscape', watermark: true, scenes: 1 }),
    ).toBe('Video settings:\naspect_ratio: 16:9\nwatermark: true\nscenes: 1 × 8 seconds');
  });

  it('writes lines that every run then keeps in step with the form', () => {
    const prompt = appendVideoSettings('Clip', {
      aspectRatio: 'landscape',
      watermark: true,
      scenes: 1,
    });
    expect(buildMasterPrompt(prompt, 1, { aspectRatio: 'portrait', watermark: false })).toContain(
      'aspect_ratio: 9:16\nwatermark: false',
    );
  });
});
