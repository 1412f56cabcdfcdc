import { describe, expect, it } from 'vitest';
import { pickRandomPrompt } from './get-viral-prompts';

describe('pickRandomPrompt', () => {
  const prompts = ['a', 'b', 'c'];

  it('picks by the random number', () => {
    expect(pickRandomPrompt(prompts, '', () => 0)).toBe('a');
    expect(pickRandomPrompt(prompts, '', () => 0.99)).toBe('c');
  });

  it('never repeats the current description when there is another prompt', () => {
    expect(pickRandomPrompt(prompts, 'a', () => 0)).toBe('b');
    expect(pickRandomPrompt(['only'], 'only', () => 0)).toBe('only');
  });

  it('gives nothing for an empty list', () => {
    expect(pickRandomPrompt([], '', () => 0)).toBeNull();
  });
});
