// A labelled job-form text field (one line or several) with its character counter and hint.
import { useId } from 'react';
import { CharacterCount } from '@/components/ui/character-count';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';

export function JobTextField({
  label,
  value,
  max,
  required = false,
  hint,
  rows,
  placeholder,
  onChange,
  onBlur,
  inputRef,
}: {
  label: string;
  value: string;
  max: number;
  required?: boolean;
  hint?: string;
  /** Several lines when set. */
  rows?: number;
  placeholder?: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** For focusing the field from the form (react-hook-form's ref). */
  inputRef?: (element: HTMLInputElement | HTMLTextAreaElement | null) => void;
}) {
  const id = useId();
  const countId = useId();
  const hintId = useId();
  const over = value.length > max;
  const shared = {
    id,
    value,
    placeholder,
    onBlur,
    'aria-describedby': hint ? `${countId} ${hintId}` : countId,
    'aria-invalid': over,
    'aria-required': required,
  };
  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>
          {label}
          {required ? (
            <span aria-hidden="true" className="text-destructive">
              *
            </span>
          ) : (
            <span className="font-normal text-muted-foreground text-xs">(optional)</span>
          )}
        </Label>
        <CharacterCount id={countId} length={value.length} max={max} />
      </div>
      {rows ? (
        <Textarea
          {...shared}
          ref={inputRef}
          rows={rows}
          className="max-h-[60dvh]"
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <Input
          {...shared}
          ref={inputRef}
          autoComplete="off"
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {hint && (
        <p id={hintId} className="text-muted-foreground text-xs">
          {hint}
        </p>
      )}
    </div>
  );
}
