// Public, Unlisted or Private for YouTube and Instagram, as a radio group (arrow keys move between
// them); TikTok has its own choice from the creator's options.
import { PRIVACY_LABELS, PRIVACY_OPTIONS, type Privacy } from '@shared/schemas/publishing';
import { RadioGroup as RadioGroupPrimitive } from 'radix-ui';
import { useId } from 'react';

export function PrivacyPicker({
  value,
  onChange,
  label = 'Privacy on YouTube and Instagram',
}: {
  value: Privacy;
  onChange: (value: Privacy) => void;
  label?: string;
}) {
  const id = useId();
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  return (
    <div className="grid gap-2">
      <span id={labelId} className="font-medium text-sm">
        {label}
      </span>
      <RadioGroupPrimitive.Root
        aria-labelledby={labelId}
        aria-describedby={hintId}
        value={value}
        onValueChange={(next) => {
          const privacy = PRIVACY_OPTIONS.find((option) => option === next);
          if (privacy) onChange(privacy);
        }}
        className="grid grid-cols-3 gap-2"
      >
        {PRIVACY_OPTIONS.map((option) => (
          <RadioGroupPrimitive.Item
            key={option}
            value={option}
            className="group flex min-w-0 cursor-pointer items-center justify-center gap-2 rounded-lg border bg-background px-2 py-2 text-sm outline-none transition-colors hover:bg-accent/50 focus-visible:ring-[3px] focus-visible:ring-ring/50 data-[state=checked]:border-primary data-[state=checked]:bg-primary/5 data-[state=checked]:text-primary"
          >
            {/* The choice shows as a filled dot too, not by colour alone. */}
            <span
              aria-hidden="true"
              className="flex size-3.5 shrink-0 items-center justify-center rounded-full border border-current"
            >
              <span className="size-1.5 rounded-full bg-current opacity-0 group-data-[state=checked]:opacity-100" />
            </span>
            {PRIVACY_LABELS[option]}
          </RadioGroupPrimitive.Item>
        ))}
      </RadioGroupPrimitive.Root>
      <p id={hintId} className="text-muted-foreground text-xs">
        Unlisted: only people with the link can find it.
      </p>
    </div>
  );
}
