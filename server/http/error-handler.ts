// The one place errors become HTTP answers: domain errors keep their status and message, schema
// failures become a 400 naming the field, and anything unexpected is a generic 500 with an id to
// find it in the logs. Stacks never leave the server.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { classifyDatabaseRefusal } from '../db/errors';
import { AppError, Conflict, ValidationFailed } from '../errors';
import { fromMultipartError } from './multipart-errors';

/**
 * Database refusals the request caused (a value no column can hold, a race with another request)
 * as the error a member reads: the validation in front of the database should catch them first,
 * and this keeps the answer a 4xx when a case slips through.
 */
export function fromDatabaseRefusal(error: unknown): AppError | null {
  switch (classifyDatabaseRefusal(error)) {
    case 'invalid-value':
      return new ValidationFailed('A value in the request is not valid.');
    case 'conflict':
      return new Conflict(
        'CONFLICT',
        'Something changed at the same time as this request. Please try again.',
      );
    default:
      return null;
  }
}

/** What a domain error answers: its message and code, and whatever it carries (a field, a wait). */
export function appErrorBody(error: AppError): Record<string, unknown> {
  return { message: error.message, code: error.code, ...error.data };
}

/** What an unexpected failure answers: generic words, and the id that finds it in the logs. */
export function internalErrorBody(correlationId: string) {
  return {
    message: 'Something went wrong on our side. Please try again.',
    code: 'INTERNAL_ERROR',
    correlationId,
  };
}

export function errorHandler(thrown: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const error = fromDatabaseRefusal(thrown) ?? fromMultipartError(thrown) ?? thrown;
  if (error instanceof AppError) {
    if (!(thrown instanceof AppError)) request.log.warn({ err: thrown }, 'request refused');
    const { retryAfterSeconds } = error.data;
    if (typeof retryAfterSeconds === 'number')
      reply.header('retry-after', String(retryAfterSeconds));
    return reply.status(error.status).send(appErrorBody(error));
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const [first] = error.validation;
    const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') || undefined;
    return reply.status(400).send({
      message: first?.message ?? 'Invalid request',
      code: 'VALIDATION_ERROR',
      field,
      errors: error.validation.map((issue) => issue.message),
    });
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return reply.status(status).send({ message: error.message, code: error.code ?? 'BAD_REQUEST' });
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.status(500).send(internalErrorBody(request.id));
}
