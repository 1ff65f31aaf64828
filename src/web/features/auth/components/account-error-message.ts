import { ApiError, CONNECTION_FAILED } from '../../../lib/api-client.ts';

/**
 * What a failed account form says. The server's refusals are already the spec's texts ('Username
 * already taken', the password rules, an expired link) or say when trying again can work, so they
 * show as they are; a server fault reads as `{failed}: {message}` (spec §8, 'Registration failed:
 * {message}'), and an answer that is not the contract's as `failed` alone.
 */
export function accountErrorMessage(
  error: unknown,
  failed: string,
  /** Registration's spec text names why the connection failed: 'Connection failed: {message}'. */
  connection: 'bare' | 'with reason' = 'bare',
): string {
  if (!(error instanceof ApiError)) return failed;
  if (error.code === 'NETWORK_ERROR') {
    const reason = error.cause instanceof Error ? error.cause.message : '';
    return connection === 'with reason' && reason ? `${CONNECTION_FAILED}: ${reason}` : CONNECTION_FAILED;
  }
  if (error.status >= 400 && error.status < 500) return error.message;
  return `${failed}: ${error.message}`;
}
