// The server's own message when it sent one ({message}), else the spec's fallback: a bare status
// line like "500 Internal Server Error" is no use to a member (spec/api.md §8.3).
import { ApiError } from '@/lib/api-client';

export function serverMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && typeof error.data.message === 'string' && error.data.message) {
    return error.data.message;
  }
  return fallback;
}
