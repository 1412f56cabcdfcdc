// The Reelforge mark and wordmark.
import { useId } from 'react';
import { cn } from '@/lib/cn';

export function LogoMark({ className }: { className?: string }) {
  // Each mark its own gradient id: with one shared id, a page with two marks (the login page's
  // phone and desktop headers) painted both from the first, which is hidden on a phone.
  const gradientId = `reelforge-mark-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-8 shrink-0', className)}>
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#6d3df5" />
          <stop offset=".55" stopColor="#d1399b" />
          <stop offset="1" stopColor="#f59e3b" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill={`url(#${gradientId})`} />
      <path d="M11 9.5v13l11-6.5z" fill="#fff" />
    </svg>
  );
}

export function Logo({ className }: { className?: string }) {
  return (
    <span
      className={cn('inline-flex items-center gap-2 font-bold text-lg tracking-tight', className)}
    >
      <LogoMark />
      <span>
        Reel<span className="text-brand-gradient">forge</span>
      </span>
    </span>
  );
}
