// GET /api/advanced-mode-template: a master prompt with item lists to start Advanced mode from.
import type { AdvancedModeTemplate } from '@shared/schemas/jobs';
import { apiRequest } from '@/lib/api-client';

export function getAdvancedModeTemplate(): Promise<AdvancedModeTemplate> {
  return apiRequest<AdvancedModeTemplate>('GET', '/api/advanced-mode-template');
}
