// Rules about members: who is an admin, which plan a member is on right now, plan changes.

import type { PickerUser } from '../../../shared/schemas/admin';
import { normalizeTier } from '../../../shared/tiers';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { UserRow } from '../../db/schema';
import type { TiersService } from '../tiers';
import type { MembersRepository } from './repository';

/** What the configuration makes of a member: an admin, an admin once verified, or a member. */
export type AdminStatus = 'admin' | 'awaiting-verification' | 'member';

export class MembersService {
  constructor(
    private readonly members: MembersRepository,
    private readonly config: Pick<Config, 'adminEmails' | 'adminUserIds'>,
    private readonly clock: Clock,
    private readonly tiers: TiersService,
  ) {}

  /**
   * Admins come from configuration, never from the client. ADMIN_USER_IDS names accounts, which
   * nobody else can take. ADMIN_EMAILS names addresses, and whoever signs up first with one holds
   * it: such an account is an admin only while its address is verified (a link it clicked, or a
   * social provider's verified-email claim), so a squatter on an admin address, or an account
   * that changed to one, gets nothing until it proves the inbox is theirs.
   */
  adminStatus(user: Pick<UserRow, 'id' | 'email' | 'emailVerified'>): AdminStatus {
    if (this.config.adminUserIds.includes(user.id)) return 'admin';
    if (!this.config.adminEmails.includes(user.email.toLowerCase())) return 'member';
    return user.emailVerified ? 'admin' : 'awaiting-verification';
  }

  isAdmin(user: Pick<UserRow, 'id' | 'email' | 'emailVerified'>): boolean {
    return this.adminStatus(user) === 'admin';
  }

  /** The ADMIN_EMAILS addresses no verified member holds yet (start-up tells the operator). */
  async adminEmailsWithoutVerifiedMember(): Promise<string[]> {
    const verified = new Set(await this.members.verifiedEmailsAmong(this.config.adminEmails));
    return this.config.adminEmails.filter((email) => !verified.has(email));
  }

  /** The member as stored, with a temporary plan that has run out already returned. */
  async findCurrent(userId: string): Promise<UserRow | undefined> {
    const user = await this.members.findById(userId);
    if (user?.planExpiresAt && user.planExpiresAt <= this.clock.now()) {
      await this.tiers.expire(userId);
      return this.members.findById(userId);
    }
    return user;
  }

  async expirePlans(): Promise<number> {
    return this.tiers.expire();
  }

  /** The admin's member picker: searched and paged on the server. */
  async search(query: { search?: string; limit: number; after?: string }): Promise<PickerUser[]> {
    const page = await this.members.search(query);
    return page.map((member) => ({
      ...member,
      memberLevel: normalizeTier(member.memberLevel),
    }));
  }
}
