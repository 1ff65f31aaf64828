import { CLAIM_MESSAGES } from '#core/claims/claims.schema.ts';
import { ApiError } from '../../../lib/api-client.ts';

/**
 * Spec §5, Claim by code: the server's refusals are the spec's texts (an unknown, used or expired
 * code, a character already claimed, too many wrong codes) and show as they are; a claim that failed
 * without an answer is 'Failed to process claim'.
 */
export function claimErrorMessage(error: Error): string {
  return error instanceof ApiError && error.status >= 400 && error.status < 500
    ? error.message
    : CLAIM_MESSAGES.failedToProcess;
}

/** Spec §5, Claim request: 'Request failed: {message}', except a member that cannot be asked for. */
export function requestErrorMessage(error: Error): string {
  return error.message === CLAIM_MESSAGES.selectValidPlayer
    ? error.message
    : CLAIM_MESSAGES.requestFailed(error.message);
}
