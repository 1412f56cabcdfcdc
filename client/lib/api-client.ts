// The one HTTP client: sends cookies, speaks JSON, and turns every failure into an ApiError with
// the server's message (message, or an errors array joined with commas, or details).
export const NETWORK_ERROR_MESSAGE = 'Network error: Please check your internet connection';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly data: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

function messageFrom(body: Record<string, unknown>, fallback: string): string {
  if (typeof body.message === 'string' && body.message) return body.message;
  if (Array.isArray(body.errors) && body.errors.length > 0) return body.errors.join(', ');
  if (typeof body.details === 'string' && body.details) return body.details;
  return fallback;
}

export async function apiRequest<T>(
  method: string,
  url: string,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<T> {
  let response: Response;
  try {
    const headers =
      body === undefined ? extraHeaders : { 'content-type': 'application/json', ...extraHeaders };
    response = await fetch(url, {
      method,
      credentials: 'include',
      headers: Object.keys(headers).length > 0 ? headers : undefined,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  if (!response.ok) {
    const data = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
    const fallback = text && !parsed ? text : `${response.status} ${response.statusText}`;
    throw new ApiError(
      response.status,
      messageFrom(data, fallback),
      typeof data.code === 'string' ? data.code : undefined,
      data,
    );
  }
  return parsed as T;
}

/** 401 and 403 are authentication errors (spec/api.md §8.1). */
export function isAuthError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

/** Status 0, or a message about the network (spec/api.md §8.1). */
export function isNetworkError(error: unknown): boolean {
  if (error instanceof ApiError && error.status === 0) return true;
  return error instanceof Error && /network|failed to fetch/i.test(error.message);
}
