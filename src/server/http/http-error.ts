import { defaultErrorMessage, type ErrorCode } from '#core/errors.ts';

/** An expected failure with its HTTP status; the error handler replies `{code, message}`. */
export class HttpError extends Error {
  override name = 'HttpError';

  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string = defaultErrorMessage[code],
  ) {
    super(message);
  }
}

/** A 429: the error handler sends `retryAfterSeconds` as the Retry-After header. */
export class RateLimitedError extends HttpError {
  override name = 'RateLimitedError';

  constructor(
    readonly retryAfterSeconds: number,
    message?: string,
  ) {
    super(429, 'RATE_LIMITED', message);
  }
}

export const badRequest = (message?: string) => new HttpError(400, 'VALIDATION_ERROR', message);
export const unauthenticated = (message?: string) => new HttpError(401, 'UNAUTHENTICATED', message);
export const forbidden = (message?: string) => new HttpError(403, 'FORBIDDEN', message);
export const notFound = (message?: string) => new HttpError(404, 'NOT_FOUND', message);

/** The JSON 404 of a path under /api that no route answers (never the web app's page). */
export const noApiRoute = (method: string, url: string) =>
  notFound(`No API route ${method} ${url.split('?')[0]}`);
