// A tool call's answer as MCP carries it: the service's answer as JSON text, or a tool error
// (`isError`) whose text is the body the API would have answered, `{message, code, ...}`, so an
// agent reads the same words a member or a workflow does. Unexpected failures are logged and
// answered in the API's generic words, with the id that finds them in the logs.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../errors';
import { appErrorBody, fromDatabaseRefusal, internalErrorBody } from '../../http/error-handler';

export function toolAnswer(value: unknown): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value) }] };
}

export function toolRefusal(
  thrown: unknown,
  context: { log: FastifyBaseLogger; requestId: string },
): CallToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(refusalBody(thrown, context)) }],
    isError: true,
  };
}

function refusalBody(
  thrown: unknown,
  { log, requestId }: { log: FastifyBaseLogger; requestId: string },
): Record<string, unknown> {
  const error = fromDatabaseRefusal(thrown) ?? thrown;
  if (error instanceof AppError) {
    if (!(thrown instanceof AppError)) log.warn({ err: thrown }, 'MCP tool call refused');
    return appErrorBody(error);
  }
  // Arguments a tool parses again itself (a job's whole-form rules), worded as the route's 400.
  if (error instanceof z.ZodError) {
    const [first] = error.issues;
    return {
      message: first?.message ?? 'Invalid request',
      code: 'VALIDATION_ERROR',
      field: first?.path.join('.') || undefined,
    };
  }
  log.error({ err: thrown }, 'MCP tool call failed');
  return internalErrorBody(requestId);
}
