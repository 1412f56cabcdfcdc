// The SQL behind a member's own data: reading everything of theirs a page at a time for the export
// (explicit columns, so no token, sealed or not, can slip into it), and erasing an account in one
// transaction, keeping only the ledger and payment records accounting needs, emptied of personal
// data.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import {
  accounts,
  accountTokens,
  apiKeys,
  creditBalances,
  creditLedger,
  memberWatermarks,
  notifications,
  oauthStates,
  paymentEvents,
  platformConnections,
  publications,
  purchases,
  sessions,
  storyboards,
  submissions,
  type UserRow,
  userFolders,
  users,
  videoCreationRequests,
  videoGeneratedContent,
  videoJobRuns,
  videoJobs,
  videoStockAssets,
  videoVersions,
  webhookEndpoints,
} from '../../db/schema';

/** Rows per page: a member with any number of rows is read in the same memory. */
export const EXPORT_PAGE_SIZE = 500;

/** A list in account.json, read a page at a time after the last id seen. */
type Section = {
  table: PgTable;
  id: AnyPgColumn;
  owner: AnyPgColumn;
  columns: Record<string, AnyPgColumn>;
};

const LEDGER = {
  id: creditLedger.id,
  amount: creditLedger.amount,
  transactionType: creditLedger.transactionType,
  bucket: creditLedger.bucket,
  description: creditLedger.description,
  videoRequestId: creditLedger.videoRequestId,
  createdAt: creditLedger.createdAt,
};

/** The lists of account.json in the order they are written, each with the columns it shows. */
export const EXPORT_SECTIONS = {
  creditLedger: {
    table: creditLedger,
    id: creditLedger.id,
    owner: creditLedger.userId,
    columns: LEDGER,
  },
  purchases: {
    table: purchases,
    id: purchases.id,
    owner: purchases.userId,
    columns: {
      id: purchases.id,
      product: purchases.product,
      credits: purchases.credits,
      creditsTakenBack: purchases.creditsTakenBack,
      amountCents: purchases.amountCents,
      currency: purchases.currency,
      createdAt: purchases.createdAt,
    },
  },
  submissions: {
    table: submissions,
    id: submissions.id,
    owner: submissions.userId,
    columns: {
      id: submissions.id,
      submissionType: submissions.submissionType,
      status: submissions.status,
      postLink: submissions.postLink,
      viewCount: submissions.viewCount,
      socialHandle: submissions.socialHandle,
      description: submissions.description,
      screenshotUrl: submissions.screenshotUrl,
      adminNotes: submissions.adminNotes,
      creditsAwarded: submissions.creditsAwarded,
      reviewedAt: submissions.reviewedAt,
      createdAt: submissions.createdAt,
    },
  },
  videoRequests: {
    table: videoCreationRequests,
    id: videoCreationRequests.id,
    owner: videoCreationRequests.userId,
    columns: {
      id: videoCreationRequests.id,
      kind: videoCreationRequests.kind,
      title: videoCreationRequests.title,
      description: videoCreationRequests.description,
      status: videoCreationRequests.status,
      errorMessage: videoCreationRequests.errorMessage,
      sceneSource: videoCreationRequests.sceneSource,
      sourceImageUrl: videoCreationRequests.sourceImageUrl,
      sceneImageUrls: videoCreationRequests.sceneImageUrls,
      logoUrl: videoCreationRequests.logoUrl,
      aspectRatio: videoCreationRequests.aspectRatio,
      scenes: videoCreationRequests.scenes,
      watermark: videoCreationRequests.watermark,
      voiceId: videoCreationRequests.voiceId,
      voiceSpeed: videoCreationRequests.voiceSpeed,
      captionStyle: videoCreationRequests.captionStyle,
      videoPrompt: videoCreationRequests.videoPrompt,
      generatedPrompt: videoCreationRequests.generatedPrompt,
      combineSelection: videoCreationRequests.combineSelection,
      jobId: videoCreationRequests.jobId,
      videoId: videoCreationRequests.generatedContentId,
      attempts: videoCreationRequests.attempts,
      createdAt: videoCreationRequests.createdAt,
      completedAt: videoCreationRequests.completedAt,
    },
  },
  videos: {
    table: videoGeneratedContent,
    id: videoGeneratedContent.id,
    owner: videoGeneratedContent.userId,
    columns: {
      id: videoGeneratedContent.id,
      requestId: videoGeneratedContent.requestId,
      jobId: videoGeneratedContent.jobId,
      folderId: videoGeneratedContent.userFolderId,
      title: videoGeneratedContent.title,
      description: videoGeneratedContent.description,
      generatedPrompt: videoGeneratedContent.generatedPrompt,
      voiceId: videoGeneratedContent.voiceId,
      duration: videoGeneratedContent.duration,
      scenes: videoGeneratedContent.scenes,
      aspectRatio: videoGeneratedContent.aspectRatio,
      width: videoGeneratedContent.width,
      height: videoGeneratedContent.height,
      favorite: videoGeneratedContent.favorites,
      isPublic: videoGeneratedContent.isPublic,
      createdAt: videoGeneratedContent.createdAt,
    },
  },
  stockAssets: {
    table: videoStockAssets,
    id: videoStockAssets.id,
    owner: videoStockAssets.userId,
    columns: {
      id: videoStockAssets.id,
      videoId: videoStockAssets.contentId,
      provider: videoStockAssets.provider,
      assetId: videoStockAssets.assetId,
      pageUrl: videoStockAssets.pageUrl,
      author: videoStockAssets.author,
      authorUrl: videoStockAssets.authorUrl,
      licence: videoStockAssets.licence,
      licenceUrl: videoStockAssets.licenceUrl,
      fileUrl: videoStockAssets.fileUrl,
      fetchedAt: videoStockAssets.fetchedAt,
    },
  },
  folders: {
    table: userFolders,
    id: userFolders.id,
    owner: userFolders.userId,
    columns: {
      id: userFolders.id,
      name: userFolders.folderName,
      icon: userFolders.folderIcon,
      createdAt: userFolders.createdAt,
    },
  },
  jobs: {
    table: videoJobs,
    id: videoJobs.id,
    owner: videoJobs.userId,
    columns: {
      id: videoJobs.id,
      jobName: videoJobs.jobName,
      postType: videoJobs.postType,
      frequency: videoJobs.frequency,
      scenes: videoJobs.scenes,
      aspectRatio: videoJobs.aspectRatio,
      isActive: videoJobs.isActive,
      advancedMode: videoJobs.advancedMode,
      masterPrompt: videoJobs.masterPrompt,
      brandName: videoJobs.brandName,
      brandDescription: videoJobs.brandDescription,
      focusFeatures: videoJobs.focusFeatures,
      callToAction: videoJobs.callToAction,
      filmStyle: videoJobs.filmStyle,
      dynamicSet: videoJobs.dynamicSet,
      sourceImageUrl: videoJobs.sourceImageUrl,
      sceneSource: videoJobs.sceneSource,
      watermark: videoJobs.watermark,
      voiceId: videoJobs.voiceId,
      voiceSpeed: videoJobs.voiceSpeed,
      captionStyle: videoJobs.captionStyle,
      publishTo: videoJobs.publishTo,
      itemListIndex: videoJobs.itemListIndex,
      nextRunAt: videoJobs.nextRunAt,
      lastRunAt: videoJobs.lastRunAt,
      lastResult: videoJobs.lastResult,
      pausedReason: videoJobs.pausedReason,
      createdAt: videoJobs.createdAt,
      updatedAt: videoJobs.updatedAt,
    },
  },
  publications: {
    table: publications,
    id: publications.id,
    owner: publications.userId,
    columns: {
      id: publications.id,
      videoId: publications.videoId,
      platform: publications.platform,
      status: publications.status,
      title: publications.title,
      description: publications.description,
      hashtags: publications.hashtags,
      privacy: publications.privacy,
      tiktokPrivacyLevel: publications.tiktokPrivacyLevel,
      tiktokAllow: publications.tiktokAllow,
      postId: publications.postId,
      postUrl: publications.postUrl,
      error: publications.error,
      note: publications.note,
      jobId: publications.jobId,
      createdAt: publications.createdAt,
      publishedAt: publications.publishedAt,
    },
  },
  // Never the tokens: which account, its state and dates only.
  connections: {
    table: platformConnections,
    id: platformConnections.id,
    owner: platformConnections.userId,
    columns: {
      platform: platformConnections.platform,
      accountName: platformConnections.accountName,
      status: platformConnections.status,
      connectedAt: platformConnections.connectedAt,
      updatedAt: platformConnections.updatedAt,
    },
  },
  notifications: {
    table: notifications,
    id: notifications.id,
    owner: notifications.userId,
    columns: {
      id: notifications.id,
      kind: notifications.kind,
      title: notifications.title,
      message: notifications.message,
      readAt: notifications.readAt,
      createdAt: notifications.createdAt,
    },
  },
  // The member's own watermark (one at most); its image is in the zip's watermark/ folder.
  watermark: {
    table: memberWatermarks,
    id: memberWatermarks.userId,
    owner: memberWatermarks.userId,
    columns: {
      kind: memberWatermarks.kind,
      text: memberWatermarks.text,
      corner: memberWatermarks.corner,
      opacity: memberWatermarks.opacity,
      updatedAt: memberWatermarks.updatedAt,
    },
  },
  // Every version of a remixed video (the current one is also in `videos`); their files are in
  // the zip's videos/ folder.
  videoVersions: {
    table: videoVersions,
    id: videoVersions.id,
    owner: videoVersions.userId,
    columns: {
      videoId: videoVersions.contentId,
      version: videoVersions.version,
      duration: videoVersions.duration,
      scenes: videoVersions.scenes,
      scenePlan: videoVersions.generatedPrompt,
      createdAt: videoVersions.createdAt,
    },
  },
  // Storyboards: drafts, and those rendered (with the request that rendered them).
  storyboards: {
    table: storyboards,
    id: storyboards.id,
    owner: storyboards.userId,
    columns: {
      id: storyboards.id,
      settings: storyboards.settings,
      board: storyboards.board,
      videoId: storyboards.contentId,
      videoRequestId: storyboards.requestId,
      renderedAt: storyboards.renderedAt,
      createdAt: storyboards.createdAt,
      updatedAt: storyboards.updatedAt,
    },
  },
  // API keys: their names, first characters and scopes; never the hash of a key.
  apiKeys: {
    table: apiKeys,
    id: apiKeys.id,
    owner: apiKeys.userId,
    columns: {
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      scopes: apiKeys.scopes,
      monthlyCreditCap: apiKeys.monthlyCreditCap,
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
      revokedAt: apiKeys.revokedAt,
    },
  },
  // Webhook endpoints: never their signing secrets, sealed or not; nor the delivery log (the
  // events themselves, already in the lists above).
  webhookEndpoints: {
    table: webhookEndpoints,
    id: webhookEndpoints.id,
    owner: webhookEndpoints.userId,
    columns: {
      url: webhookEndpoints.url,
      events: webhookEndpoints.events,
      description: webhookEndpoints.description,
      disabledAt: webhookEndpoints.disabledAt,
      disabledReason: webhookEndpoints.disabledReason,
      createdAt: webhookEndpoints.createdAt,
    },
  },
} satisfies Record<string, Section>;

export type ExportSectionName = keyof typeof EXPORT_SECTIONS;

const JOB_RUN_COLUMNS = {
  id: videoJobRuns.id,
  dueAt: videoJobRuns.dueAt,
  status: videoJobRuns.status,
  trigger: videoJobRuns.trigger,
  videoRequestId: videoJobRuns.videoRequestId,
  reason: videoJobRuns.reason,
  publishResult: videoJobRuns.publishResult,
  createdAt: videoJobRuns.createdAt,
};

/** A stored video's files, for the export's folder of videos. */
export type VideoFiles = {
  id: number;
  title: string;
  videoKey: string;
  thumbnailKey: string | null;
  captionsKey: string | null;
  createdAt: Date;
};

/** What erasing an account removed or changed, for the log. */
export type Erased = { sessions: number; videos: number; jobs: number };

/** Personal keys of a payment provider's objects (Stripe's), emptied in stored events. */
const PERSONAL_PAYMENT_KEYS = new Set([
  'email',
  'customer_email',
  'receipt_email',
  'name',
  'customer_name',
  'phone',
  'customer_phone',
  'address',
  'customer_address',
  'shipping',
  'shipping_details',
  'customer_shipping',
  'custom_fields',
  'tax_ids',
  'customer_tax_ids',
]);

/** The event with every personal value (name, email, address, phone…) set to null, however deep. */
export function redactPaymentPayload(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactPaymentPayload);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      PERSONAL_PAYMENT_KEYS.has(key) ? null : redactPaymentPayload(inner),
    ]),
  );
}

/** How the ledger describes a video of a deleted member (its title was theirs). */
const REMOVED_VIDEO = { spend: 'Video (deleted account)', refund: 'Refund (deleted account)' };
/** A referrer's reward line, which named the deleted member. */
const REMOVED_REFERRAL = 'Referral: a deleted member';

export class AccountRepository {
  constructor(private readonly db: Database) {}

  /** The member's profile as account.json shows it. */
  async profile(user: UserRow) {
    const [balance] = await this.db
      .select({
        allowanceRemaining: creditBalances.allowanceRemaining,
        allowancePeriodStart: creditBalances.allowancePeriodStart,
        allowancePeriodEnd: creditBalances.allowancePeriodEnd,
        bonusCredits: creditBalances.bonusCredits,
      })
      .from(creditBalances)
      .where(eq(creditBalances.userId, user.id));
    const methods = await this.db
      .select({ providerId: accounts.providerId, createdAt: accounts.createdAt })
      .from(accounts)
      .where(eq(accounts.userId, user.id))
      .orderBy(asc(accounts.createdAt));
    const signedIn = await this.db
      .select({
        createdAt: sessions.createdAt,
        updatedAt: sessions.updatedAt,
        expiresAt: sessions.expiresAt,
        ipAddress: sessions.ipAddress,
        userAgent: sessions.userAgent,
      })
      .from(sessions)
      .where(eq(sessions.userId, user.id))
      .orderBy(asc(sessions.createdAt));
    return {
      profile: {
        id: user.id,
        email: user.email,
        emailVerified: user.emailVerified,
        name: user.name,
        firstName: user.firstName,
        lastName: user.lastName,
        image: user.image,
        plan: user.memberLevel,
        planExpiresAt: user.planExpiresAt,
        subscriptionPeriodEnd: user.subscriptionPeriodEnd,
        referralCode: user.referralCode,
        createdAt: user.createdAt,
        voiceSettings: {
          voiceId: user.voiceId,
          voiceSpeed: user.voiceSpeed,
          captionStyle: user.captionStyle,
        },
        signInMethods: methods.map((method) => ({
          method: method.providerId === 'credential' ? 'password' : method.providerId,
          addedAt: method.createdAt,
        })),
      },
      creditBalance: balance ?? null,
      sessions: signedIn,
    };
  }

  /** One page of a list of account.json: the member's rows after `after`, by id. */
  async page(
    name: ExportSectionName,
    userId: string,
    after: number | string | null,
  ): Promise<{ rows: Record<string, unknown>[]; last: number | string | null }> {
    const section: Section = EXPORT_SECTIONS[name];
    const rows = await this.db
      .select({ ...section.columns, cursor: section.id })
      .from(section.table)
      .where(and(eq(section.owner, userId), after === null ? undefined : gt(section.id, after)))
      .orderBy(asc(section.id))
      .limit(EXPORT_PAGE_SIZE);
    const last = rows.at(-1)?.cursor as number | string | undefined;
    return {
      rows: rows.map(({ cursor: _, ...row }) => row),
      last: rows.length === EXPORT_PAGE_SIZE && last !== undefined ? last : null,
    };
  }

  /** One page of a job's runs, after `after`. */
  async jobRuns(jobId: number, after: number | null) {
    const rows = await this.db
      .select(JOB_RUN_COLUMNS)
      .from(videoJobRuns)
      .where(
        and(eq(videoJobRuns.jobId, jobId), after === null ? undefined : gt(videoJobRuns.id, after)),
      )
      .orderBy(asc(videoJobRuns.id))
      .limit(EXPORT_PAGE_SIZE);
    return { rows, last: rows.length === EXPORT_PAGE_SIZE ? (rows.at(-1)?.id ?? null) : null };
  }

  /** The files of the member's earlier versions of `videoIds` (not the current ones). */
  async versionFiles(userId: string, videoIds: number[]) {
    if (videoIds.length === 0) return [];
    return this.db
      .select({
        videoId: videoVersions.contentId,
        version: videoVersions.version,
        videoKey: videoVersions.videoKey,
      })
      .from(videoVersions)
      .innerJoin(videoGeneratedContent, eq(videoGeneratedContent.id, videoVersions.contentId))
      .where(
        and(
          eq(videoVersions.userId, userId),
          inArray(videoVersions.contentId, videoIds),
          sql`${videoVersions.version} <> ${videoGeneratedContent.currentVersion}`,
        ),
      )
      .orderBy(asc(videoVersions.contentId), asc(videoVersions.version));
  }

  /** One page of the member's videos with their storage keys. */
  async videoFiles(userId: string, after: number | null): Promise<VideoFiles[]> {
    return this.db
      .select({
        id: videoGeneratedContent.id,
        title: videoGeneratedContent.title,
        videoKey: videoGeneratedContent.videoKey,
        thumbnailKey: videoGeneratedContent.thumbnailKey,
        captionsKey: videoGeneratedContent.captionsKey,
        createdAt: videoGeneratedContent.createdAt,
      })
      .from(videoGeneratedContent)
      .where(
        and(
          eq(videoGeneratedContent.userId, userId),
          after === null ? undefined : gt(videoGeneratedContent.id, after),
        ),
      )
      .orderBy(asc(videoGeneratedContent.id))
      .limit(EXPORT_PAGE_SIZE);
  }

  /** The member's password hash, or null when they sign in another way (Google, GitHub). */
  async passwordHash(userId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ password: accounts.password })
      .from(accounts)
      .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
    return row?.password ?? null;
  }

  /** When the member's session began (null: it is not theirs, or it is gone). */
  async sessionStartedAt(userId: string, sessionId: string): Promise<Date | null> {
    const [row] = await this.db
      .select({ createdAt: sessions.createdAt })
      .from(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
    return row?.createdAt ?? null;
  }

  /** The platforms the member has connected, to revoke before their rows go. */
  async connectedPlatforms(userId: string): Promise<string[]> {
    const rows = await this.db
      .select({ platform: platformConnections.platform })
      .from(platformConnections)
      .where(eq(platformConnections.userId, userId));
    return rows.map((row) => row.platform);
  }

  /**
   * Erases the member inside the caller's transaction. Their things are deleted; the users row
   * stays, emptied, because the ledger (which cascades on it) and the payment records stay for
   * accounting: ledger amounts, types and dates are kept, text naming the member is replaced,
   * and personal values in stored payment events are emptied. Answers null when the member is
   * gone or already deleted.
   */
  async erase(db: Database, userId: string, now: Date): Promise<Erased | null> {
    // Locked first: plan changes, payments and a second deletion queue behind this one.
    const [user] = await db.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user || user.deletedAt) return null;
    const count = async (query: Promise<unknown[]>) => (await query).length;

    // The member's text in their ledger: anything naming them (a grant's note, say) is blanked.
    const personal = personalTexts(user);
    if (personal.length > 0) {
      await db
        .update(creditLedger)
        .set({ description: '' })
        .where(
          and(
            eq(creditLedger.userId, userId),
            or(
              ...personal.map(
                (text) => sql`strpos(lower(${creditLedger.description}), ${text}) > 0`,
              ),
            ),
          ),
        );
    }
    // Their videos' titles were theirs too.
    await db
      .update(creditLedger)
      .set({
        description: sql`case when ${creditLedger.transactionType} = 'refund' then ${REMOVED_VIDEO.refund} else ${REMOVED_VIDEO.spend} end`,
      })
      .where(and(eq(creditLedger.userId, userId), sql`${creditLedger.videoRequestId} is not null`));
    // A referrer's reward line named this member.
    await db
      .update(creditLedger)
      .set({ description: REMOVED_REFERRAL })
      .where(inArray(creditLedger.reference, [`referral:${userId}`, `referral-payment:${userId}`]));

    // Stored payment events keep ids and amounts, not who paid.
    const events = await db
      .select({ id: paymentEvents.id, payload: paymentEvents.payload })
      .from(paymentEvents)
      .where(
        or(
          eq(paymentEvents.userId, userId),
          user.stripeCustomerId
            ? sql`${paymentEvents.payload} -> 'data' -> 'object' ->> 'customer' = ${user.stripeCustomerId}`
            : undefined,
          sql`strpos(lower(${paymentEvents.payload}::text), ${user.email.toLowerCase()}) > 0`,
        ),
      );
    for (const event of events) {
      await db
        .update(paymentEvents)
        .set({ payload: redactPaymentPayload(event.payload) })
        .where(eq(paymentEvents.id, event.id));
    }

    // Their things. Publications go with their videos, runs with their jobs, scene clips and
    // provider tasks with theirs; explicit deletes keep the order obvious.
    await db.delete(publications).where(eq(publications.userId, userId));
    const videos = await count(
      db
        .delete(videoGeneratedContent)
        .where(eq(videoGeneratedContent.userId, userId))
        .returning({ id: videoGeneratedContent.id }),
    );
    await db.delete(videoCreationRequests).where(eq(videoCreationRequests.userId, userId));
    const jobs = await count(
      db.delete(videoJobs).where(eq(videoJobs.userId, userId)).returning({ id: videoJobs.id }),
    );
    await db.delete(userFolders).where(eq(userFolders.userId, userId));
    await db.delete(notifications).where(eq(notifications.userId, userId));
    await db.delete(memberWatermarks).where(eq(memberWatermarks.userId, userId));
    await db.delete(submissions).where(eq(submissions.userId, userId));
    await db.delete(creditBalances).where(eq(creditBalances.userId, userId));
    await db.delete(platformConnections).where(eq(platformConnections.userId, userId));
    // Their webhook endpoints, with the delivery log (and its pending deliveries, whose jobs then
    // find nothing to send).
    await db.delete(webhookEndpoints).where(eq(webhookEndpoints.userId, userId));
    // Their API keys (revoked ones too) and what each spent: nothing can sign in with them again.
    await db.delete(apiKeys).where(eq(apiKeys.userId, userId));
    await db.delete(oauthStates).where(eq(oauthStates.userId, userId));
    await db.delete(accountTokens).where(eq(accountTokens.userId, userId));
    await db.delete(accounts).where(eq(accounts.userId, userId));
    // Their sockets close on every node: the database announces each ended session.
    const ended = await count(
      db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id }),
    );
    // better-auth's one-time values and the sign-in counters carry the email address.
    await db.execute(
      sql`delete from verifications where lower(identifier) = ${user.email.toLowerCase()}`,
    );
    await db.execute(
      sql`delete from rate_limits where starts_with(key, ${`sign-in:pair:${user.email.toLowerCase()}:`})`,
    );
    // Links pointing at them: whom they referred, what they reviewed (an admin).
    await db.update(users).set({ referredBy: null }).where(eq(users.referredBy, userId));
    await db
      .update(submissions)
      .set({ reviewedBy: null })
      .where(eq(submissions.reviewedBy, userId));

    await db
      .update(users)
      .set({
        email: deletedEmail(userId),
        name: 'Deleted member',
        firstName: null,
        lastName: null,
        image: null,
        emailVerified: false,
        memberLevel: 'Free',
        planExpiresAt: null,
        planRevertsTo: null,
        // Lower case: sign-up looks referral codes up in capitals, so this one never matches.
        referralCode: `deleted-${randomUUID()}`,
        referredBy: null,
        stripeSubscriptionId: null,
        subscriptionPeriodEnd: null,
        voiceId: null,
        deletedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, userId));
    return { sessions: ended, videos, jobs };
  }
}

/** The address a deleted member's row keeps: unique, and never deliverable (RFC 2606 `.invalid`). */
export function deletedEmail(userId: string): string {
  return `deleted-${userId}@deleted.invalid`;
}

/** The member's email and names, lower-cased, as ledger text might hold them. */
function personalTexts(user: UserRow): string[] {
  const texts = [user.email, user.name, user.firstName, user.lastName]
    .map((text) => text?.trim().toLowerCase() ?? '')
    // A name of one letter would match nearly every line.
    .filter((text) => text.length >= 2);
  return [...new Set(texts)];
}
