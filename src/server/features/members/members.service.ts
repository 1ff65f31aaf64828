import type { Kysely } from 'kysely';
import { ironmanTypeOf } from '#core/members/ironman.ts';
import type { AnniversaryItem, PublicMember } from '#core/members/members.schema.ts';
import { calculatedRank, clanXp, nextRank, pathKeyOf, type LadderContext } from '#core/clan/rank-ladder.ts';
import { sortRoster } from '#core/members/roster-filters.ts';
import { wholeEhb } from '#core/members/roster-sync.ts';
import { anniversariesOn } from '#core/members/anniversaries.ts';
import type { Database } from '../../db/schema.ts';
import { toBool } from '../../db/values.ts';
import { listVisibleMembers, type RosterRow } from './members.repository.ts';

/** A member as the public sees them, ranked on the clan's ladder as it stands at `now`. */
export function toPublicMember(row: RosterRow, { ladder, now }: LadderContext): PublicMember {
  const next = nextRank(ladder, row, now);
  const claimed = toBool(row.claimed);
  return {
    wom_id: row.wom_id,
    name: row.name,
    wom_name: row.wom_name,
    womrole: row.womrole,
    title: row.title,
    current_lvl: row.current_lvl,
    current_xp: row.current_xp,
    first_lvl: row.first_lvl,
    first_xp: row.first_xp,
    combat_level: row.combat_level,
    // Rows stored before the sync floored EHB may still hold WOM's fractions.
    ehb: wholeEhb(row.ehb),
    siege_score: row.siege_score,
    score: row.siege_score,
    clan_xp: clanXp(row),
    join_date: row.join_date,
    alt: toBool(row.alt),
    build: row.build,
    ironman_type: ironmanTypeOf(row),
    wom_account_type: row.wom_account_type,
    calculated_rank: calculatedRank(ladder, row, now),
    rank_path: pathKeyOf(ladder, row.womrole),
    next_rank:
      next.rank === null
        ? { rank: null, remaining: null, unit: null, label: next.label }
        : { rank: next.rank, remaining: next.remaining, unit: next.unit, label: next.label },
    claimed,
    is_claimed: claimed,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export async function listPublicMembers(
  db: Kysely<Database>,
  context: LadderContext,
): Promise<PublicMember[]> {
  return sortRoster((await listVisibleMembers(db)).map((row) => toPublicMember(row, context)));
}

/** Members whose join anniversary is today (UTC); unreadable join dates are reported to `onInvalid`. */
export async function anniversariesToday(
  db: Kysely<Database>,
  now: Date,
  onInvalid: (womId: string, joinDate: string | null) => void,
): Promise<AnniversaryItem[]> {
  const { anniversaries, invalid } = anniversariesOn(await listVisibleMembers(db), now);
  for (const member of invalid) onInvalid(member.wom_id, member.join_date);
  return anniversaries.map(({ member, years }) => ({
    wom_id: member.wom_id,
    name: member.name,
    join_date: member.join_date ?? '',
    years,
  }));
}
