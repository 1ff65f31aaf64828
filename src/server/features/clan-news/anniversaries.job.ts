import type { Kysely } from 'kysely';
import { utcDay } from '#core/discord/competition-reminders.ts';
import type { Database } from '../../db/schema.ts';
import { pruneRuns } from '../../jobs/job-runs.repository.ts';
import type { Job } from '../../jobs/job.ts';
import { announce, markNewsOnce } from '../discord/discord-outbox.ts';
import { anniversariesToday } from '../members/members.service.ts';

/** The job's name: its lease and run records. */
export const ANNIVERSARIES = 'anniversaries';
/** Run records kept: a day's look needs one, and older ones tell nothing more. */
const KEPT_RUNS = 200;

export interface AnniversariesDeps {
  db: Kysely<Database>;
  log?: { warn(message: string): void };
}

/**
 * Announces the day's clan anniversaries (UTC) once, whichever run or instance sees the day first:
 * the members the anniversary banner shows (in the clan, not hidden), nothing on a day without one.
 */
export function anniversariesJob(deps: AnniversariesDeps): Job {
  return {
    name: ANNIVERSARIES,
    async run(context) {
      const now = context.clock.now();
      const members = await anniversariesToday(deps.db, now, (womId, joinDate) =>
        deps.log?.warn(`Member ${womId} has an unreadable join date (${joinDate}): no anniversary`),
      );
      await deps.db.transaction().execute(async (trx) => {
        await context.holdLease(trx);
        let queued = 0;
        let announced = 0;
        if (members.length > 0 && (await markNewsOnce(trx, `anniversaries:${utcDay(now)}`, now))) {
          const news = members.map(({ wom_id, name, years }) => ({ wom_id, name, years }));
          queued = await announce(trx, { kind: 'anniversaries', members: news }, now);
          announced = 1;
        }
        await pruneRuns(trx, ANNIVERSARIES, KEPT_RUNS);
        await context.recordSuccess(trx, { members: members.length, announced, queued });
      });
    },
  };
}
