// Shown on the job form to a plan without Creator Engine jobs (Free): what jobs are and the way up.
import type { SessionUser } from '@shared/schemas/auth';
import { Lock } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { UpgradeButton } from '@/entities/plans/components/upgrade-button';

export function JobUpgradeNotice({ user }: { user: SessionUser }) {
  return (
    <Alert>
      <Lock aria-hidden="true" />
      <AlertTitle>Upgrade to Create Video Jobs</AlertTitle>
      <AlertDescription className="grid gap-3">
        <p>
          Creator Engine jobs are part of the Pro and Elite plans: set one up and it makes videos
          for you on a schedule.
        </p>
        <div>
          <UpgradeButton user={user} size="sm" />
        </div>
      </AlertDescription>
    </Alert>
  );
}
