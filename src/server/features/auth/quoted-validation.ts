import type { FastifySchemaValidationError } from 'fastify';
import { badRequest } from '../../http/http-error.ts';

/**
 * A route's `schemaErrorFormatter` for checks whose message the spec quotes ('Passwords don't
 * match', 'Invalid UUID format'): the answer is that sentence word for word, not the usual
 * "field: message". Any other failure keeps the usual description, which the error handler builds
 * from the issues Fastify attaches to the returned error.
 */
export function answerQuotedMessages(quoted: readonly string[]) {
  return (errors: FastifySchemaValidationError[]): Error => {
    const sentence = errors.find((error) => error.message !== undefined && quoted.includes(error.message));
    return sentence?.message !== undefined ? badRequest(sentence.message) : new Error('Invalid request');
  };
}
