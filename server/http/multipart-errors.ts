// The one place a broken multipart body becomes a 400: the parser (busboy, under
// @fastify/multipart) reports a missing boundary, a malformed part or a body cut off midway as
// plain errors, which would otherwise be answered as our own failure (500).
import { ValidationFailed } from '../errors';

export const BROKEN_UPLOAD_MESSAGE =
  'The upload could not be read: it was cut off or malformed. Please choose the file again.';

const BUSBOY_MESSAGES = [
  /^Multipart: /,
  /^Unexpected end of (form|file|multipart data)/,
  /terminated early due to unexpected end of multipart data$/,
  /^Boundary required/,
  /^Malformed part header/,
  /^Malformed urlencoded form/,
  /^Unsupported content type/,
  /^Missing Content-Type/,
];

/** The 400 for a broken multipart body, or null when `error` is something else. */
export function fromMultipartError(error: unknown): ValidationFailed | null {
  if (!(error instanceof Error)) return null;
  if (BUSBOY_MESSAGES.some((pattern) => pattern.test(error.message))) {
    return new ValidationFailed(BROKEN_UPLOAD_MESSAGE);
  }
  return null;
}

/** Thrown into a file stream that will never end because the body ended before its boundary. */
export class UploadCutOff extends Error {
  constructor() {
    super('Unexpected end of form');
  }
}
