import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import { AUTH_REQUIRED_MESSAGE, describeAuthError } from './auth-error';

describe('describeAuthError', () => {
  it('treats a 401 as an expired session', () => {
    expect(describeAuthError(new ApiError(401, 'Unauthorized'))).toEqual({
      kind: 'auth-required',
      title: 'Authentication Required',
      message: AUTH_REQUIRED_MESSAGE,
    });
  });

  it('recognises network failures', () => {
    expect(describeAuthError(new ApiError(0, NETWORK_ERROR_MESSAGE)).title).toBe(
      'Connection Problem',
    );
    expect(describeAuthError(new TypeError('Failed to fetch')).title).toBe('Connection Problem');
  });

  it('recognises time-outs', () => {
    expect(describeAuthError(new Error('Request timeout after 20s')).title).toBe('Request Timeout');
  });

  it('shows any other message as an authentication error', () => {
    expect(describeAuthError(new ApiError(500, 'Database unavailable'))).toMatchObject({
      title: 'Authentication Error',
      message: 'Database unavailable',
    });
  });
});
