import { UNKNOWN_PLAYER, type Character } from './claims.schema.ts';

/** The game's lowest combat level: a level below it means it is not known yet (spec §9). */
export const DEFAULT_COMBAT_LEVEL = 3;

/** A claim with its member's fields, each null when the member's data is missing. */
export interface ClaimedMemberRow {
  wom_id: string;
  claimed_at: string;
  name: string | null;
  wom_name: string | null;
  womrole: string | null;
  combat_level: number | null;
  current_lvl: number | null;
  current_xp: number | null;
  ehb: number | null;
  siege_score: number | null;
}

/** A claimed character as the profile shows it, with the spec's fallback member (§3) for missing data. */
export function toCharacter(row: ClaimedMemberRow): Character {
  const name = row.name?.trim() ? row.name : UNKNOWN_PLAYER;
  const combatLevel = row.combat_level ?? 0;
  return {
    wom_id: row.wom_id,
    name,
    wom_name: row.wom_name,
    womrole: row.womrole,
    combat_level: combatLevel >= DEFAULT_COMBAT_LEVEL ? combatLevel : DEFAULT_COMBAT_LEVEL,
    current_lvl: row.current_lvl ?? 0,
    current_xp: row.current_xp ?? 0,
    ehb: row.ehb ?? 0,
    siege_score: row.siege_score ?? 0,
    claimed_at: row.claimed_at,
  };
}
