// Renders the toast store with Radix Toast: announced to screen readers, swipe to dismiss,
// F8 jumps to the toast region.
import { XIcon } from 'lucide-react';
import { Toast as ToastPrimitive } from 'radix-ui';
import { cn } from '@/lib/cn';
import { dismissToast, useToasts, useToastTopInset } from './use-toast';

const variantClasses = {
  default: 'border bg-background text-foreground',
  success: 'border-success/40 bg-background text-foreground',
  destructive: 'border-destructive bg-destructive text-destructive-foreground',
} as const;

export function Toaster() {
  const toasts = useToasts();
  const topInset = useToastTopInset();
  return (
    <ToastPrimitive.Provider swipeDirection="right">
      {toasts.map((item) => (
        <ToastPrimitive.Root
          key={item.id}
          open={item.open}
          duration={item.duration}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
          className={cn(
            // In the flow of the stack (never positioned over another), compact, and gone from the
            // layout as soon as it closes, so a new toast never lands on an older one's title.
            'group pointer-events-auto relative flex w-full shrink-0 items-center justify-between gap-3 overflow-hidden rounded-lg px-4 py-3 pr-9 shadow-lg data-[state=closed]:hidden data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[state=open]:animate-in data-[state=open]:fade-in-0 data-[state=open]:slide-in-from-top-2',
            variantClasses[item.variant ?? 'default'],
          )}
          data-variant={item.variant ?? 'default'}
        >
          <div className="grid gap-1">
            {item.title && (
              <ToastPrimitive.Title className="text-sm font-semibold">
                {item.title}
              </ToastPrimitive.Title>
            )}
            {item.description && (
              <ToastPrimitive.Description className="line-clamp-3 text-sm opacity-90">
                {item.description}
              </ToastPrimitive.Description>
            )}
          </div>
          {item.action}
          <ToastPrimitive.Close
            aria-label="Close"
            className="absolute top-2 right-2 rounded-md p-1 opacity-60 transition-opacity hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring"
          >
            <XIcon className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      {/* Top right (top on a phone): clear of the bottom navigation and of the player's playback
          controls, which sit at the bottom. While the library player is open its top bar (Close,
          Share, Publish…) is there, so the toasts start below it (useToastsBelow). The newest
          toast comes first; at most three show. */}
      <ToastPrimitive.Viewport
        data-below-controls={topInset > 0 || undefined}
        style={
          topInset > 0 ? { top: topInset, maxHeight: `calc(100dvh - ${topInset}px)` } : undefined
        }
        className="pointer-events-none fixed top-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-3 sm:top-2 sm:max-w-[380px] sm:p-4"
      />
    </ToastPrimitive.Provider>
  );
}
