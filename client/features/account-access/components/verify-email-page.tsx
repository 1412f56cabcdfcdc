// /verify-email?token=…: uses the emailed link as soon as the page opens (a new address, or a change
// of address), then says how it went and leads on: into the app for a member who is signed in, to
// sign in otherwise.
import { ACCOUNT_MESSAGES } from '@shared/schemas/auth';
import { CircleCheck, Loader2 } from 'lucide-react';
import { Link, useSearch } from 'wouter';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useVerifyEmail } from '../api/verify-email';
import { AccessPage } from './access-page';

/** Where to go next; `signedIn` is null while the session is still being checked. */
function NextStep({ signedIn }: { signedIn: boolean | null }) {
  return signedIn === false ? (
    <Button asChild size="lg">
      <Link href="/login">Sign in</Link>
    </Button>
  ) : (
    <Button asChild size="lg">
      <Link href="/">Continue to Reelforge</Link>
    </Button>
  );
}

export function VerifyEmailPage({ signedIn }: { signedIn: boolean | null }) {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const verification = useVerifyEmail(token);

  let body: React.ReactNode;
  if (!token || verification.isError) {
    const message =
      token && verification.error?.message
        ? verification.error.message
        : ACCOUNT_MESSAGES.verifyLinkInvalid;
    body = (
      <Alert variant="destructive" role="none">
        <AlertDescription>{message}</AlertDescription>
      </Alert>
    );
  } else if (verification.isSuccess) {
    body = (
      <Alert variant="success" role="none">
        <CircleCheck aria-hidden="true" />
        <AlertDescription>{verification.data.message}</AlertDescription>
      </Alert>
    );
  } else {
    body = (
      <p className="flex items-center gap-2 text-muted-foreground text-sm">
        <Loader2 className="size-4 animate-spin" aria-hidden="true" />
        Verifying…
      </p>
    );
  }

  return (
    <AccessPage title="Verify your email address">
      {/* One live region whose words change, so each step is announced. */}
      <div role="status" className="grid">
        {body}
      </div>
      {!verification.isPending || !token ? <NextStep signedIn={signedIn} /> : null}
    </AccessPage>
  );
}

export default VerifyEmailPage;
