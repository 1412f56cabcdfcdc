// Names an authentication failure the way spec/api.md §8.5 does.
import { ApiError } from '@/lib/api-client';

export type AuthErrorKind = 'auth-required' | 'connection' | 'timeout' | 'other';

export const AUTH_REQUIRED_MESSAGE =
  "Your session has expired or you're not logged in. Please sign in to continue.";

export function describeAuthError(error: unknown): {
  kind: AuthErrorKind;
  title: string;
  message: string;
} {
  const message = error instanceof Error ? error.message : String(error);
  const status = error instanceof ApiError ? error.status : undefined;
  if (status === 401 || /401|Unauthorized|Authentication|Not authenticated/.test(message)) {
    return {
      kind: 'auth-required',
      title: 'Authentication Required',
      message: AUTH_REQUIRED_MESSAGE,
    };
  }
  if (/Network|Failed to fetch/.test(message)) {
    return { kind: 'connection', title: 'Connection Problem', message };
  }
  if (/timeout/i.test(message)) {
    return { kind: 'timeout', title: 'Request Timeout', message };
  }
  return { kind: 'other', title: 'Authentication Error', message };
}
