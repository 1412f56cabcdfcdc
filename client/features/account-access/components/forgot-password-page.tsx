// /forgot-password: asks for a reset link. The answer is the same for every address, so the page
// shows it as it comes and never says whether an account exists.
import { zodResolver } from '@hookform/resolvers/zod';
import { type PasswordResetRequestInput, passwordResetRequestSchema } from '@shared/schemas/auth';
import { Loader2, MailCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormField, fieldProps } from '@/components/form/form-field';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { applyServerError } from '../account-forms';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { AccessLink, AccessPage } from './access-page';

export function ForgotPasswordPage() {
  const id = useId();
  const request = useRequestPasswordReset();
  const [sent, setSent] = useState<string | null>(null);
  const [formError, setFormError] = useState('');
  const form = useForm<PasswordResetRequestInput>({
    resolver: zodResolver(passwordResetRequestSchema),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const emailError = errors.email?.message;

  const submit = form.handleSubmit(async (values) => {
    setFormError('');
    try {
      const answer = await request.mutateAsync(values);
      setSent(answer.message);
    } catch (error) {
      setFormError(applyServerError(form, error));
    }
  });

  return (
    <AccessPage
      title="Forgot your password?"
      description="Enter the email address you signed up with and we will send you a link to choose a new password."
    >
      {sent ? (
        <>
          <Alert variant="success" role="status">
            <MailCheck aria-hidden="true" />
            <AlertDescription>{sent}</AlertDescription>
          </Alert>
          <Button variant="outline" onClick={() => setSent(null)}>
            Send another link
          </Button>
        </>
      ) : (
        <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Forgot password">
          {formError && (
            <Alert variant="destructive">
              <AlertDescription>{formError}</AlertDescription>
            </Alert>
          )}
          <FormField id={`${id}-email`} label="Email" error={emailError}>
            <Input
              {...fieldProps(`${id}-email`, emailError)}
              type="email"
              autoComplete="email"
              placeholder="you@example.com"
              {...form.register('email')}
            />
          </FormField>
          <Button type="submit" size="lg" disabled={isSubmitting}>
            {isSubmitting ? (
              <>
                <Loader2 className="animate-spin" aria-hidden="true" /> Sending...
              </>
            ) : (
              'Send reset link'
            )}
          </Button>
        </form>
      )}
      <AccessLink href="/login">Back to sign in</AccessLink>
    </AccessPage>
  );
}

export default ForgotPasswordPage;
