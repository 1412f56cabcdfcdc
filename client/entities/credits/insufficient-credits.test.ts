import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { insufficientCreditsIn } from './insufficient-credits';

describe('insufficientCreditsIn', () => {
  it('recognises not enough credits however the server says it', () => {
    expect(
      insufficientCreditsIn(
        new ApiError(400, 'No credits', 'INSUFFICIENT_CREDITS', { remainingCredits: 0 }),
      ),
    ).toBe(0);
    expect(insufficientCreditsIn(new ApiError(400, 'INSUFFICIENT_CREDITS:3'))).toBe(3);
    expect(
      insufficientCreditsIn(
        new ApiError(400, 'Failed', undefined, { details: 'User has Insufficient credits' }),
      ),
    ).toBe(0);
    expect(
      insufficientCreditsIn(new ApiError(400, 'Job Name must be 100 characters or less.')),
    ).toBeUndefined();
    expect(insufficientCreditsIn(new Error('INSUFFICIENT_CREDITS:3'))).toBeUndefined();
  });
});
