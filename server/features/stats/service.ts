// Public site statistics: member count and early-access spots, for the landing call-to-action.
import { EARLY_ACCESS_CAPACITY } from '../../../shared/catalogue';
import type { UserCount } from '../../../shared/schemas/stats';
import type { MemberRecords } from '../members';

export class StatsService {
  constructor(
    private readonly members: MemberRecords,
    private readonly earlyAccessActive: boolean,
  ) {}

  async userCount(): Promise<UserCount> {
    const totalUsers = await this.members.countAll();
    return {
      totalUsers,
      earlyAccess: {
        isActive: this.earlyAccessActive,
        available: EARLY_ACCESS_CAPACITY,
        taken: Math.min(totalUsers, EARLY_ACCESS_CAPACITY),
      },
    };
  }
}
