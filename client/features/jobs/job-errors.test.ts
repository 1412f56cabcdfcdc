import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { isNotFound, jobSaveFailure } from './job-errors';

describe('job errors', () => {
  it("titles a save failure by the form's missing fields, or create or update", () => {
    const missing = new ApiError(400, 'Please fill in: Job Name', undefined, {
      message: 'Please fill in: Job Name',
    });
    expect(jobSaveFailure(missing, false)).toEqual({
      title: 'Missing Required Fields',
      description: 'Please fill in: Job Name',
    });
    expect(jobSaveFailure(new ApiError(500, '500 Internal Server Error'), true)).toEqual({
      title: 'Failed to Update Job',
      description: 'Please try again.',
    });
    expect(jobSaveFailure(new Error('offline'), false).title).toBe('Failed to Create Job');
  });

  it('knows a 404', () => {
    expect(isNotFound(new ApiError(404, 'Not found'))).toBe(true);
    expect(isNotFound(new ApiError(500, 'Boom'))).toBe(false);
  });
});
