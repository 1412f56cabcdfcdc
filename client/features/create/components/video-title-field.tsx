// The Create form's title, with its live character count and the message a check puts on it.
import { LIMITS } from '@shared/limits';
import { useId } from 'react';
import type { FieldError, UseFormReturn } from 'react-hook-form';
import { CharacterCount } from '@/components/ui/character-count';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { CreateVideoFormValues } from '../create-form-values';

export function VideoTitleField({
  form,
  title,
  error,
}: {
  form: UseFormReturn<CreateVideoFormValues>;
  title: string;
  /** What a check said about the field, if anything. */
  error: FieldError | undefined;
}) {
  const ids = { title: useId(), titleCount: useId() };
  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={ids.title}>Title</Label>
        <CharacterCount id={ids.titleCount} length={title.length} max={LIMITS.titleMax} />
      </div>
      <Input
        id={ids.title}
        placeholder="e.g. Sunrise over a sleeping city"
        maxLength={LIMITS.titleMax}
        autoComplete="off"
        aria-invalid={Boolean(error)}
        aria-describedby={ids.titleCount}
        {...form.register('title', { onChange: () => form.clearErrors('title') })}
      />
      {error && (
        <p role="alert" className="text-destructive text-sm">
          {error.message}
        </p>
      )}
    </div>
  );
}
