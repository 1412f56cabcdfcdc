// The Creator Engine jobs' cache key. Besides the jobs screen, pushes change it: a run that queued
// a video, a skipped run, a job's publishing that settled.
export const jobKeys = {
  /** GET /api/video-jobs. */
  list: () => ['/api/video-jobs'] as const,
};
