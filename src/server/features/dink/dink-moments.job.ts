import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { bumpRevision } from '../../db/revisions.ts';
import type { Job } from '../../jobs/job.ts';
import type { JobSchedule } from '../../jobs/job-runner.ts';
import { pruneRuns } from '../../jobs/job-runs.repository.ts';
import { InvalidValueError, translateDbError } from '../../db/errors.ts';
import { hasPendingPosts, listPendingPosts, processDinkPost, setPostAside } from './dink-moments.service.ts';
import { readDinkThresholds } from './dink-settings.repository.ts';

export const DINK_MOMENTS = 'dink-moments';

/** Posts one run turns into moments at most; the next run, seconds later, goes on. */
const MAX_PER_RUN = 500;
const KEPT_RUNS = 200;
/** Processed posts are kept this long, so a retry Dink sends late (minutes, at most) is still known as a repeat. */
const INBOX_DAYS = 2;
const DAY_MS = 86_400_000;

/** Looks every few seconds, and starts a run (and its record) only when a post is waiting. */
export function dinkMomentsSchedule(db: Kysely<Database>, intervalMs: number): JobSchedule {
  return { name: DINK_MOMENTS, intervalMs, runAtStart: true, due: () => hasPendingPosts(db) };
}

/**
 * Turns the inbox into moments: each post in its own transaction with its mark as done, so a crash
 * loses none and makes none twice.
 */
export function dinkMomentsJob(deps: { db: Kysely<Database> }): Job {
  return {
    name: DINK_MOMENTS,
    async run(context) {
      const thresholds = await readDinkThresholds(deps.db);
      let processed = 0;
      let setAside = 0;
      for (const post of await listPendingPosts(deps.db, MAX_PER_RUN)) {
        try {
          await deps.db.transaction().execute(async (trx) => {
            await context.holdLease(trx);
            // With the post, so a crash between posts never leaves a moment the public reads miss.
            if (await processDinkPost(trx, post, thresholds, context.clock.now()))
              await bumpRevision(trx, 'dink');
          });
        } catch (error) {
          // A value the database cannot hold is the post's own fault: it must not hold up everyone
          // else's behind it. Anything else (a lost connection, a lost lease) fails the run, which
          // tries the post again.
          if (!(translateDbError(error) instanceof InvalidValueError)) throw error;
          await setPostAside(deps.db, post.id, context.clock.now());
          setAside += 1;
        }
        processed += 1;
        // SQLite's driver blocks: let the receiver's waiting answers out between posts.
        await new Promise((resolve) => setImmediate(resolve));
      }
      const now = context.clock.now();
      await deps.db.transaction().execute(async (trx) => {
        await context.holdLease(trx);
        await trx
          .deleteFrom('dink_posts')
          .where('processed_at', '<', new Date(now.getTime() - INBOX_DAYS * DAY_MS).toISOString())
          .execute();
        await pruneRuns(trx, DINK_MOMENTS, KEPT_RUNS);
        await context.recordSuccess(trx, { processed, set_aside: setAside });
      });
    },
  };
}
