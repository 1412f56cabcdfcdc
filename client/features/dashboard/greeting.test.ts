import { describe, expect, it } from 'vitest';
import { greeting } from './greeting';

const now = Date.parse('2026-11-25T12:00:00Z');

describe('greeting', () => {
  it('welcomes a member who has just signed up, and welcomes back one who returns', () => {
    expect(greeting({ firstName: 'Robin', createdAt: '2026-11-25T11:58:00Z' }, now)).toBe(
      'Welcome to Reelforge, Robin',
    );
    expect(greeting({ firstName: 'Robin', createdAt: '2026-11-24T09:00:00Z' }, now)).toBe(
      'Welcome back, Robin',
    );
    expect(greeting({ firstName: null, createdAt: '2026-11-20T09:00:00Z' }, now)).toBe(
      'Welcome back',
    );
  });
});
