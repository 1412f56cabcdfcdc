// SQL for credits: the two balance buckets and the append-only ledger. Every method takes the
// database or transaction to run on, so a debit and the row it pays for commit together.
import { and, desc, eq, like, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { creditBalances, creditLedger, users } from '../../db/schema';

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

/** A plan's allowance period and the ledger entries that starting it writes. */
export type AllowancePeriodStart = {
  monthlyCredits: number;
  start: Date;
  end: Date;
  /** Both entries' reference: the member and the period's start. */
  reference: string;
  /** The grant's entry ("Pro monthly credits"). */
  description: string;
  /** The entry for what was left of the old period, when anything was. */
  expiredDescription: string;
};

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
   * Starts a new allowance period of `monthlyCredits`, dropping what was left of the old one, when
   * `when` allows it on the member's locked balance row: `ended` once the stored period has ended
   * (the calendar's lazy refresh), `later` when the new period starts after the stored one's start
   * (a paid invoice: the same period twice starts once), `always` for a change of plan. Of several
   * racing callers only one starts a given period; it gets the allowance that was dropped, the
   * others (and a refused start) get null.
   */
  async startAllowancePeriod(
    db: Database,
    userId: string,
    period: { start: Date; end: Date },
    monthlyCredits: number,
    when: 'ended' | 'later' | 'always' = 'ended',
  ): Promise<{ dropped: number } | null> {
    const start = period.start.toISOString();
    const condition = {
      ended: sql`(b.allowance_period_end is null or b.allowance_period_end <= ${start})`,
      later: sql`(b.allowance_period_start is null or b.allowance_period_start < ${start})`,
      always: sql`true`,
    }[when];
    const result = await db.execute(sql`
      with current as (
        select user_id, allowance_remaining as dropped
        from credit_balances where user_id = ${userId} for update
      )
      update credit_balances b
      set allowance_remaining = ${monthlyCredits},
          allowance_period_start = ${start},
          allowance_period_end = ${period.end.toISOString()},
          updated_at = now()
      from current
      where b.user_id = current.user_id and ${condition}
      returning current.dropped`);
    const [row] = rowsOf<{ dropped: number }>(result);
    return row ? { dropped: Number(row.dropped) } : null;
  }

  /** From now on, the member's monthly periods count from `anchor` (a plan that ended then). */
  async setAllowanceAnchor(db: Database, userId: string, anchor: Date): Promise<void> {
    await db.update(users).set({ allowanceAnchorAt: anchor }).where(eq(users.id, userId));
  }

  /**
   * Takes up to `amount` bonus credits back (a refunded pack), never below zero. Answers how many
   * it took: credits already spent stay spent.
   */
  async takeBackBonus(db: Database, userId: string, amount: number): Promise<number> {
    const result = await db.execute(sql`
      with current as (
        select user_id, least(bonus_credits, ${amount}::int) as taken
        from credit_balances where user_id = ${userId} for update
      )
      update credit_balances b
      set bonus_credits = b.bonus_credits - current.taken, updated_at = now()
      from current
      where b.user_id = current.user_id
      returning current.taken`);
    const [row] = rowsOf<{ taken: number }>(result);
    return Number(row?.taken ?? 0);
  }

  /**
   * Pays `amount` for a video in one statement, where it took four (every Creator Engine run pays
   * here, and round trips are what a tick spends its time on). In order, on the member's locked
   * balance row: starts a new allowance period when `allowance` says one is due (dropping what was
   * left of the old), takes the amount (allowance first, then bonus) only when the two buckets
   * together cover it, and writes the ledger entries for all of that in the order the separate
   * steps did. Racing spends queue on the row lock, so none can overdraw. Answers whether it was
   * paid and what the member had to pay with (the new period counted), or null when the member has
   * no balance row yet (nothing is written then).
   */
  async spend(
    db: Database,
    userId: string,
    spend: {
      amount: number;
      /** The allowance period that contains now, for a plan with a monthly allowance. */
      allowance: AllowancePeriodStart | null;
      ledger: { description: string; videoRequestId: number; reference: string };
    },
  ): Promise<{ paid: boolean; available: number } | null> {
    const { amount, allowance, ledger } = spend;
    const monthly = allowance?.monthlyCredits ?? null;
    const start = allowance?.start.toISOString() ?? null;
    const end = allowance?.end.toISOString() ?? null;
    const result = await db.execute(sql`
      with current as (
        select user_id, allowance_remaining, bonus_credits,
               ${monthly}::int is not null
                 and (allowance_period_end is null or allowance_period_end <= ${start}::timestamptz)
                 as new_period
        from credit_balances where user_id = ${userId} for update
      ),
      refreshed as (
        select user_id, new_period, bonus_credits, allowance_remaining as dropped,
               case when new_period then ${monthly}::int else allowance_remaining end as allowance
        from current
      ),
      spend as (
        select *, allowance + bonus_credits >= ${amount}::int as paid,
               least(allowance, ${amount}::int) as from_allowance
        from refreshed
      ),
      balance as (
        update credit_balances b
        set allowance_remaining = s.allowance - case when s.paid then s.from_allowance else 0 end,
            bonus_credits =
              s.bonus_credits - case when s.paid then ${amount}::int - s.from_allowance else 0 end,
            allowance_period_start =
              case when s.new_period then ${start}::timestamptz else b.allowance_period_start end,
            allowance_period_end =
              case when s.new_period then ${end}::timestamptz else b.allowance_period_end end,
            updated_at = now()
        from spend s
        where b.user_id = s.user_id and (s.new_period or s.paid)
      ),
      ledger as (
        insert into credit_ledger
          (user_id, amount, transaction_type, bucket, description, video_request_id, reference)
        select s.user_id, e.amount, e.transaction_type, e.bucket, e.description,
               e.video_request_id, e.reference
        from spend s cross join lateral (values
          (1, -s.dropped, 'allowance_expired', 'allowance',
           ${allowance?.expiredDescription ?? null}::text, null::int,
           ${allowance?.reference ?? null}::text, s.new_period and s.dropped > 0),
          (2, ${monthly}::int, 'allowance', 'allowance',
           ${allowance?.description ?? null}::text, null::int,
           ${allowance?.reference ?? null}::text, s.new_period),
          -- One credit per video: it came from exactly one bucket.
          (3, -${amount}::int, 'spend',
           case when s.from_allowance > 0 then 'allowance' else 'bonus' end,
           ${ledger.description}::text, ${ledger.videoRequestId}::int,
           ${ledger.reference}::text, s.paid)
        ) as e(position, amount, transaction_type, bucket, description, video_request_id,
               reference, wanted)
        where e.wanted
        order by e.position
        on conflict do nothing
      )
      select paid, allowance + bonus_credits as available from spend`);
    const [row] = rowsOf<{ paid: boolean; available: number }>(result);
    return row ? { paid: row.paid, available: Number(row.available) } : null;
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

  async listLedger(db: Database, userId: string, limit: number, transactionType?: string) {
    return db
      .select({
        id: creditLedger.id,
        amount: creditLedger.amount,
        transactionType: creditLedger.transactionType,
        description: creditLedger.description,
        createdAt: creditLedger.createdAt,
      })
      .from(creditLedger)
      .where(
        and(
          eq(creditLedger.userId, userId),
          transactionType ? eq(creditLedger.transactionType, transactionType) : undefined,
        ),
      )
      .orderBy(desc(creditLedger.createdAt), desc(creditLedger.id))
      .limit(limit);
  }

  /** How many `earn` entries of the member carry a reference starting with `prefix`, and their sum. */
  async sumEarnedByReference(
    db: Database,
    userId: string,
    prefix: string,
  ): Promise<{ entries: number; credits: number }> {
    const [row] = await db
      .select({
        entries: sql<number>`count(*)::int`,
        credits: sql<number>`coalesce(sum(${creditLedger.amount}), 0)::int`,
      })
      .from(creditLedger)
      .where(
        and(
          eq(creditLedger.userId, userId),
          eq(creditLedger.transactionType, 'earn'),
          like(creditLedger.reference, `${prefix}%`),
        ),
      );
    return { entries: row?.entries ?? 0, credits: row?.credits ?? 0 };
  }
}
