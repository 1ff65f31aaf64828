import {
  decideDiscordReconcileAttempt,
  decideDiscordSignInAttempt,
  DISCORD_WINDOW_MS,
} from '#core/auth/attempt-limits.ts';
import { takeAttemptOrRefuse, type AttemptLimiterDeps } from '../../http/attempt-limiter.ts';

/** A Discord sign-in (its callback, which calls Discord) counts against the client's address. */
export function takeDiscordSignInAttempt(deps: AttemptLimiterDeps, client: string) {
  return takeAttemptOrRefuse(
    deps,
    'Discord sign-in',
    DISCORD_WINDOW_MS,
    { address: `discord-sign-in:address:${client}` },
    decideDiscordSignInAttempt,
  );
}

/** A reconcile counts against the admin who asks for it. */
export function takeDiscordReconcileAttempt(deps: AttemptLimiterDeps, userId: number) {
  return takeAttemptOrRefuse(
    deps,
    'role check',
    DISCORD_WINDOW_MS,
    { account: `discord-reconcile:account:${userId}` },
    decideDiscordReconcileAttempt,
  );
}
