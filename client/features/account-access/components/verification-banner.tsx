// The line under the header while a member's address is unverified: earning and publishing wait
// for it (the server refuses them with EMAIL_NOT_VERIFIED). Resend link emails a new link; the
// button rests while the request is out and for a minute after a send, so one click is one email.
import { ACCOUNT_MESSAGES, type SessionUser } from '@shared/schemas/auth';
import { Loader2, MailWarning } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { SOMETHING_WENT_WRONG } from '../account-forms';
import { useResendVerification } from '../api/resend-verification';

export const RESEND_COOLDOWN_MS = 60_000;

function UnverifiedBanner({ email }: { email: string }) {
  const resend = useResendVerification();
  // Why the button rests after an answer: a link was just sent, or the server asked us to wait.
  const [cooldown, setCooldown] = useState<'sent' | 'limited' | null>(null);
  const busy = resend.isPending || cooldown !== null;

  useEffect(() => {
    if (!cooldown) return;
    const timer = window.setTimeout(() => setCooldown(null), RESEND_COOLDOWN_MS);
    return () => window.clearTimeout(timer);
  }, [cooldown]);

  const send = () => {
    if (busy) return;
    resend.mutate(undefined, {
      onSuccess: ({ message }) => {
        setCooldown('sent');
        toast({ title: 'Verification Link Sent', description: message, variant: 'success' });
      },
      onError: (error) => {
        const code = error instanceof ApiError ? error.code : undefined;
        if (code === 'RATE_LIMITED') setCooldown('limited');
        toast(
          code === 'ALREADY_VERIFIED'
            ? {
                title: 'Already Verified',
                description: ACCOUNT_MESSAGES.alreadyVerified,
                variant: 'success',
              }
            : {
                title: 'Could Not Send the Link',
                description: error.message || SOMETHING_WENT_WRONG,
                variant: 'destructive',
              },
        );
      },
    });
  };

  return (
    <section
      aria-label="Email verification"
      className="border-amber-500/30 border-b bg-amber-500/10 text-amber-950 dark:text-amber-100"
      data-testid="verification-banner"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 text-sm sm:px-6">
        <p className="flex min-w-0 flex-1 basis-64 items-start gap-2">
          <MailWarning
            className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-400"
            aria-hidden="true"
          />
          <span className="min-w-0 break-words">
            Please verify your email address ({email}) to earn credits and publish videos.
          </span>
        </p>
        <Button
          variant="outline"
          size="sm"
          // aria-disabled rather than disabled: the button keeps the keyboard focus while it rests.
          className="border-amber-500/40 bg-transparent aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
          onClick={send}
          aria-disabled={busy}
        >
          {resend.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
          {resend.isPending ? 'Sending...' : cooldown === 'sent' ? 'Link sent' : 'Resend link'}
        </Button>
      </div>
    </section>
  );
}

export function VerificationBanner({ user }: { user: SessionUser }) {
  return user.emailVerified ? null : <UnverifiedBanner email={user.email} />;
}
