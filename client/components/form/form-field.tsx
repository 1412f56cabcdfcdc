// A labelled input with its error (announced, and tied to the input) or its hint, and, for a text
// with a limit, its live character count beside the label; and a password input whose characters
// can be shown: the login page's forms and the account pages' alike.
import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { CharacterCount } from '@/components/ui/character-count';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/**
 * The attributes that tie an input to its label's id, its error and its hint, and to its character
 * count when FormField shows one (`counted`).
 */
export function fieldProps(id: string, error?: string, hint?: string, counted = false) {
  const described = [counted && `${id}-count`, error ? `${id}-error` : hint && `${id}-hint`];
  return {
    id,
    'aria-invalid': Boolean(error),
    'aria-describedby': described.filter(Boolean).join(' ') || undefined,
  };
}

export function FormField({
  id,
  label,
  error,
  hint,
  count,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  /** The text's length and limit, counted beside the label (give the input fieldProps' `counted`). */
  count?: { length: number; max: number };
  children: React.ReactNode;
}) {
  return (
    <div className="grid content-start gap-2">
      {count ? (
        <div className="flex items-center justify-between gap-2">
          <Label htmlFor={id}>{label}</Label>
          <CharacterCount id={`${id}-count`} length={count.length} max={count.max} />
        </div>
      ) : (
        <Label htmlFor={id}>{label}</Label>
      )}
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-destructive text-sm" role="alert">
          {error}
        </p>
      ) : (
        hint && (
          <p id={`${id}-hint`} className="text-muted-foreground text-xs">
            {hint}
          </p>
        )
      )}
    </div>
  );
}

export function PasswordInput(props: Omit<React.ComponentProps<typeof Input>, 'type'>) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input {...props} type={visible ? 'text' : 'password'} className="pr-10" />
      <button
        type="button"
        onClick={() => setVisible((value) => !value)}
        className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
        aria-label={visible ? 'Hide password' : 'Show password'}
        aria-pressed={visible}
      >
        {visible ? <EyeOff className="size-4" /> : <Eye className="size-4" />}
      </button>
    </div>
  );
}
