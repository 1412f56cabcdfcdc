// SQL for a member's voice defaults (columns of users).
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type UserRow, users } from '../../db/schema';
import type { NarrationChoice } from './narration-choice';

export class VoiceSettingsRepository {
  constructor(private readonly db: Database) {}

  async save(userId: string, choice: NarrationChoice): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ ...choice, updatedAt: sql`now()` })
      .where(eq(users.id, userId))
      .returning();
    return row;
  }
}
