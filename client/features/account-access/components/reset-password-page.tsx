// /reset-password?token=…: chooses a new password with the emailed link. Success signs the member
// in (the server sets the session) and opens the app; a link that is invalid, expired or used says
// so and leads to asking for a new one.
import { zodResolver } from '@hookform/resolvers/zod';
import { ACCOUNT_MESSAGES, PASSWORD_MIN, passwordResetConfirmSchema } from '@shared/schemas/auth';
import { Loader2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useSearch } from 'wouter';
import { z } from 'zod';
import { FormField, fieldProps, PasswordInput } from '@/components/form/form-field';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { applyServerError, PASSWORDS_DIFFER } from '../account-forms';
import { useConfirmPasswordReset } from '../api/confirm-password-reset';
import { AccessLink, AccessPage } from './access-page';

const resetFormSchema = z
  .object({
    password: passwordResetConfirmSchema.shape.password,
    repeatPassword: z.string(),
  })
  .refine((values) => values.password === values.repeatPassword, {
    path: ['repeatPassword'],
    message: PASSWORDS_DIFFER,
  });
type ResetForm = z.input<typeof resetFormSchema>;

function InvalidLink({ message }: { message: string }) {
  return (
    <>
      <Alert variant="destructive">
        <AlertDescription>{message}</AlertDescription>
      </Alert>
      <Button asChild>
        <Link href="/forgot-password">Ask for a new link</Link>
      </Button>
    </>
  );
}

export function ResetPasswordPage() {
  const id = useId();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [, navigate] = useLocation();
  const confirm = useConfirmPasswordReset();
  const [invalidLink, setInvalidLink] = useState<string | null>(
    token ? null : ACCOUNT_MESSAGES.resetLinkInvalid,
  );
  const [formError, setFormError] = useState('');
  const form = useForm<ResetForm>({
    resolver: zodResolver(resetFormSchema),
    defaultValues: { password: '', repeatPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const passwordError = errors.password?.message;
  const repeatError = errors.repeatPassword?.message;
  const hint = `At least ${PASSWORD_MIN} characters.`;

  const submit = form.handleSubmit(async ({ password }) => {
    setFormError('');
    try {
      await confirm.mutateAsync({ token, password });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'INVALID_TOKEN') {
        setInvalidLink(error.message || ACCOUNT_MESSAGES.resetLinkInvalid);
      } else {
        setFormError(applyServerError(form, error));
      }
      return;
    }
    toast({
      title: 'Password Changed',
      description: 'You are signed in with your new password.',
      variant: 'success',
    });
    navigate('/', { replace: true });
  });

  return (
    <AccessPage
      title="Choose a new password"
      description={invalidLink ? undefined : 'You will be signed in once it is saved.'}
    >
      {invalidLink ? (
        <InvalidLink message={invalidLink} />
      ) : (
        <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Reset password">
          {formError && (
            <Alert variant="destructive">
              <AlertDescription>{formError}</AlertDescription>
            </Alert>
          )}
          <FormField id={`${id}-password`} label="New password" error={passwordError} hint={hint}>
            <PasswordInput
              {...fieldProps(`${id}-password`, passwordError, hint)}
              autoComplete="new-password"
              {...form.register('password')}
            />
          </FormField>
          <FormField id={`${id}-repeat`} label="Repeat new password" error={repeatError}>
            <PasswordInput
              {...fieldProps(`${id}-repeat`, repeatError)}
              autoComplete="new-password"
              {...form.register('repeatPassword')}
            />
          </FormField>
          <Button type="submit" size="lg" disabled={isSubmitting}>
            {isSubmitting ? (
              <>
                <Loader2 className="animate-spin" aria-hidden="true" /> Saving...
              </>
            ) : (
              'Set new password'
            )}
          </Button>
        </form>
      )}
      <AccessLink href="/login">Back to sign in</AccessLink>
    </AccessPage>
  );
}

export default ResetPasswordPage;
