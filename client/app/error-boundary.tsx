// The last line of defence: a render error shows 'Something went wrong' with Refresh Page instead
// of a blank screen.
import { AlertTriangle, RefreshCw } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';

export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Unhandled render error', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-background p-6 text-center">
        <AlertTriangle className="size-12 text-destructive" aria-hidden="true" />
        <h1 className="font-bold text-2xl">Something went wrong</h1>
        <p className="max-w-sm text-muted-foreground">
          An unexpected error stopped this page. Refreshing usually fixes it; your videos and
          credits are safe.
        </p>
        <Button onClick={() => window.location.reload()}>
          <RefreshCw aria-hidden="true" />
          Refresh Page
        </Button>
      </main>
    );
  }
}
