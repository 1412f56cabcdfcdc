// Run Now (Elite): POST /api/video-creation-requests naming the job. The server builds the run from
// the stored job and moves the rotation on; `videoPrompt` is only the client's preview of it
// (spec/api.md §7.2). A new request changes what every new request does, and the job's next run.
import type { VideoJob } from '@shared/schemas/jobs';
import type { CreatedVideoRequest } from '@shared/schemas/videos';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { jobsChanged } from '@/entities/jobs/job-events';
import { videoRequestCreated } from '@/entities/videos/video-events';
import { apiRequest } from '@/lib/api-client';

export function runVideoJobNow({
  job,
  videoPrompt,
}: {
  job: VideoJob;
  videoPrompt: string;
}): Promise<CreatedVideoRequest> {
  return apiRequest<CreatedVideoRequest>('POST', '/api/video-creation-requests', {
    title: job.jobName,
    description: videoPrompt.slice(0, 1500) || job.jobName,
    aspectRatio: job.aspectRatio,
    watermark: job.watermark,
    jobId: job.id,
    videoPrompt: videoPrompt.slice(0, 10_000),
  });
}

export function useRunVideoJobNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runVideoJobNow,
    onSuccess: () => {
      videoRequestCreated(queryClient);
      void jobsChanged(queryClient);
    },
  });
}
