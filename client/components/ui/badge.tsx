// Badge (shadcn/ui): small status and plan labels.
import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';
import { cn } from '@/lib/cn';

const badgeVariants = cva(
  'inline-flex w-fit shrink-0 items-center justify-center gap-1 whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-medium [&>svg]:size-3',
  {
    variants: {
      variant: {
        default: 'border-transparent bg-primary text-primary-foreground',
        secondary: 'border-transparent bg-secondary text-secondary-foreground',
        outline: 'text-foreground',
        // Calm: the gradient belongs to a screen's one primary action, not to labels.
        // Lighter words in dark: the primary on its own tint measured 3.88:1 there.
        brand: 'border-primary/20 bg-primary/10 text-primary dark:text-violet-200',
        // Opaque, for a badge sitting across a card's border (Most Popular, Best Value): a tint
        // would let the border line strike through the words.
        highlight: 'border-transparent bg-primary text-primary-foreground shadow-sm',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export function Badge({
  className,
  variant,
  ...props
}: React.ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return (
    <span data-slot="badge" className={cn(badgeVariants({ variant }), className)} {...props} />
  );
}
