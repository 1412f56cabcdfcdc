// Landscape or portrait, as a radio group: arrow keys move between the two, each shows its frame.
import { ASPECT_RATIO_LABELS, ASPECT_RATIOS, type AspectRatio } from '@shared/catalogue';
import { RadioGroup as RadioGroupPrimitive } from 'radix-ui';
import { useId } from 'react';
import { cn } from '@/lib/cn';

const ASPECT_RATIO_NAMES: Record<AspectRatio, string> = {
  landscape: 'Landscape',
  portrait: 'Portrait',
};

/** A small outline of the frame, so the choice reads at a glance. */
function FrameIcon({ ratio }: { ratio: AspectRatio }) {
  return (
    <span aria-hidden="true" className="flex size-9 shrink-0 items-center justify-center">
      <span
        className={cn(
          'rounded-[3px] border-2 border-current',
          ratio === 'landscape' ? 'h-[18px] w-8' : 'h-8 w-[18px]',
        )}
      />
    </span>
  );
}

export function AspectRatioPicker({
  value,
  onChange,
}: {
  value: AspectRatio;
  onChange: (value: AspectRatio) => void;
}) {
  const labelId = useId();
  return (
    <div className="grid gap-2">
      <span id={labelId} className="font-medium text-sm">
        Aspect ratio
      </span>
      <RadioGroupPrimitive.Root
        aria-labelledby={labelId}
        value={value}
        onValueChange={(next) => {
          const ratio = ASPECT_RATIOS.find((candidate) => candidate === next);
          if (ratio) onChange(ratio);
        }}
        className="grid grid-cols-2 gap-3"
      >
        {ASPECT_RATIOS.map((ratio) => (
          <RadioGroupPrimitive.Item
            key={ratio}
            value={ratio}
            className="flex cursor-pointer items-center gap-3 rounded-lg border bg-background p-3 text-left text-muted-foreground outline-none transition-colors hover:bg-accent/50 focus-visible:ring-[3px] focus-visible:ring-ring/50 data-[state=checked]:border-primary data-[state=checked]:bg-primary/5 data-[state=checked]:text-primary"
          >
            <FrameIcon ratio={ratio} />
            <span className="grid">
              <span className="font-medium text-foreground text-sm">
                {ASPECT_RATIO_NAMES[ratio]}
              </span>{' '}
              <span className="text-xs">{ASPECT_RATIO_LABELS[ratio]}</span>
            </span>
          </RadioGroupPrimitive.Item>
        ))}
      </RadioGroupPrimitive.Root>
    </div>
  );
}
