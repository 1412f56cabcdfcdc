import { VOICE_SPEED } from '@shared/schemas/voices';
import { describe, expect, it } from 'vitest';
import {
  fallbackNarration,
  formatSpeed,
  groupVoicesByLanguage,
  narrationBody,
  speedFromInput,
  voiceLabel,
} from './narration';
import { testVoices } from './test-voices';

describe('narration', () => {
  it('shows a speed with one decimal unless the step needs two', () => {
    expect(formatSpeed(1)).toBe('1.0×');
    expect(formatSpeed(1.5)).toBe('1.5×');
    expect(formatSpeed(0.75)).toBe('0.75×');
    expect(formatSpeed(1.05)).toBe('1.05×');
    expect(formatSpeed(1.1)).toBe('1.1×');
  });

  it('reads a range value onto the VOICE_SPEED grid, within its bounds', () => {
    expect(speedFromInput('1.1500000000000001')).toBe(1.15);
    expect(speedFromInput('1.27')).toBe(1.25);
    expect(speedFromInput('3')).toBe(VOICE_SPEED.max);
    expect(speedFromInput('0.1')).toBe(VOICE_SPEED.min);
    expect(speedFromInput('fast')).toBe(VOICE_SPEED.default);
  });

  it('names a voice with its language and groups voices by language in first-seen order', () => {
    expect(voiceLabel({ name: 'Ava', languageName: 'US English' })).toBe('Ava — US English');
    expect(
      groupVoicesByLanguage(testVoices.voices).map((group) => [
        group.languageName,
        group.voices.map((voice) => voice.name),
      ]),
    ).toEqual([
      ['US English', ['Ava', 'Leo']],
      ['French', ['Léa']],
    ]);
  });

  it('sends all three fields once chosen, null voiceId for No voice, nothing before', () => {
    expect(narrationBody(null)).toEqual({});
    expect(narrationBody({ voiceId: null, voiceSpeed: 1.2, captionStyle: 'minimal' })).toEqual({
      voiceId: null,
      voiceSpeed: 1.2,
      captionStyle: 'minimal',
    });
    expect(fallbackNarration('en-us-ava')).toEqual({
      voiceId: 'en-us-ava',
      voiceSpeed: 1,
      captionStyle: 'karaoke',
    });
  });
});
