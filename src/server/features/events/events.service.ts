import type { Kysely } from 'kysely';
import type { ClanEvent } from '#core/events/events.schema.ts';
import { normaliseRsn } from '#core/members/names.ts';
import type { Database } from '../../db/schema.ts';
import { readWomCacheMany } from '../wom-data/wom-data.repository.ts';
import { womCacheKeys, type CompetitionStandings } from '../wom-sync/wom-payloads.ts';
import { listHiddenMemberNames } from '../members/members.repository.ts';
import { listEventIdsWonByHiddenMembers, listEvents } from './events.repository.ts';
import { visibleWinner, type HiddenMembers } from './events.visibility.ts';

const standingsKey = (event: ClanEvent): string | null =>
  event.wom_id === null ? null : womCacheKeys.standings(Number(event.wom_id));

/**
 * Events as the public may see them: a winner who is a hidden member is replaced by the best
 * visible participant, or by none (events.visibility.ts). Only events whose winner may be hidden,
 * by a booked win or by name, cost a read of their stored standings.
 */
export async function listPublicEvents(db: Kysely<Database>): Promise<ClanEvent[]> {
  const [events, hiddenMembers] = await Promise.all([listEvents(db), listHiddenMemberNames(db)]);
  if (hiddenMembers.length === 0) return events;
  const hidden: HiddenMembers = {
    ids: new Set(hiddenMembers.map((member) => Number(member.wom_id))),
    names: new Set(
      hiddenMembers.flatMap((member) =>
        [member.name, member.wom_name].flatMap((name) => (name === null ? [] : [normaliseRsn(name)])),
      ),
    ),
  };
  const wonByHidden = await listEventIdsWonByHiddenMembers(db);
  const suspect = (event: ClanEvent) =>
    event.winner_username !== null &&
    (wonByHidden.has(event.id) || hidden.names.has(normaliseRsn(event.winner_username)));
  const suspects = events.filter(suspect);
  if (suspects.length === 0) return events;

  const standings = await readWomCacheMany<CompetitionStandings>(
    db,
    suspects.flatMap((event) => standingsKey(event) ?? []),
  );
  return events.map((event) => {
    if (!suspect(event)) return event;
    const key = standingsKey(event);
    const participants = key === null ? null : (standings.get(key)?.participants ?? null);
    return {
      ...event,
      winner_username: visibleWinner(event.winner_username, participants, hidden, wonByHidden.has(event.id)),
    };
  });
}
