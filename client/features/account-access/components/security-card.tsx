// Profile → Security: change the password (every other session ends), change the email address
// (it changes once the link sent to the new one is clicked; a change waiting for that shows, with
// Cancel), and the member's signed-in sessions, each of which can be signed out, or all but this
// one at once.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AccountSession,
  changeEmailSchema,
  changePasswordSchema,
  PASSWORD_MIN,
  type SessionUser,
} from '@shared/schemas/auth';
import { Clock, Loader2, LogOut, MailCheck, Monitor, RotateCw, ShieldCheck, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormField, fieldProps, PasswordInput } from '@/components/form/form-field';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { applyServerError, PASSWORDS_DIFFER, SOMETHING_WENT_WRONG } from '../account-forms';
import { useCancelEmailChange } from '../api/cancel-email-change';
import { useChangeEmail } from '../api/change-email';
import { useChangePassword } from '../api/change-password';
import { useAccountEmail } from '../api/get-account-email';
import { useSessions } from '../api/get-sessions';
import { useSignOutOtherSessions } from '../api/sign-out-other-sessions';
import { useSignOutSession } from '../api/sign-out-session';

const changePasswordFormSchema = changePasswordSchema
  .extend({ repeatPassword: z.string() })
  .refine((values) => values.newPassword === values.repeatPassword, {
    path: ['repeatPassword'],
    message: PASSWORDS_DIFFER,
  });
type ChangePasswordForm = z.input<typeof changePasswordFormSchema>;
type ChangeEmailForm = z.input<typeof changeEmailSchema>;

const lastSeenFormat = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'short',
});

function FormAlert({ message }: { message: string }) {
  if (!message) return null;
  return (
    <Alert variant="destructive">
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}

function SubmitButton({
  pending,
  label,
  pendingLabel,
}: Record<'label' | 'pendingLabel', string> & { pending: boolean }) {
  return (
    <Button type="submit" className="w-full sm:w-fit" disabled={pending}>
      {pending && <Loader2 className="animate-spin" aria-hidden="true" />}
      {pending ? pendingLabel : label}
    </Button>
  );
}

function Section({
  title,
  description,
  action,
  children,
}: {
  title: string;
  description?: string;
  action?: React.ReactNode;
  children: React.ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-4 border-t pt-6 first:border-t-0 first:pt-0"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 flex-1 basis-64 gap-1">
          <h3 id={headingId} className="font-medium">
            {title}
          </h3>
          {description && <p className="text-muted-foreground text-sm">{description}</p>}
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}

function ChangePassword() {
  const id = useId();
  const change = useChangePassword();
  const [formError, setFormError] = useState('');
  const form = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', repeatPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const hint = `At least ${PASSWORD_MIN} characters.`;

  const submit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    setFormError('');
    try {
      const { message } = await change.mutateAsync({ currentPassword, newPassword });
      form.reset();
      toast({ title: 'Password Changed', description: message, variant: 'success' });
    } catch (error) {
      setFormError(applyServerError(form, error, { WRONG_PASSWORD: 'currentPassword' }));
    }
  });

  return (
    <Section
      title="Change password"
      description="Signs you out on every other device; this one stays signed in."
    >
      <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Change password">
        <FormAlert message={formError} />
        <FormField
          id={`${id}-current`}
          label="Current password"
          error={errors.currentPassword?.message}
        >
          <PasswordInput
            {...fieldProps(`${id}-current`, errors.currentPassword?.message)}
            autoComplete="current-password"
            {...form.register('currentPassword')}
          />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            id={`${id}-new`}
            label="New password"
            error={errors.newPassword?.message}
            hint={hint}
          >
            <PasswordInput
              {...fieldProps(`${id}-new`, errors.newPassword?.message, hint)}
              autoComplete="new-password"
              {...form.register('newPassword')}
            />
          </FormField>
          <FormField
            id={`${id}-repeat`}
            label="Repeat new password"
            error={errors.repeatPassword?.message}
          >
            <PasswordInput
              {...fieldProps(`${id}-repeat`, errors.repeatPassword?.message)}
              autoComplete="new-password"
              {...form.register('repeatPassword')}
            />
          </FormField>
        </div>
        <SubmitButton pending={isSubmitting} label="Change password" pendingLabel="Saving..." />
      </form>
    </Section>
  );
}

/** A change of email waiting for its new address: who it waits for, and Cancel. */
function PendingEmailChange() {
  const accountEmail = useAccountEmail();
  const cancel = useCancelEmailChange();
  const pending = accountEmail.data?.pending;
  if (!pending) return null;
  const cancelChange = () =>
    cancel.mutate(undefined, {
      onSuccess: ({ message }) =>
        toast({ title: 'Email Change Cancelled', description: message, variant: 'success' }),
      onError: (error) =>
        toast({
          title: 'Could Not Cancel',
          description: error.message || SOMETHING_WENT_WRONG,
          variant: 'destructive',
        }),
    });
  return (
    <div
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-dashed p-3"
      data-testid="pending-email-change"
    >
      <p className="flex min-w-0 items-start gap-2 text-sm">
        <Clock className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <span className="min-w-0 wrap-anywhere">
          Waiting for confirmation from <span className="font-medium">{pending.email}</span>
        </span>
      </p>
      <Button variant="outline" size="sm" disabled={cancel.isPending} onClick={cancelChange}>
        {cancel.isPending ? (
          <Loader2 className="animate-spin" aria-hidden="true" />
        ) : (
          <X aria-hidden="true" />
        )}
        Cancel
        <span className="sr-only"> the change to {pending.email}</span>
      </Button>
    </div>
  );
}

function ChangeEmail({ email }: { email: string }) {
  const id = useId();
  const change = useChangeEmail();
  const [formError, setFormError] = useState('');
  const [sent, setSent] = useState('');
  const form = useForm<ChangeEmailForm>({
    resolver: zodResolver(changeEmailSchema),
    defaultValues: { email: '', currentPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFormError('');
    setSent('');
    try {
      const { message } = await change.mutateAsync(values);
      form.reset();
      // Said twice: the line stays while the member goes to their inbox; the toast is announced.
      setSent(message);
      toast({ title: 'Check Your Inbox', description: message, variant: 'success' });
    } catch (error) {
      setFormError(
        applyServerError(form, error, {
          WRONG_PASSWORD: 'currentPassword',
          SAME_EMAIL: 'email',
          EMAIL_TAKEN: 'email',
        }),
      );
    }
  });

  return (
    <Section
      title="Change email address"
      description={`Now ${email}. It changes once you click the link we send to the new address.`}
    >
      <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Change email address">
        <FormAlert message={formError} />
        {sent && (
          <Alert variant="success" role="status">
            <MailCheck aria-hidden="true" />
            <AlertDescription>{sent}</AlertDescription>
          </Alert>
        )}
        <PendingEmailChange />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={`${id}-email`} label="New email address" error={errors.email?.message}>
            <Input
              {...fieldProps(`${id}-email`, errors.email?.message)}
              type="email"
              autoComplete="email"
              {...form.register('email')}
            />
          </FormField>
          <FormField
            id={`${id}-password`}
            label="Current password"
            error={errors.currentPassword?.message}
          >
            <PasswordInput
              {...fieldProps(`${id}-password`, errors.currentPassword?.message)}
              autoComplete="current-password"
              {...form.register('currentPassword')}
            />
          </FormField>
        </div>
        <SubmitButton
          pending={isSubmitting}
          label="Send confirmation link"
          pendingLabel="Sending..."
        />
      </form>
    </Section>
  );
}

function SessionRow({ session }: { session: AccountSession }) {
  const signOut = useSignOutSession();
  const device = session.device ?? 'Unknown device';
  const pending = signOut.isPending;
  const signOutSession = () =>
    signOut.mutate(session.id, {
      onSuccess: ({ message }) => {
        // The server has signed this browser out: leave the app the way Logout does.
        if (session.current) window.location.assign('/');
        else toast({ title: 'Signed Out', description: message });
      },
      onError: (error) =>
        toast({
          title: 'Could Not Sign Out',
          description: error.message || SOMETHING_WENT_WRONG,
          variant: 'destructive',
        }),
    });
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border p-3"
      data-testid="account-session"
    >
      <div className="flex min-w-0 items-start gap-3">
        <Monitor className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <div className="grid min-w-0 gap-0.5">
          <span className="flex flex-wrap items-center gap-2 font-medium">
            {device}
            {session.current && <Badge variant="brand">This device</Badge>}
          </span>
          <span className="break-words text-muted-foreground text-sm">
            {session.ipAddress ?? 'Unknown address'} · Last seen{' '}
            {lastSeenFormat.format(new Date(session.lastSeenAt))}
          </span>
        </div>
      </div>
      <Button variant="ghost" size="sm" disabled={pending} onClick={signOutSession}>
        {pending ? (
          <Loader2 className="animate-spin" aria-hidden="true" />
        ) : (
          <LogOut aria-hidden="true" />
        )}
        Sign out
        <span className="sr-only">
          {session.current
            ? ' this device'
            : ` ${device}, ${session.ipAddress ?? 'unknown address'}`}
        </span>
      </Button>
    </li>
  );
}

function Sessions() {
  const sessions = useSessions();
  const signOutOthers = useSignOutOtherSessions();
  const others = sessions.data?.filter((session) => !session.current).length ?? 0;
  const signOutEverywhereElse = () =>
    signOutOthers.mutate(undefined, {
      onSuccess: ({ message }) => toast({ title: 'Signed Out', description: message }),
      onError: (error) =>
        toast({
          title: 'Could Not Sign Out',
          description: error.message || SOMETHING_WENT_WRONG,
          variant: 'destructive',
        }),
    });

  let list: React.ReactNode;
  if (sessions.isPending) {
    list = (
      <div className="grid gap-2">
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
      </div>
    );
  } else if (sessions.isError) {
    list = (
      <div className="flex flex-wrap items-center gap-3 text-sm" role="alert">
        <span className="text-destructive">Unable to load where you are signed in</span>
        <Button variant="outline" size="sm" onClick={() => void sessions.refetch()}>
          <RotateCw aria-hidden="true" />
          Retry
        </Button>
      </div>
    );
  } else {
    list = (
      <ul className="grid gap-2" aria-label="Signed-in sessions">
        {sessions.data.map((session) => (
          <SessionRow key={session.id} session={session} />
        ))}
      </ul>
    );
  }

  return (
    <Section
      title="Where you're signed in"
      description="Sign out of any device you do not recognise."
      action={
        <Button
          variant="outline"
          size="sm"
          disabled={others === 0 || signOutOthers.isPending}
          onClick={signOutEverywhereElse}
        >
          {signOutOthers.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
          Sign out everywhere else
        </Button>
      }
    >
      {list}
    </Section>
  );
}

export function SecurityCard({ user }: { user: SessionUser }) {
  return (
    <Card id="security" className="scroll-mt-20">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck className="size-5 text-primary" aria-hidden="true" />
          Security
        </CardTitle>
        <CardDescription>
          Your password, your email address and where you are signed in.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <ChangePassword />
        <ChangeEmail email={user.email} />
        <Sessions />
      </CardContent>
    </Card>
  );
}
