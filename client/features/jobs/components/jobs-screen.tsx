// Creator Engine tab. Jobs, their form and schedules arrive with the Creator Engine work.
import { ScreenHeader } from '@/components/layout/screen-header';

export function JobsScreen() {
  return <ScreenHeader title="Creator Engine" />;
}
