// Admin rules beyond plan changes: granting credits to a member (spec/product.md §5 "Admin"), once
// per submission of the form, with the member told at once.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { GrantCredits } from '../../../shared/schemas/admin';
import type { UserRow } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { NotFound } from '../../errors';
import type { CreditsService } from '../credits/service';
import type { NotificationsService } from '../notifications/service';
import type { UsersRepository } from '../users/repository';

export type GrantResult = {
  userId: string;
  amount: number;
  description: string;
  /** False when this Idempotency-Key had been granted already (a retried request): nothing added. */
  granted: boolean;
};

export class AdminService {
  constructor(
    private readonly deps: {
      pool: pg.Pool;
      users: UsersRepository;
      credits: CreditsService;
      notifications: NotificationsService;
    },
  ) {}

  /**
   * Adds bonus credits with an `earn` ledger entry whose reference names the admin
   * (`grant:{adminId}:{key}`), so exports show who granted it. A retried request carrying the same
   * Idempotency-Key grants nothing more.
   */
  async grantCredits(
    admin: UserRow,
    input: GrantCredits,
    idempotencyKey: string | null,
  ): Promise<GrantResult> {
    return inTransaction(this.deps.pool, async (tx) => {
      const member = await this.deps.users.findById(input.userId, tx.db);
      // A deleted member's emptied row is kept for accounting only: nothing more is granted to it.
      if (!member || member.deletedAt) throw new NotFound('User not found');
      const granted = await this.deps.credits.addEarned(tx.db, {
        userId: member.id,
        amount: input.amount,
        description: input.description,
        reference: `grant:${admin.id}:${idempotencyKey ?? randomUUID()}`,
      });
      if (granted) {
        const credits = `${input.amount} credit${input.amount === 1 ? '' : 's'}`;
        await this.deps.notifications.notify(tx, member.id, {
          kind: 'credits_granted',
          title: 'Credits Received',
          message: `${credits} added to your balance: ${input.description}`,
        });
      }
      return { userId: member.id, amount: input.amount, description: input.description, granted };
    });
  }
}
