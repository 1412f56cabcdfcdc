// The one shape every error answer has (server/http/error-handler.ts): a message a member can read,
// a stable code, and whatever the error adds (the field at fault, the balance, when to retry).
import { z } from 'zod';

export const errorBodySchema = z.looseObject({
  message: z.string().describe('What went wrong, in words a member can read.'),
  code: z.string().optional().describe('A stable name for the error, e.g. VALIDATION_ERROR.'),
  field: z.string().optional().describe('The request field at fault, when one is.'),
  errors: z.array(z.string()).optional(),
  retryAfterSeconds: z.number().optional(),
  correlationId: z.string().optional().describe("Names a 500 in the server's logs."),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
