import { describe, expect, it } from 'vitest';
import { generationPromptText, parseGenerationPrompt } from './scene-plan';

describe('parseGenerationPrompt', () => {
  it('reads the scene plan JSON', () => {
    const raw = JSON.stringify({
      title: 'Dawn',
      scenes: [
        {
          number: 1,
          prompt: 'Boats at dawn',
          caption: 'Lisbon wakes',
          camera: 'slow push-in',
          mood: 'calm',
          durationSeconds: 5,
        },
      ],
    });
    const prompt = parseGenerationPrompt(raw);
    expect(prompt).toMatchObject({
      kind: 'plan',
      title: 'Dawn',
      scenes: [{ number: 1, camera: 'slow push-in' }],
    });
    expect(prompt && generationPromptText(prompt)).toBe(
      'Dawn\n\nScene 1: Boats at dawn\nCaption: Lisbon wakes\nCamera: slow push-in\nMood: calm\nDuration: 5s',
    );
  });
  it('shows plain text as it is and nothing for an empty prompt', () => {
    expect(parseGenerationPrompt('A cat on a roof')).toEqual({
      kind: 'text',
      text: 'A cat on a roof',
    });
    expect(parseGenerationPrompt('  ')).toBeNull();
  });
});
