import type { Kysely } from 'kysely';
import type { AttemptCount, AttemptVerdict } from '#core/auth/attempt-limits.ts';
import { tooManyAttemptsMessage } from '#core/auth/retry-wording.ts';
import type { Clock } from '#shared/clock.ts';
import type { Database } from '../db/schema.ts';
import { RateLimitedError } from './http-error.ts';
import {
  countPendingAttempt,
  deleteEndedWindows,
  settlePendingAttempt,
  type KeyWindow,
} from './rate-limits.repository.ts';

export interface AttemptLimiterDeps {
  db: Kysely<Database>;
  clock: Clock;
}

/** A key an attempt counts against (an address, a username, ...) and the length of its window. */
export interface LimitedKey {
  key: string;
  windowMs: number;
}

export type TakenAttempt =
  | { allowed: true; succeeded(): Promise<void>; failed(): Promise<void> }
  | { allowed: false; retryAfterSeconds: number };

function countOf(window: KeyWindow, now: Date): AttemptCount {
  return {
    failures: window.failures,
    attempts: window.failures + window.pending,
    secondsLeft: Math.ceil((Date.parse(window.windowEndsAt) - now.getTime()) / 1000),
  };
}

/**
 * Counts the attempt on every key before it runs, so parallel attempts on any instance see each
 * other, and lets `decide` judge the counts. A refused attempt is taken back from every key; an
 * allowed one must end with `succeeded` (taken back) or `failed` (kept as a failure). The counters
 * live in the database, so every instance on it enforces one limit.
 */
export async function takeAttempt<Scope extends string>(
  deps: AttemptLimiterDeps,
  keys: Record<Scope, LimitedKey>,
  decide: (counts: Record<Scope, AttemptCount>) => AttemptVerdict,
): Promise<TakenAttempt> {
  const now = deps.clock.now();
  await deleteEndedWindows(deps.db, now);
  const scopes = Object.keys(keys) as Scope[];
  const windows = await Promise.all(
    scopes.map((scope) => countPendingAttempt(deps.db, { ...keys[scope], now })),
  );
  const counts = {} as Record<Scope, AttemptCount>;
  for (const [i, scope] of scopes.entries()) counts[scope] = countOf(windows[i]!, now);
  const settle = async (failed: boolean) => {
    await Promise.all(windows.map((window) => settlePendingAttempt(deps.db, window, failed)));
  };
  const verdict = decide(counts);
  if (!verdict.allowed) {
    await settle(false);
    return verdict;
  }
  return { allowed: true, succeeded: () => settle(false), failed: () => settle(true) };
}

/** An attempt the limiter let through; it ends counted (`failed`) or taken back (`succeeded`). */
export interface RunningAttempt {
  succeeded(): Promise<void>;
  failed(): Promise<void>;
}

/**
 * Counts an attempt against its keys (one window for all), or throws the 429 that says how long to
 * wait, worded for `what` ("Too many login attempts. Try again in …").
 */
export async function takeAttemptOrRefuse<Scope extends string>(
  deps: AttemptLimiterDeps,
  what: string,
  windowMs: number,
  keys: Record<Scope, string>,
  decide: (counts: Record<Scope, AttemptCount>) => AttemptVerdict,
): Promise<RunningAttempt> {
  const limited = {} as Record<Scope, LimitedKey>;
  for (const scope of Object.keys(keys) as Scope[]) limited[scope] = { key: keys[scope], windowMs };
  const attempt = await takeAttempt(deps, limited, decide);
  if (!attempt.allowed) {
    throw new RateLimitedError(
      attempt.retryAfterSeconds,
      tooManyAttemptsMessage(what, attempt.retryAfterSeconds),
    );
  }
  return attempt;
}

/**
 * Runs `work` as the attempt. What throws counts unless `failureCounts` says otherwise; a server
 * fault always should, since a fault a guesser can provoke must not make the guess free. A success
 * is taken back unless `successCounts`.
 */
export async function runAttempt<T>(
  attempt: RunningAttempt,
  work: () => Promise<T>,
  options: { successCounts?: boolean; failureCounts?: (error: unknown) => boolean } = {},
): Promise<T> {
  const counts = options.failureCounts ?? (() => true);
  const result = await work().catch(async (error: unknown) => {
    await (counts(error) ? attempt.failed() : attempt.succeeded());
    throw error;
  });
  // The work is done: a blip that loses the hand-back must not turn it into an error.
  await (options.successCounts ? attempt.failed() : attempt.succeeded()).catch(() => undefined);
  return result;
}
