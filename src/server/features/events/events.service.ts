import type { Kysely } from 'kysely';
import type { ClanEvent } from '#core/events/events.schema.ts';
import { normaliseRsn } from '#core/members/names.ts';
import type { Database } from '../../db/schema.ts';
import { toBool } from '../../db/values.ts';
import { readWomCacheMany } from '../wom-data/wom-data.repository.ts';
import { womCacheKeys, type CompetitionStandings } from '../wom-sync/wom-payloads.ts';
import { listHiddenMemberNames } from '../members/members.repository.ts';
import { listEventIdsWonByHiddenMembers, listEvents } from './events.repository.ts';
import { visibleWinners, type HiddenMembers } from './events.visibility.ts';

const standingsKey = (event: { wom_id: string | null }): string | null =>
  event.wom_id === null ? null : womCacheKeys.standings(Number(event.wom_id));

async function readHiddenMembers(db: Kysely<Database>): Promise<HiddenMembers> {
  const members = await listHiddenMemberNames(db);
  return {
    ids: new Set(members.map((member) => Number(member.wom_id))),
    names: new Set(
      members.flatMap((member) =>
        [member.name, member.wom_name].flatMap((name) => (name === null ? [] : [normaliseRsn(name)])),
      ),
    ),
  };
}

/**
 * Events as the public may see them, each with every tied winner (events.visibility.ts). The events
 * row records one winner, so the others come from the competition's stored standings: only events
 * with a recorded winner and a competition cost a read of them. A hidden member is never named.
 */
export async function listPublicEvents(db: Kysely<Database>): Promise<ClanEvent[]> {
  const [events, hidden] = await Promise.all([listEvents(db), readHiddenMembers(db)]);
  const wonByHidden = hidden.ids.size === 0 ? new Set<number>() : await listEventIdsWonByHiddenMembers(db);
  const standings = await readWomCacheMany<CompetitionStandings>(
    db,
    events.flatMap((event) => (event.winner_username === null ? [] : (standingsKey(event) ?? []))),
  );
  return events.map((event) => {
    const key = standingsKey(event);
    const participants = key === null ? null : (standings.get(key)?.participants ?? null);
    const winners = visibleWinners(event.winner_username, participants, hidden, wonByHidden.has(event.id));
    // winner_username keeps its meaning: the first winner listed, now as the public may see it.
    return { ...event, winner_username: winners[0] ?? null, winners, before_site: toBool(event.before_site) };
  });
}
