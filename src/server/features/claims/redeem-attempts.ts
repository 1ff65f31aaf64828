import { decideRedeemAttempt, REDEEM_WINDOW_MS } from '#core/claims/redeem-limits.ts';
import { takeAttemptOrRefuse, type AttemptLimiterDeps } from '../../http/attempt-limiter.ts';
import { HttpError } from '../../http/http-error.ts';
import { WrongClaimCodeError } from './claims.service.ts';

/**
 * A wrong or used code is a guess, and so is a fault a guesser might provoke; the other refusals
 * (expired, already claimed) answer a real code, so they are taken back like a success.
 */
export function countsAsGuess(error: unknown): boolean {
  return error instanceof WrongClaimCodeError || !(error instanceof HttpError);
}

/** A redemption counts against the client's address (`clientAddress`: an IPv6 client's /64) and the user. */
export function takeRedeemAttempt(deps: AttemptLimiterDeps, who: { client: string; userId: number }) {
  return takeAttemptOrRefuse(
    deps,
    'claim code',
    REDEEM_WINDOW_MS,
    {
      address: `redeem:address:${who.client}`,
      account: `redeem:account:${who.userId}`,
    },
    decideRedeemAttempt,
  );
}
