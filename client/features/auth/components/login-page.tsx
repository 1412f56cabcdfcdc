// /login: sign in or create an account (with email and password, or Google or GitHub when the
// server offers them), then into the app at the tab and section the login link asked for
// (redirect / tab / section). A referral code from the link is sent with the sign-up.
import { zodResolver } from '@hookform/resolvers/zod';
import { signInSchema, signUpSchema } from '@shared/schemas/auth';
import { ArrowLeft, Clapperboard, Loader2, Sparkles, Wand2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import {
  type FieldValues,
  type Path,
  type UseFormRegisterReturn,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import { Link, useLocation, useSearch } from 'wouter';
import type { z } from 'zod';
import { Logo } from '@/components/brand/logo';
import { FormField, fieldProps, PasswordInput } from '@/components/form/form-field';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useUser } from '@/entities/session/api/get-user';
import { ApiError } from '@/lib/api-client';
import { appAddressAfterLogin } from '@/lib/app-tabs';
import { referralCodeFrom } from '@/lib/login-links';
import { useSignIn } from '../api/sign-in';
import { useSignUp } from '../api/sign-up';
import { socialSignInErrorFrom } from '../social-sign-in';
import { SocialSignInButtons } from './social-sign-in-buttons';

type SignUpForm = z.input<typeof signUpSchema>;
type SignInForm = z.input<typeof signInSchema>;

/** Puts a server error on its field when the server names one, else returns it for the form. */
function applyServerError<T extends FieldValues>(form: UseFormReturn<T>, error: unknown): string {
  const message =
    error instanceof Error ? error.message : 'Something went wrong. Please try again.';
  const field = error instanceof ApiError ? error.data.field : undefined;
  if (typeof field === 'string' && field in form.getValues()) {
    form.setError(field as Path<T>, { type: 'server', message });
    return '';
  }
  return message;
}

function EmailField({
  id,
  error,
  ...registration
}: { id: string; error?: string } & UseFormRegisterReturn) {
  return (
    <FormField label="Email" id={id} error={error}>
      <Input
        {...fieldProps(id, error)}
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        {...registration}
      />
    </FormField>
  );
}

/** A server message that belongs to no single field. */
function FormError({ message }: { message: string }) {
  if (!message) return null;
  return (
    <Alert variant="destructive">
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}

function SignInPanel({ onSignedIn }: { onSignedIn: () => void }) {
  const id = useId();
  const signIn = useSignIn();
  const [formError, setFormError] = useState('');
  const form = useForm<SignInForm>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setFormError('');
    try {
      await signIn.mutateAsync(values);
      onSignedIn();
    } catch (error) {
      setFormError(applyServerError(form, error));
    }
  });
  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Sign in">
      <FormError message={formError} />
      <EmailField id={`${id}-email`} error={errors.email?.message} {...form.register('email')} />
      <FormField label="Password" id={`${id}-password`} error={errors.password?.message}>
        <PasswordInput
          {...fieldProps(`${id}-password`, errors.password?.message)}
          autoComplete="current-password"
          {...form.register('password')}
        />
      </FormField>
      <Link
        href="/forgot-password"
        className="-mt-2 justify-self-end rounded-sm text-primary text-sm underline-offset-4 hover:underline"
      >
        Forgot password?
      </Link>
      <Button type="submit" size="lg" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? (
          <>
            <Loader2 className="animate-spin" aria-hidden="true" /> Signing in...
          </>
        ) : (
          'Sign In'
        )}
      </Button>
    </form>
  );
}

function SignUpPanel({
  onSignedIn,
  referralCode,
}: {
  onSignedIn: () => void;
  referralCode: string | null;
}) {
  const id = useId();
  const signUp = useSignUp();
  const [formError, setFormError] = useState('');
  const form = useForm<SignUpForm>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setFormError('');
    try {
      await signUp.mutateAsync({ ...values, ref: referralCode ?? undefined });
      onSignedIn();
    } catch (error) {
      setFormError(applyServerError(form, error));
    }
  });
  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Create account">
      <FormError message={formError} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="First name" id={`${id}-first`} error={errors.firstName?.message}>
          <Input id={`${id}-first`} autoComplete="given-name" {...form.register('firstName')} />
        </FormField>
        <FormField label="Last name" id={`${id}-last`} error={errors.lastName?.message}>
          <Input id={`${id}-last`} autoComplete="family-name" {...form.register('lastName')} />
        </FormField>
      </div>
      <EmailField id={`${id}-email`} error={errors.email?.message} {...form.register('email')} />
      <FormField
        label="Password"
        id={`${id}-password`}
        error={errors.password?.message}
        hint="At least 8 characters."
      >
        <PasswordInput
          {...fieldProps(`${id}-password`, errors.password?.message, 'At least 8 characters.')}
          autoComplete="new-password"
          {...form.register('password')}
        />
      </FormField>
      {referralCode && (
        <p className="rounded-md bg-accent px-3 py-2 text-accent-foreground text-sm">
          Invited with code <strong>{referralCode}</strong>
        </p>
      )}
      <Button type="submit" size="lg" variant="brand" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? (
          <>
            <Loader2 className="animate-spin" aria-hidden="true" /> Creating account...
          </>
        ) : (
          'Create Account'
        )}
      </Button>
      <p className="text-center text-muted-foreground text-xs">
        Free plan: 10 videos every month, no card needed.
      </p>
    </form>
  );
}

const HIGHLIGHTS = [
  { icon: Wand2, text: 'Describe a scene, get a video in seconds' },
  { icon: Clapperboard, text: 'Widescreen 16:9 or vertical 9:16, up to 4 scenes' },
  { icon: Sparkles, text: 'Creator Engine posts fresh videos on a schedule' },
];

export function LoginPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const { data: user } = useUser();
  const referralCode = referralCodeFrom(search);
  const socialError = socialSignInErrorFrom(search);
  const [mode, setMode] = useState(referralCode ? 'signup' : 'signin');
  const enterApp = () => navigate(appAddressAfterLogin(search), { replace: true });

  useEffect(() => {
    document.title = 'Sign in · Reelforge';
  }, []);

  // Already signed in (another tab, or the back button): go straight to the app.
  useEffect(() => {
    if (user) navigate(appAddressAfterLogin(search), { replace: true });
  }, [user, navigate, search]);

  return (
    <div className="grid min-h-dvh bg-background lg:grid-cols-2">
      <aside className="relative hidden overflow-hidden brand-gradient p-12 text-white lg:flex lg:flex-col lg:justify-between">
        <Logo className="text-white [&_.text-brand-gradient]:text-white" />
        <div className="max-w-md space-y-6">
          <h2 className="font-bold text-4xl leading-tight">
            Your next video starts with one sentence.
          </h2>
          <ul className="space-y-4">
            {HIGHLIGHTS.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-3 text-lg text-white/90">
                <Icon className="size-5 shrink-0" aria-hidden="true" />
                {text}
              </li>
            ))}
          </ul>
        </div>
        <p className="text-sm text-white/70">
          Join creators, marketers and teams making video daily.
        </p>
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -right-24 -bottom-24 size-96 rounded-full bg-white/10 blur-3xl"
        />
      </aside>
      <main className="flex flex-col items-center justify-center gap-6 p-4 py-10 sm:p-8">
        <div className="flex w-full max-w-md items-center justify-between">
          <Link
            href="/"
            className="inline-flex items-center gap-1 text-muted-foreground text-sm hover:text-foreground"
          >
            <ArrowLeft className="size-4" aria-hidden="true" /> Back
          </Link>
          <Logo className="lg:hidden" />
        </div>
        <Card className="w-full max-w-md">
          <CardHeader>
            <CardTitle as="h1" className="text-2xl">
              {mode === 'signin' ? 'Welcome back' : 'Create your account'}
            </CardTitle>
            <CardDescription>
              {mode === 'signin'
                ? 'Sign in to create, organise and share your videos.'
                : 'Start free and make your first video in under a minute.'}
            </CardDescription>
          </CardHeader>
          <CardContent>
            {socialError && (
              <div className="mb-6">
                <FormError message={socialError} />
              </div>
            )}
            <SocialSignInButtons search={search} />
            <Tabs value={mode} onValueChange={setMode} className="gap-6">
              <TabsList className="mb-6 grid w-full grid-cols-2">
                <TabsTrigger value="signin">Sign In</TabsTrigger>
                <TabsTrigger value="signup">Create Account</TabsTrigger>
              </TabsList>
              <TabsContent value="signin">
                <SignInPanel onSignedIn={enterApp} />
              </TabsContent>
              <TabsContent value="signup">
                <SignUpPanel onSignedIn={enterApp} referralCode={referralCode} />
              </TabsContent>
            </Tabs>
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
