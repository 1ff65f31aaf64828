import type { Kysely } from 'kysely';
import type { LeaderboardCandidate } from '#core/leaderboards/ranking.ts';
import type { Database } from '../../db/schema.ts';
import { isVisibleMember } from '../members/members.repository.ts';

/** Visible members (not hidden, not deleted, not gone from the clan) with a siege score above 0. */
export async function listSiegeScores(db: Kysely<Database>): Promise<LeaderboardCandidate[]> {
  const rows = await db
    .selectFrom('members')
    .select(['wom_id', 'name', 'siege_score'])
    .where(isVisibleMember)
    .where('siege_score', '>', 0)
    .execute();
  return rows.map((row) => ({ wom_id: row.wom_id, name: row.name, value: Number(row.siege_score) }));
}

/**
 * Visible members with the number of WOM-linked events they won (domain-rules.md: an event's winners
 * are all participants at place 1, so every member tied at the top counts a win, and a member behind
 * a non-member winner does not).
 */
export async function listEventWins(db: Kysely<Database>): Promise<LeaderboardCandidate[]> {
  const rows = await db
    .selectFrom('event_results')
    .innerJoin('events', 'events.id', 'event_results.event_id')
    .innerJoin('members', 'members.wom_id', 'event_results.member_wom_id')
    .select(['members.wom_id', 'members.name'])
    .select((eb) => eb.fn.countAll<number | string>().as('wins'))
    .where('events.wom_id', 'is not', null)
    .where('event_results.won', '=', true)
    .where(isVisibleMember)
    .groupBy(['members.wom_id', 'members.name'])
    .execute();
  return rows.map((row) => ({ wom_id: row.wom_id, name: row.name, value: Number(row.wins) }));
}
