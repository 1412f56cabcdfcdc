// "Review the script first": plan the video as a storyboard to read, reorder and re-picture before
// it is rendered. Remembered in this browser, like the watermark choice.
import { useId } from 'react';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';

export const REVIEW_FIRST_LABEL = 'Review the script first';

export function ReviewFirstSwitch({
  checked,
  onCheckedChange,
}: {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  const id = useId();
  const hintId = useId();
  return (
    <div className="flex items-start justify-between gap-4 rounded-lg border bg-muted/30 p-3">
      <div className="grid gap-1.5">
        <Label htmlFor={id}>{REVIEW_FIRST_LABEL}</Label>
        <p id={hintId} className="text-muted-foreground text-xs">
          See each scene's words and pictures, change them, then render. Planning is free: the
          credit is spent when you render.
        </p>
      </div>
      <Switch
        id={id}
        checked={checked}
        aria-describedby={hintId}
        onCheckedChange={onCheckedChange}
      />
    </div>
  );
}
