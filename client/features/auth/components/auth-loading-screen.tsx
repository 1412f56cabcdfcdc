// Shown while the session is checked (spec/product.md §2).
import { Loader2 } from 'lucide-react';
import { LogoMark } from '@/components/brand/logo';

export function AuthLoadingScreen() {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-background">
      <LogoMark className="size-12 animate-pulse" />
      <p className="flex items-center gap-2 text-muted-foreground text-sm" role="status">
        <Loader2 className="size-4 animate-spin" aria-hidden="true" />
        Checking authentication...
      </p>
    </div>
  );
}
