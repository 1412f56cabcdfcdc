// The job form's buttons: Cancel, and Create Job / Save Changes (or a locked Upgrade Required).
import { Loader2, Lock } from 'lucide-react';
import { Button } from '@/components/ui/button';

export function JobFormActions({
  editing,
  canCreateJobs,
  busy,
  saving,
  onCancel,
}: {
  editing: boolean;
  canCreateJobs: boolean;
  /** Saving, or the logo still uploading. */
  busy: boolean;
  saving: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button type="button" variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      {canCreateJobs ? (
        <Button type="submit" variant="brand" disabled={busy}>
          {saving && <Loader2 className="animate-spin" aria-hidden="true" />}
          {editing ? 'Save Changes' : 'Create Job'}
        </Button>
      ) : (
        <Button type="button" variant="brand" disabled>
          <Lock aria-hidden="true" />
          Upgrade Required
        </Button>
      )}
    </div>
  );
}
