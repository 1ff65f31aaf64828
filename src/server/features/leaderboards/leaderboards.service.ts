import type { Kysely } from 'kysely';
import type { Leaderboards } from '#core/leaderboards/leaderboards.schema.ts';
import { rankEntries } from '#core/leaderboards/ranking.ts';
import type { Database } from '../../db/schema.ts';
import { listEventWins, listSiegeScores } from './leaderboards.repository.ts';

/** Both public boards in full; the page decides how many places to show. */
export async function getLeaderboards(db: Kysely<Database>): Promise<Leaderboards> {
  const [siegeScores, eventWins] = await Promise.all([listSiegeScores(db), listEventWins(db)]);
  return { siege_score: rankEntries(siegeScores), event_wins: rankEntries(eventWins) };
}
