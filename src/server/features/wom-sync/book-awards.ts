import type { Transaction } from 'kysely';
import type { CompetitionAward } from '#core/events/competition-awards.ts';
import type { Database } from '../../db/schema.ts';
import { findOpenSeason, holdSeasonsStill } from '../seasons/seasons.repository.ts';
import { recordEventResults } from './wom-sync.repository.ts';

/**
 * Books a finished competition's planned results and points to its event, in the caller's
 * transaction, to the open season; returns the members whose award was booked. The sync books each
 * competition it settles this way, and an admin an event from before this site.
 */
export async function bookPlannedAwards(
  trx: Transaction<Database>,
  event: { id: number },
  plan: { winnerNames: string[]; awards: CompetitionAward[] },
  now: Date,
  /** The admin booking it; the sync books without one. */
  bookedBy?: number,
): Promise<string[]> {
  // A reset that committed meanwhile has opened the season to book to (seasons.repository.ts).
  await holdSeasonsStill(trx);
  const seasonId = (await findOpenSeason(trx)).id;
  return recordEventResults(
    trx,
    // The column holds one name, the first winner listed; /api/events shows every tied winner
    // from the stored standings (events.service.ts).
    { id: event.id, winner_username: plan.winnerNames[0] ?? null },
    plan.awards.map((award) => ({
      member_wom_id: award.key,
      placement: award.placement,
      gained: award.gained,
      points: award.points,
      won: award.won,
      reason: award.reason,
    })),
    { seasonId, now: now.toISOString(), bookedBy },
  );
}
