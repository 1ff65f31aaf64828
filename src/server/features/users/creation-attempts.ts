import {
  CREATION_WINDOW_MS,
  CREATION_WORDS,
  decideCreation,
  type CreationKind,
} from '#core/users/creation-limits.ts';
import { runAttempt, takeAttemptOrRefuse, type AttemptLimiterDeps } from '../../http/attempt-limiter.ts';
import { HttpError } from '../../http/http-error.ts';

/** The limiter's key for the user's creations of a kind. */
export const creationKey = (kind: CreationKind, userId: number) => `create:${kind}:${userId}`;

/**
 * Runs `create` as one of the user's creations of that kind, or throws the 429 that says how long
 * to wait. What it creates stays counted for the window; a refusal (a bad body, a full cap) is
 * taken back, a server fault is not, so a fault cannot make creations free.
 */
export async function countedCreation<T>(
  deps: AttemptLimiterDeps,
  kind: CreationKind,
  userId: number,
  create: () => Promise<T>,
): Promise<T> {
  const attempt = await takeAttemptOrRefuse(
    deps,
    CREATION_WORDS[kind],
    CREATION_WINDOW_MS,
    { account: creationKey(kind, userId) },
    (counts) => decideCreation(kind, counts),
  );
  return runAttempt(attempt, create, {
    successCounts: true,
    failureCounts: (error) => !(error instanceof HttpError),
  });
}
