// The SQL behind each admin export: one query per file, its columns in the order of the header.
// Read through a cursor (pg-query-stream), a batch at a time, so any number of rows takes the same
// memory.
import type pg from 'pg';
import QueryStream from 'pg-query-stream';
import type { ExportKind } from '../../../shared/schemas/admin';
import { TIER_RULES, TIERS } from '../../../shared/tiers';

export type ExportQuery = { header: string[]; text: string };

/**
 * The allowance a member has now: what is left of the current period, or the plan's whole monthly
 * allowance when a new period has begun and the member has not been back since (the app starts it
 * on their next visit).
 */
const CURRENT_ALLOWANCE = `case
    when b.allowance_period_end > now() then b.allowance_remaining
    else case u.member_level ${TIERS.map(
      (level) => `when '${level}' then ${TIER_RULES[level].monthlyCredits ?? 0}`,
    ).join(' ')} else 0 end
  end`;

/** A member's email, or nothing for a deleted account (its row stays only for the ledger). */
const emailOf = (alias: string) => `case when ${alias}.deleted_at is null then ${alias}.email end`;

/**
 * Each export's header and query. Columns are listed by hand, not `select *`: a new column with a
 * secret in it (a password hash, a key) must never reach a spreadsheet by accident.
 */
export const EXPORT_QUERIES: Record<ExportKind, ExportQuery> = {
  members: {
    header: [
      'id',
      'email',
      'firstName',
      'lastName',
      'memberLevel',
      'planExpiresAt',
      'remainingCredits',
      'bonusCredits',
      'referralCode',
      'referredBy',
      'createdAt',
    ],
    text: `
      select u.id, u.email, u.first_name, u.last_name, u.member_level, u.plan_expires_at,
             case when u.member_level = 'Elite' then 'unlimited'
                  else (${CURRENT_ALLOWANCE} + coalesce(b.bonus_credits, 0))::text
             end,
             coalesce(b.bonus_credits, 0), u.referral_code, ${emailOf('referrer')}, u.created_at
      from users u
      left join credit_balances b on b.user_id = u.id
      left join users referrer on referrer.id = u.referred_by
      where u.deleted_at is null
      order by u.created_at, u.id`,
  },
  earnings: {
    header: [
      'id',
      'createdAt',
      'userId',
      'email',
      'amount',
      'source',
      'description',
      'submissionId',
      'grantedBy',
    ],
    // Every credit a member earned: approved proof, admin grants and referral rewards.
    text: `
      select l.id, l.created_at, l.user_id, ${emailOf('u')}, l.amount,
             case split_part(l.reference, ':', 1)
               when 'submission' then 'submission'
               when 'grant' then 'grant'
               when 'referral' then 'referral'
               when 'referral-payment' then 'referral payment'
               else 'other'
             end,
             l.description,
             case when l.reference like 'submission:%' then split_part(l.reference, ':', 2) end,
             ${emailOf('granter')}
      from credit_ledger l
      join users u on u.id = l.user_id
      left join users granter
        on l.reference like 'grant:%' and granter.id = split_part(l.reference, ':', 2)
      where l.transaction_type = 'earn'
      order by l.id`,
  },
  'video-jobs': {
    header: [
      'id',
      'userId',
      'email',
      'jobName',
      'frequency',
      'scenes',
      'aspectRatio',
      'watermark',
      'isActive',
      'advancedMode',
      'brandName',
      'itemListIndex',
      'nextRunAt',
      'lastRunAt',
      'lastResult',
      'pausedReason',
      'createdAt',
    ],
    text: `
      select j.id, j.user_id, ${emailOf('u')}, j.job_name, j.frequency, j.scenes, j.aspect_ratio,
             j.watermark, j.is_active, j.advanced_mode, j.brand_name, j.item_list_index,
             j.next_run_at, j.last_run_at, j.last_result, j.paused_reason, j.created_at
      from video_jobs j
      join users u on u.id = j.user_id
      order by j.id`,
  },
  'video-requests': {
    header: [
      'id',
      'userId',
      'email',
      'kind',
      'title',
      'description',
      'status',
      'scenes',
      'aspectRatio',
      'watermark',
      'jobId',
      'videoId',
      'attempts',
      'errorMessage',
      'provider',
      'model',
      'secondsGenerated',
      'costUsd',
      'memberCostUsd',
      'sceneSource',
      'createdAt',
      'completedAt',
    ],
    // memberCostUsd: what all of the member's videos cost in provider fees, on each of their rows,
    // so a sheet sorted or filtered by member shows the total at once.
    text: `
      select 'req-' || r.id, r.user_id, ${emailOf('u')}, r.kind, r.title, r.description, r.status,
             r.scenes, r.aspect_ratio, r.watermark, r.job_id, r.generated_content_id, r.attempts,
             r.error_message, r.provider, r.provider_model, r.seconds_generated,
             r.provider_cost_usd,
             coalesce(sum(r.provider_cost_usd) over (partition by r.user_id), 0),
             r.scene_source, r.created_at, r.completed_at
      from video_creation_requests r
      join users u on u.id = r.user_id
      order by r.id`,
  },
  'stock-assets': {
    header: [
      'videoId',
      'userId',
      'email',
      'videoTitle',
      'position',
      'provider',
      'assetId',
      'pageUrl',
      'author',
      'authorUrl',
      'licence',
      'licenceUrl',
      'fileUrl',
      'fetchedAt',
    ],
    // Every stock clip or photo a video shows, with its licence: what the operator answers a
    // rights question with.
    text: `
      select a.content_id, a.user_id, ${emailOf('u')}, v.title, a.position, a.provider,
             a.asset_id, a.page_url, a.author, a.author_url, a.licence, a.licence_url,
             a.file_url, a.fetched_at
      from video_stock_assets a
      join video_generated_content v on v.id = a.content_id
      join users u on u.id = a.user_id
      order by a.content_id, a.position`,
  },
};

/** Rows fetched per round trip: large enough to be quick, small enough to stay flat in memory. */
const BATCH_SIZE = 500;

/** Streams the export's rows as arrays on `client` (which the caller releases when it ends). */
export function streamExportRows(client: pg.PoolClient, kind: ExportKind): QueryStream {
  return client.query(
    new QueryStream(EXPORT_QUERIES[kind].text, [], { batchSize: BATCH_SIZE, rowMode: 'array' }),
  );
}
