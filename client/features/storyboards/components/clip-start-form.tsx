// Where the member's own clip starts in its shot: a shot plays the clip from its start unless the
// member names a moment (`offset`, in seconds), as the API takes it.
import type { StoryboardVisual } from '@shared/schemas/storyboards';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** The API's words for an offset it refuses; the form refuses the same before sending. */
export const CLIP_OFFSET_MESSAGE = 'A clip offset must be a number of seconds.';
const MAX_OFFSET = 3600;

export function ClipStartForm({
  shown,
  onApply,
}: {
  /** The clip the shot shows now. */
  shown: StoryboardVisual;
  onApply: (offset: number) => void;
}) {
  const inputId = useId();
  const hintId = useId();
  const [text, setText] = useState(String(shown.offset ?? 0));
  const seconds = Number(text);
  const valid =
    text.trim() !== '' && Number.isFinite(seconds) && seconds >= 0 && seconds <= MAX_OFFSET;
  const changed = valid && seconds !== (shown.offset ?? 0);
  return (
    <section className="grid gap-2 border-t pt-4">
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          // Tenths of a second: finer than a frame matters to nobody choosing by eye.
          if (changed) onApply(Math.round(seconds * 10) / 10);
        }}
      >
        <div className="grid gap-1">
          <Label htmlFor={inputId}>Start the clip at (seconds)</Label>
          <Input
            id={inputId}
            type="number"
            inputMode="decimal"
            min={0}
            max={MAX_OFFSET}
            step={0.5}
            value={text}
            aria-describedby={hintId}
            aria-invalid={!valid}
            onChange={(event) => setText(event.currentTarget.value)}
            className="w-32"
          />
        </div>
        <Button type="submit" variant="outline" disabled={!changed}>
          Apply
        </Button>
      </form>
      <p id={hintId} className="text-muted-foreground text-xs">
        The shot plays your clip from this moment. A clip that ends early holds its last frame.
      </p>
      {!valid && (
        <p role="alert" className="font-medium text-red-700 text-sm dark:text-red-300">
          {CLIP_OFFSET_MESSAGE}
        </p>
      )}
    </section>
  );
}
