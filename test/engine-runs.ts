// What the Creator Engine tests share: a guided job every plan that has jobs may save, and the runs
// a job has made, read from the database with the video each queued.
import type pg from 'pg';
import type { VideoJobInput } from '../shared/schemas/jobs';

export const GUIDED_JOB: VideoJobInput = {
  jobName: 'Daily coffee',
  frequency: 'daily',
  scenes: 1,
  aspectRatio: 'landscape',
  isActive: true,
  advancedMode: false,
  watermark: true,
  brandDescription: 'A small-batch roaster.',
  focusFeatures: 'Fresh beans.',
  filmStyle: 'Warm light.',
  dynamicSet: 'A new brewing method.',
};

/** A job's runs in due order: status, trigger, reason, and the queued video's prompt and title. */
export async function runsOf(sql: pg.Pool, jobId: number) {
  const { rows } = await sql.query(
    `select r.status, r.trigger, r.reason, q.video_prompt, q.job_id, q.title
     from video_job_runs r left join video_creation_requests q on q.id = r.video_request_id
     where r.job_id = $1 order by r.due_at`,
    [jobId],
  );
  return rows;
}
