// Dashboard tab. Its stat cards, taglines and recent videos arrive with the create-video work.
import type { SessionUser } from '@shared/schemas/auth';
import { ScreenHeader } from '@/components/layout/screen-header';

export function DashboardScreen({ user }: { user: SessionUser }) {
  return (
    <ScreenHeader
      title="Dashboard"
      description={`Welcome${user.firstName ? `, ${user.firstName}` : ''}. Your studio is ready.`}
    />
  );
}
