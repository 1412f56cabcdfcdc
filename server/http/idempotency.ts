// The Idempotency-Key header a client sends once per submission of a form: a retried request with
// the same key is answered with what the first one did instead of doing it again.
import { z } from 'zod';

export const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,100}$/, 'Idempotency-Key must be 8 to 100 letters, digits, - or _.')
    .optional(),
});
