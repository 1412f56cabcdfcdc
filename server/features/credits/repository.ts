// SQL for credits: the two balance buckets and the append-only ledger. Every method takes the
// database or transaction to run on, so a debit and the row it pays for commit together.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { creditBalances, creditLedger } from '../../db/schema';

export type Bucket = 'allowance' | 'bonus' | 'unlimited';

export type LedgerInsert = {
  userId: string;
  amount: number;
  transactionType: string;
  bucket: Bucket;
  description: string;
  videoRequestId?: number | null;
  reference?: string | null;
};

type Balance = { allowanceRemaining: number; bonusCredits: number };

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export class CreditsRepository {
  async ensureBalance(db: Database, userId: string): Promise<void> {
    await db.insert(creditBalances).values({ userId }).onConflictDoNothing();
  }

  async findBalance(db: Database, userId: string): Promise<Balance | undefined> {
    const [row] = await db
      .select({
        allowanceRemaining: creditBalances.allowanceRemaining,
        bonusCredits: creditBalances.bonusCredits,
      })
      .from(creditBalances)
      .where(eq(creditBalances.userId, userId));
    return row;
  }

  /**
   * Starts a new allowance period when the stored one has ended (or never started). Only one of
   * several racing callers wins; it gets the allowance that was dropped, the others get null.
   */
  async startAllowancePeriod(
    db: Database,
    userId: string,
    period: { start: Date; end: Date },
    monthlyCredits: number,
  ): Promise<{ dropped: number } | null> {
    const result = await db.execute(sql`
      with current as (
        select user_id, allowance_remaining as dropped
        from credit_balances where user_id = ${userId} for update
      )
      update credit_balances b
      set allowance_remaining = ${monthlyCredits},
          allowance_period_start = ${period.start.toISOString()},
          allowance_period_end = ${period.end.toISOString()},
          updated_at = now()
      from current
      where b.user_id = current.user_id
        and (b.allowance_period_end is null or b.allowance_period_end <= ${period.start.toISOString()})
      returning current.dropped`);
    const [row] = rowsOf<{ dropped: number }>(result);
    return row ? { dropped: Number(row.dropped) } : null;
  }

  /**
   * Spends `amount` in one conditional statement: allowance first, then bonus, and only when the
   * two together cover it. Racing debits queue on the row lock, so none can overdraw. Returns the
   * allowance the debit took, or null when the balance was short.
   */
  async debit(
    db: Database,
    userId: string,
    amount: number,
  ): Promise<{ fromAllowance: number; fromBonus: number } | null> {
    const result = await db.execute(sql`
      with current as (
        select user_id, allowance_remaining as before
        from credit_balances where user_id = ${userId} for update
      )
      update credit_balances b
      set allowance_remaining = b.allowance_remaining - least(b.allowance_remaining, ${amount}),
          bonus_credits = b.bonus_credits - (${amount} - least(b.allowance_remaining, ${amount})),
          updated_at = now()
      from current
      where b.user_id = current.user_id
        and b.allowance_remaining + b.bonus_credits >= ${amount}
      returning least(current.before, ${amount}) as from_allowance`);
    const [row] = rowsOf<{ from_allowance: number }>(result);
    if (!row) return null;
    const fromAllowance = Number(row.from_allowance);
    return { fromAllowance, fromBonus: amount - fromAllowance };
  }

  async add(db: Database, userId: string, bucket: 'allowance' | 'bonus', amount: number) {
    const column = bucket === 'allowance' ? 'allowance_remaining' : 'bonus_credits';
    await db.execute(sql`
      update credit_balances set ${sql.raw(column)} = ${sql.raw(column)} + ${amount},
        updated_at = now()
      where user_id = ${userId}`);
  }

  /** Appends an entry; with a reference already used for this type, writes nothing (null). */
  async appendLedger(db: Database, entry: LedgerInsert): Promise<number | null> {
    const [row] = await db
      .insert(creditLedger)
      .values(entry)
      .onConflictDoNothing()
      .returning({ id: creditLedger.id });
    return row?.id ?? null;
  }

  async findLedgerByReference(db: Database, transactionType: string, reference: string) {
    const [row] = await db
      .select()
      .from(creditLedger)
      .where(
        and(
          eq(creditLedger.transactionType, transactionType),
          eq(creditLedger.reference, reference),
        ),
      );
    return row;
  }

  async listLedger(db: Database, userId: string, limit: number) {
    return db
      .select({
        id: creditLedger.id,
        amount: creditLedger.amount,
        transactionType: creditLedger.transactionType,
        description: creditLedger.description,
        createdAt: creditLedger.createdAt,
      })
      .from(creditLedger)
      .where(eq(creditLedger.userId, userId))
      .orderBy(desc(creditLedger.createdAt), desc(creditLedger.id))
      .limit(limit);
  }
}
