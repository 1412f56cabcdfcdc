// Recognises a refusal for lack of credits, whichever way the server says it (spec/api.md §8.2,
// §8.4), so every screen opens the same 'Insufficient Video Credits' dialog for it.
import { ApiError } from '@/lib/api-client';

const MESSAGE_PREFIX = /^INSUFFICIENT_CREDITS:(\d+)/;

/**
 * The member's balance when the failure means "not enough credits", else undefined. The server
 * says it with the code INSUFFICIENT_CREDITS (and remainingCredits), a details text containing
 * 'insufficient credits', or a message 'INSUFFICIENT_CREDITS:{n}' (spec/api.md §8.4).
 */
export function insufficientCreditsIn(error: unknown): number | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const { remainingCredits, details } = error.data;
  if (error.code === 'INSUFFICIENT_CREDITS') {
    return typeof remainingCredits === 'number' ? remainingCredits : 0;
  }
  const prefixed = MESSAGE_PREFIX.exec(error.message);
  if (prefixed) return Number(prefixed[1]);
  if (typeof details === 'string' && /insufficient credits/i.test(details)) {
    return typeof remainingCredits === 'number' ? remainingCredits : 0;
  }
  return undefined;
}
