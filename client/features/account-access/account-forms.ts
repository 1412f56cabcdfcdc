// What the account forms share: the "repeat the new password" rule, which only the browser checks
// (the server receives one password), and putting a server refusal on the field it is about.
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';

export const PASSWORDS_DIFFER = 'The two passwords do not match.';
export const SOMETHING_WENT_WRONG = 'Something went wrong. Please try again.';

/**
 * Puts a server error on its field when the server names one (`field`) or its code belongs to one
 * (`codeFields`), and returns '' then; otherwise returns the message for the form's own alert.
 */
export function applyServerError<T extends FieldValues>(
  form: UseFormReturn<T>,
  error: unknown,
  codeFields: Record<string, Path<T>> = {},
): string {
  const message = error instanceof Error && error.message ? error.message : SOMETHING_WENT_WRONG;
  const named = error instanceof ApiError ? error.data.field : undefined;
  const byCode = error instanceof ApiError && error.code ? codeFields[error.code] : undefined;
  const field = typeof named === 'string' && named in form.getValues() ? named : byCode;
  if (field) {
    form.setError(field as Path<T>, { type: 'server', message }, { shouldFocus: true });
    return '';
  }
  return message;
}
