// The watermark on/off switch. Free plans cannot remove it: turning it off leaves it on and says
// why (spec/product.md §5).
import { useId } from 'react';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';

/** The Free plan's answer to turning the watermark off (spec/product.md §5, spec/api.md §8.4). */
export const PREMIUM_WATERMARK = {
  title: 'Premium Feature',
  description: 'Upgrade to Pro or Elite to remove watermarks',
};

export function WatermarkSwitch({
  checked,
  removable,
  disabled = false,
  onCheckedChange,
}: {
  checked: boolean;
  removable: boolean;
  /** Shown as it is, unchangeable (a rendered storyboard). */
  disabled?: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  const id = useId();
  const hintId = useId();
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="grid gap-1.5">
        <Label htmlFor={id}>Watermark</Label>
        <p id={hintId} className="text-muted-foreground text-xs">
          {removable
            ? 'Adds a small Reelforge mark to the corner of the video.'
            : 'Free plan videos carry a watermark. Pro and Elite can turn it off.'}
        </p>
      </div>
      <Switch
        id={id}
        checked={checked}
        disabled={disabled}
        aria-describedby={hintId}
        onCheckedChange={(next) => {
          // Not `disabled` for Free: a disabled switch could not explain itself when pressed.
          if (!next && !removable) {
            toast(PREMIUM_WATERMARK);
            return;
          }
          onCheckedChange(next);
        }}
      />
    </div>
  );
}
