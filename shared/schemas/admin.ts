// Admin payloads.
import { z } from 'zod';
import { MEMBER_LEVELS } from '../plans';

export const changePlanSchema = z.object({
  memberLevel: z.enum(MEMBER_LEVELS, { error: 'memberLevel must be Free, Pro or Elite.' }),
  /** The plan lasts until this time, then returns to the plan the member had before. */
  until: z.iso
    .datetime({ offset: true, error: 'until must be an ISO 8601 date and time.' })
    .optional(),
});
export type ChangePlanInput = z.infer<typeof changePlanSchema>;
