import type { Transaction } from 'kysely';
import type { Clock } from '#shared/clock.ts';
import type { Database } from '../db/schema.ts';

/** What the runner gives a job body for one run. */
export interface JobContext {
  /** "Now" for the run's work and its record; demo mode shifts it to replay history. */
  clock: Clock;
  /**
   * Records what the run is doing now, for the admin's live view. Throws once the run has lost its
   * lease to another instance, so a doomed run stops spending WOM requests. Not for use inside the
   * saving transaction: on SQLite it would wait for the connection that transaction holds.
   */
  progress(stage: string): Promise<void>;
  /** How to read the number of WOM requests the run has made so far; read at each report and at the end. */
  countWomRequests(read: () => number): void;
  /**
   * Call first in the transaction that saves the run's work: it renews the lease there, so on
   * PostgreSQL no one can take the job over before the commit, and it throws if someone already has.
   */
  holdLease(trx: Transaction<Database>): Promise<void>;
  /**
   * Call last in that transaction, with what the run changed: it records the run as succeeded there,
   * so the work and its success commit together or not at all. A run that never calls it has failed.
   */
  recordSuccess(trx: Transaction<Database>, counts: Record<string, number>): Promise<void>;
}

/**
 * A job body: does its work and saves it in one transaction that holds the lease first and records
 * the run's success last.
 */
export interface Job {
  name: string;
  run(context: JobContext): Promise<void>;
  /** The run record's error line for a failure; the error's message when absent. */
  describeFailure?(error: unknown): string;
}

export type RunResult =
  | { outcome: 'succeeded'; runId: number; womRequests: number; counts: Record<string, number> }
  | { outcome: 'failed'; runId: number; womRequests: number; error: string };

/** `done` settles when the run ends and never rejects: a failure is recorded and returned. */
export type RunStart = { status: 'busy' } | { status: 'started'; runId: number; done: Promise<RunResult> };

/** Thrown in a run whose lease another instance took over: saving now would apply two runs at once. */
export class LeaseLostError extends Error {
  override name = 'LeaseLostError';

  constructor(job: string) {
    super(`The ${job} lease ran out and another instance took the job over`);
  }
}
