// 'Delete account': says what goes and what accounting keeps, then asks for the password or, for a
// member who signs in with Google or GitHub, a sign-in within the last ten minutes. Errors are
// shown in words in the dialog; once deleted, the browser goes home signed out.
import {
  ACCOUNT_DELETION_MESSAGES,
  ACCOUNT_EXPORT_URL,
  deleteAccountSchema,
  FRESH_SIGN_IN_MINUTES,
} from '@shared/schemas/account';
import { Loader2, TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { useDeleteAccount } from '../api/delete-account';
import { useAccountDeletion } from '../api/get-account-deletion';

/** Home, as a new page load: nothing of the deleted member stays cached. */
const goHome = () => window.location.assign('/');

export function DeleteAccountDialog({
  open,
  onOpenChange,
  onDeleted = goHome,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted?: () => void;
}) {
  const passwordId = useId();
  const passwordErrorId = useId();
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const check = useAccountDeletion({ enabled: open });
  const remove = useDeleteAccount();
  const withPassword = check.data?.confirmWith === 'password';
  const canConfirm = check.isSuccess && (withPassword || check.data.recentSignIn);

  const close = (next: boolean) => {
    if (remove.isPending) return;
    if (!next) {
      setPassword('');
      setPasswordError(null);
      remove.reset();
    }
    onOpenChange(next);
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!canConfirm || remove.isPending) return;
    setPasswordError(null);
    remove.reset();
    if (withPassword && !password) {
      setPasswordError(ACCOUNT_DELETION_MESSAGES.passwordRequired);
      return;
    }
    const parsed = deleteAccountSchema.safeParse(withPassword ? { password } : {});
    if (!parsed.success) {
      setPasswordError(parsed.error.issues[0]?.message ?? ACCOUNT_DELETION_MESSAGES.wrongPassword);
      return;
    }
    remove.mutate(parsed.data, {
      onSuccess: () => onDeleted(),
      onError: (error) => {
        if (error instanceof ApiError && error.data.field === 'password') {
          setPasswordError(error.message);
          remove.reset();
        }
      },
    });
  };

  return (
    <AlertDialog open={open} onOpenChange={close}>
      <AlertDialogContent>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <AlertDialogHeader>
            <AlertDialogTitle>Delete your account?</AlertDialogTitle>
            <AlertDialogDescription>
              This cannot be undone. You may want to{' '}
              <a href={ACCOUNT_EXPORT_URL} download className="text-primary underline">
                download your data
              </a>{' '}
              first.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <div className="grid gap-3 text-sm">
            <div>
              <p className="font-medium">Deleted at once</p>
              <p className="text-muted-foreground">
                Your videos, uploads, folders, Creator Engine jobs, publications, connected
                platforms, submissions, notifications, credits and sign-in. Your membership ends and
                you are signed out everywhere.
              </p>
            </div>
            <div>
              <p className="font-medium">Kept for accounting</p>
              <p className="text-muted-foreground">
                Your credit history and payment records (amounts, types and dates), with your name
                and email removed.
              </p>
            </div>
          </div>

          {check.isPending ? (
            <Skeleton className="h-16 w-full" />
          ) : check.isError ? (
            <p className="flex items-center gap-2 text-destructive text-sm" role="alert">
              <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
              {check.error.message}
            </p>
          ) : withPassword ? (
            <div className="grid gap-2">
              <Label htmlFor={passwordId}>Password</Label>
              <Input
                id={passwordId}
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                aria-invalid={passwordError ? true : undefined}
                aria-describedby={passwordError ? passwordErrorId : undefined}
                autoFocus
              />
              {passwordError && (
                <p id={passwordErrorId} className="text-destructive text-sm" role="alert">
                  {passwordError}
                </p>
              )}
            </div>
          ) : check.data.recentSignIn ? (
            <p className="text-sm">
              You sign in with Google or GitHub and did so in the last {FRESH_SIGN_IN_MINUTES}{' '}
              minutes, which confirms it is you.
            </p>
          ) : (
            <div className="grid gap-2 rounded-md border border-destructive/40 p-3 text-sm">
              <p>
                You sign in with Google or GitHub, so there is no password to enter.{' '}
                {ACCOUNT_DELETION_MESSAGES.signInAgain}
              </p>
              <Button variant="outline" size="sm" className="justify-self-start" asChild>
                <a href="/api/logout">Sign out</a>
              </Button>
            </div>
          )}

          {remove.isError && (
            <p className="flex items-center gap-2 text-destructive text-sm" role="alert">
              <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
              {remove.error.message}
            </p>
          )}

          <AlertDialogFooter>
            <AlertDialogCancel type="button" disabled={remove.isPending}>
              Cancel
            </AlertDialogCancel>
            <Button type="submit" variant="destructive" disabled={!canConfirm || remove.isPending}>
              {remove.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
              Delete my account
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
