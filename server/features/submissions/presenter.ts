// Submissions as their member and the admins see them (spec/product.md §3 Submission).
import type { SubmissionStatus, SubmissionType } from '../../../shared/earning';
import type { AdminSubmission, Submission } from '../../../shared/schemas/submissions';
import type { SubmissionRow } from '../../db/schema';
import type { SubmissionWithUser } from './repository';

export function presentSubmission(row: SubmissionRow): Submission {
  return {
    id: row.id,
    userId: row.userId,
    submissionType: row.submissionType as SubmissionType,
    status: row.status as SubmissionStatus,
    postLink: row.postLink,
    viewCount: row.viewCount,
    socialHandle: row.socialHandle,
    description: row.description,
    screenshotUrl: row.screenshotUrl,
    adminNotes: row.adminNotes,
    creditsAwarded: row.creditsAwarded,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentAdminSubmission(row: SubmissionWithUser): AdminSubmission {
  return { ...presentSubmission(row), user: row.user };
}
