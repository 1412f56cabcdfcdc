// The screen for a failed session check or an expired session: sign in again, or retry.
import { AlertTriangle, LogIn, RefreshCw } from 'lucide-react';
import { LogoMark } from '@/components/brand/logo';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { describeAuthError } from '@/entities/session/auth-error';
import { loginHref } from '@/lib/login-links';

export function AuthErrorScreen({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { title, message } = describeAuthError(error);
  return (
    <main className="flex min-h-dvh items-center justify-center bg-background p-4">
      <Card className="w-full max-w-md text-center">
        <CardHeader className="items-center">
          <LogoMark className="mb-2 size-10" />
          <CardTitle as="h1" className="flex items-center gap-2 text-xl">
            <AlertTriangle className="size-5 text-destructive" aria-hidden="true" />
            {title}
          </CardTitle>
          <CardDescription>{message}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-2 sm:flex-row sm:justify-center">
          <Button asChild>
            <a href={loginHref()}>
              <LogIn aria-hidden="true" />
              Sign In
            </a>
          </Button>
          <Button variant="outline" onClick={onRetry}>
            <RefreshCw aria-hidden="true" />
            Retry
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
