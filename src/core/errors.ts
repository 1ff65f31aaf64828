import { z } from 'zod';
import { CAP_MESSAGES } from './users/account-caps.ts';

/**
 * Every error the API returns has one of these codes. The message that goes with a code is either the
 * default here or, where the spec quotes a sentence for a case, that sentence word for word.
 */
export const ErrorCode = {
  VALIDATION: 'VALIDATION_ERROR',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  INVALID_CLAIM_CODE: 'INVALID_CLAIM_CODE',
  NO_CHANGES: 'NO_CHANGES',
  LAST_ADMIN: 'LAST_ADMIN',
  RACE_LIMIT: 'RACE_LIMIT',
  GOAL_LIMIT: 'GOAL_LIMIT',
  CLAIM_REQUEST_LIMIT: 'CLAIM_REQUEST_LIMIT',
  RATE_LIMITED: 'RATE_LIMITED',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  CROSS_ORIGIN: 'CROSS_ORIGIN',
  WOM_UNAVAILABLE: 'WOM_UNAVAILABLE',
  DISCORD_UNAVAILABLE: 'DISCORD_UNAVAILABLE',
  DATABASE_UNAVAILABLE: 'DATABASE_UNAVAILABLE',
  REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
  INTERNAL: 'INTERNAL_ERROR',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const defaultErrorMessage: Record<ErrorCode, string> = {
  VALIDATION_ERROR: 'The request is not valid',
  UNAUTHENTICATED: 'You must be logged in',
  FORBIDDEN: 'You must be an administrator to do this',
  NOT_FOUND: 'Not found',
  CONFLICT: 'That conflicts with existing data',
  INVALID_CREDENTIALS: 'Invalid credentials',
  INVALID_CLAIM_CODE: 'Invalid or already used claim code',
  NO_CHANGES: 'No changes were made',
  LAST_ADMIN: 'Failed to update admin status: the clan must keep at least one admin',
  RACE_LIMIT: CAP_MESSAGES.openRaces,
  GOAL_LIMIT: CAP_MESSAGES.activeGoalsPerCharacter,
  CLAIM_REQUEST_LIMIT: CAP_MESSAGES.pendingClaimRequests,
  RATE_LIMITED: 'Too many attempts. Please wait a moment and try again.',
  UNSUPPORTED_MEDIA_TYPE: 'Requests with a body must send JSON',
  PAYLOAD_TOO_LARGE: 'The request body is too large',
  CROSS_ORIGIN: 'Cross-origin requests are not allowed',
  WOM_UNAVAILABLE: 'Wise Old Man is not answering right now. Please try again in a minute.',
  DISCORD_UNAVAILABLE: 'Discord refused or could not be reached',
  DATABASE_UNAVAILABLE: 'The site cannot reach its database right now. Please try again in a moment.',
  REQUEST_TIMEOUT: 'The request took too long to arrive',
  INTERNAL_ERROR: 'Something went wrong on our side',
};

export const errorResponseSchema = z.object({
  code: z.string(),
  message: z.string(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
