// GET /api/sample-data: one complete example brand that fills the guided fields on request.
import type { JobSample } from '@shared/schemas/jobs';
import { apiRequest } from '@/lib/api-client';

export function getJobSample(): Promise<JobSample> {
  return apiRequest<JobSample>('GET', '/api/sample-data');
}
