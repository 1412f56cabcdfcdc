// What other features may read and change of a member's account row, inside their own transactions
// (a payment's plan change, an admin's edit, a referral). The members feature keeps the SQL; other
// features are given this shape, never its repository module.
import type { MembersRepository } from './repository';

export type MemberRecords = Pick<
  MembersRepository,
  | 'findById'
  | 'findReferrer'
  | 'countReferred'
  | 'countAll'
  | 'findIdByReferralCode'
  | 'emailExists'
  | 'setReferredBy'
  | 'changePlan'
  | 'lockById'
  | 'lockByCustomer'
  | 'lockBySubscription'
  | 'lockExpiredPlans'
  | 'claimCustomer'
  | 'update'
>;
