// Top-level routes (spec/product.md §2): /watch/{id} is public; /login signs in; every other path
// is the main app for members and the landing page for visitors. Each is its own chunk, so a
// visitor downloads the landing page and nothing of the app.
import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { useUser } from '@/features/auth/api/get-user';
import { AuthErrorScreen } from '@/features/auth/components/auth-error-screen';
import { AuthLoadingScreen } from '@/features/auth/components/auth-loading-screen';

const LandingPage = lazy(() => import('@/features/landing/components/landing-page'));
const LoginPage = lazy(() =>
  import('@/features/auth/components/login-page').then((module) => ({ default: module.LoginPage })),
);
const MainApp = lazy(() => import('./shell/main-app'));
const WatchPage = lazy(() => import('@/features/shared-video/components/watch-page'));

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
        <Route>
          <SessionGate />
        </Route>
      </Switch>
    </Suspense>
  );
}
