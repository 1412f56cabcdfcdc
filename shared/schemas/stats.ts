// Public site statistics for the landing page's call-to-action.
import { z } from 'zod';

export const userCountSchema = z.object({
  totalUsers: z.number().int(),
  earlyAccess: z.object({
    isActive: z.boolean(),
    available: z.number().int(),
    taken: z.number().int(),
  }),
});
export type UserCount = z.infer<typeof userCountSchema>;
