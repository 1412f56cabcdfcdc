// Rules about members: who is an admin, which plan a member is on right now, plan changes.
import type { MemberLevel } from '../../../shared/plans';
import type { PickerUser } from '../../../shared/schemas/admin';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { UserRow } from '../../db/schema';
import type { PlansService } from '../plans/service';
import type { UsersRepository } from './repository';

export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly config: Pick<Config, 'adminEmails' | 'adminUserIds'>,
    private readonly clock: Clock,
    private readonly plans: PlansService,
  ) {}

  /** Admins come from configuration (ADMIN_EMAILS, ADMIN_USER_IDS), never from the client. */
  isAdmin(user: Pick<UserRow, 'id' | 'email'>): boolean {
    return (
      this.config.adminUserIds.includes(user.id) ||
      this.config.adminEmails.includes(user.email.toLowerCase())
    );
  }

  /** The member as stored, with a temporary plan that has run out already returned. */
  async findCurrent(userId: string): Promise<UserRow | undefined> {
    const user = await this.users.findById(userId);
    if (user?.planExpiresAt && user.planExpiresAt <= this.clock.now()) {
      await this.plans.expire(userId);
      return this.users.findById(userId);
    }
    return user;
  }

  async changePlan(userId: string, memberLevel: MemberLevel, until?: string): Promise<UserRow> {
    return this.plans.changePlan(userId, memberLevel, until);
  }

  async expirePlans(): Promise<number> {
    return this.plans.expire();
  }

  /** The admin's member picker: searched and paged on the server. */
  async search(query: { search?: string; limit: number; after?: string }): Promise<PickerUser[]> {
    return this.users.search(query);
  }
}
