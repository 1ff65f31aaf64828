import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { defaultErrorMessage, type ErrorCode } from '#core/errors.ts';
import {
  ConflictError,
  DatabaseUnavailableError,
  InvalidValueError,
  MissingReferenceError,
  translateDbError,
} from '../db/errors.ts';
import { HttpError, RateLimitedError } from '../http/http-error.ts';
import { isAboutTheRequest, isClientAbort } from './client-abort.ts';
import { createFailureLog } from './failure-log.ts';

/**
 * The answer when the database itself refused a value. Input is bounded at the edge so that both
 * databases accept the same values; this reply means a value got past that (the route fuzzing looks
 * for it).
 */
export const DATABASE_REFUSED_VALUE = 'A value in the request is not valid';

interface ErrorReply {
  status: number;
  code: ErrorCode;
  message: string;
}

function describeValidation(error: FastifyError): string {
  if (!hasZodFastifySchemaValidationErrors(error)) return error.message;
  return error.validation
    .map((issue) => {
      const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
      return field ? `${field}: ${issue.message}` : issue.message;
    })
    .join('; ');
}

/** The status and `{code, message}` that answer an error. */
export function toErrorReply(thrown: FastifyError): ErrorReply {
  if (isClientAbort(thrown))
    return { status: 400, code: 'VALIDATION_ERROR', message: 'The request did not arrive in full' };
  // A body the client broke off must not pass for a lost database connection (both are ECONNRESET).
  const error = (isAboutTheRequest(thrown) ? thrown : translateDbError(thrown)) as FastifyError;
  if (error instanceof HttpError)
    return { status: error.statusCode, code: error.code, message: error.message };
  if (error instanceof ConflictError)
    return { status: 409, code: 'CONFLICT', message: defaultErrorMessage.CONFLICT };
  if (error instanceof MissingReferenceError)
    return { status: 404, code: 'NOT_FOUND', message: defaultErrorMessage.NOT_FOUND };
  if (error instanceof InvalidValueError)
    return { status: 400, code: 'VALIDATION_ERROR', message: DATABASE_REFUSED_VALUE };
  if (error instanceof DatabaseUnavailableError)
    return { status: 503, code: 'DATABASE_UNAVAILABLE', message: defaultErrorMessage.DATABASE_UNAVAILABLE };
  if (error.validation) return { status: 400, code: 'VALIDATION_ERROR', message: describeValidation(error) };
  const status = error.statusCode ?? 500;
  if (status === 415)
    return { status, code: 'UNSUPPORTED_MEDIA_TYPE', message: defaultErrorMessage.UNSUPPORTED_MEDIA_TYPE };
  if (status === 429) return { status, code: 'RATE_LIMITED', message: defaultErrorMessage.RATE_LIMITED };
  // Fastify's own client errors (bad JSON, body too large) are safe to describe.
  if (status >= 400 && status < 500) return { status, code: 'VALIDATION_ERROR', message: error.message };
  return { status: 500, code: 'INTERNAL_ERROR', message: defaultErrorMessage.INTERNAL_ERROR };
}

/**
 * Every error leaves as `{code, message}`; a 5xx never carries a stack, SQL or driver text. An
 * expected 5xx (WOM or the database is away) is a warning without a stack; an unexpected one is logged by kind.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  const logFailure = createFailureLog();
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, code, message } = toErrorReply(error);
    if (isClientAbort(error)) request.log.debug({ code: error.code }, 'the client hung up mid-request');
    // WOM or the database being away is the outside world, not a bug: one line, no stack.
    const expected = error instanceof HttpError || code === 'DATABASE_UNAVAILABLE';
    if (status >= 500 && expected) request.log.warn({ code }, message);
    else if (status >= 500) logFailure(request, error);
    if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
    return reply.status(status).send({ code, message });
  });
}
