// Top-level routes (spec/product.md §2): /watch/{id} is public; /login signs in; /forgot-password,
// /reset-password and /verify-email work signed in or out; every other path is the main app for
// members and the landing page for visitors. Each is its own chunk, so a visitor downloads the
// landing page and nothing of the app.
import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { useUser } from '@/entities/session/api/get-user';
import { AuthErrorScreen } from '@/features/auth/components/auth-error-screen';
import { AuthLoadingScreen } from '@/features/auth/components/auth-loading-screen';

const LandingPage = lazy(() => import('@/features/landing/components/landing-page'));
const LoginPage = lazy(() =>
  import('@/features/auth/components/login-page').then((module) => ({ default: module.LoginPage })),
);
const MainApp = lazy(() => import('./shell/main-app'));
const WatchPage = lazy(() => import('@/features/shared-video/components/watch-page'));
const ForgotPasswordPage = lazy(
  () => import('@/features/account-access/components/forgot-password-page'),
);
const ResetPasswordPage = lazy(
  () => import('@/features/account-access/components/reset-password-page'),
);
const VerifyEmailPage = lazy(
  () => import('@/features/account-access/components/verify-email-page'),
);

/** The verify page leads on into the app, or to sign in: it needs to know which. */
function VerifyEmailRoute() {
  const { data: user, isPending } = useUser();
  return <VerifyEmailPage signedIn={isPending ? null : Boolean(user)} />;
}

function SessionGate() {
  const { data: user, isPending, isError, error, refetch } = useUser();
  if (isPending) return <AuthLoadingScreen />;
  if (isError) return <AuthErrorScreen error={error} onRetry={() => void refetch()} />;
  return user ? <MainApp user={user} /> : <LandingPage />;
}

export function AppRouter() {
  return (
    <Suspense fallback={<div className="min-h-dvh bg-background" />}>
      <Switch>
        <Route path="/watch/:videoId">{(params) => <WatchPage videoId={params.videoId} />}</Route>
        <Route path="/login">
          <LoginPage />
        </Route>
        <Route path="/forgot-password">
          <ForgotPasswordPage />
        </Route>
        <Route path="/reset-password">
          <ResetPasswordPage />
        </Route>
        <Route path="/verify-email">
          <VerifyEmailRoute />
        </Route>
        <Route>
          <SessionGate />
        </Route>
      </Switch>
    </Suspense>
  );
}
