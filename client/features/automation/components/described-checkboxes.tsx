// A group of checkboxes with a legend, each option's name set in code type (a scope, an event) and
// a line on what it means, and the group's error under them: the key's scopes and an endpoint's
// events are chosen this way.
import type { UseFormRegisterReturn } from 'react-hook-form';

export function DescribedCheckboxes<Option extends string>({
  idPrefix,
  legend,
  options,
  describe,
  register,
  error,
}: {
  idPrefix: string;
  legend: string;
  options: readonly Option[];
  describe: Record<Option, string>;
  /** The form's registration of the field holding the chosen options. */
  register: UseFormRegisterReturn;
  error?: string;
}) {
  const errorId = `${idPrefix}-error`;
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 font-medium text-sm">{legend}</legend>
      {options.map((option) => {
        const inputId = `${idPrefix}-${option}`;
        return (
          <div key={option} className="flex items-start gap-3">
            <input
              id={inputId}
              type="checkbox"
              value={option}
              aria-describedby={`${inputId}-what`}
              className="mt-0.5 size-4 shrink-0 cursor-pointer accent-primary"
              {...register}
            />
            <div className="grid gap-0.5 text-sm">
              <label htmlFor={inputId} className="w-fit cursor-pointer font-medium font-mono">
                {option}
              </label>
              <span id={`${inputId}-what`} className="text-muted-foreground">
                {describe[option]}
              </span>
            </div>
          </div>
        );
      })}
      {error && (
        <p id={errorId} className="text-destructive text-sm" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
