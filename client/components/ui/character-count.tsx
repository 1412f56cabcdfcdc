// A field's live 'n/max' counter: muted while within the limit, red beyond it. Give the field
// aria-describedby={id} so screen readers hear the count with it.
import { cn } from '@/lib/cn';

export function CharacterCount({ id, length, max }: { id: string; length: number; max: number }) {
  return (
    <span
      id={id}
      className={cn(
        'text-xs tabular-nums',
        length > max ? 'font-medium text-destructive' : 'text-muted-foreground',
      )}
    >
      {length}/{max}
    </span>
  );
}
