// What the automation forms share: putting a server refusal on the field it is about (the server
// names it in `field`, or its message is one of that field's own), and the words of a failure.
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';

export const SOMETHING_WENT_WRONG = 'Something went wrong. Please try again.';

export function failureMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : SOMETHING_WENT_WRONG;
}

/**
 * Puts a server error on its field and returns ''; or returns its message for the form's own alert
 * when it belongs to no field. `messageFields` maps a field to the messages that can only be its.
 */
export function applyServerError<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'getValues' | 'setError'>,
  error: unknown,
  messageFields: Partial<Record<Path<T>, readonly string[]>> = {},
): string {
  const message = failureMessage(error);
  const named = error instanceof ApiError ? error.data.field : undefined;
  const byMessage = (Object.keys(messageFields) as Path<T>[]).find((field) =>
    messageFields[field]?.includes(message),
  );
  const field = typeof named === 'string' && named in form.getValues() ? named : byMessage;
  if (field) {
    form.setError(field as Path<T>, { type: 'server', message }, { shouldFocus: true });
    return '';
  }
  return message;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "Jan 2, 2026": when something was made. */
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
/** "Jan 2, 2026, 10:04 AM": when something last happened. */
export const formatTime = (iso: string) => timeFormat.format(new Date(iso));
