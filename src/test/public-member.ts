import { DEFAULT_LADDER } from '#core/clan/default-rules.ts';
import { pathKeyOf } from '#core/clan/rank-ladder.ts';
import type { PublicMember } from '#core/members/members.schema.ts';

/** A roster entry as /api/members sends it: an Opal main, with any field overridden. */
export function publicMember(name: string, overrides: Partial<PublicMember> = {}): PublicMember {
  return {
    wom_id: `wom-${name}`,
    name,
    wom_name: name,
    womrole: 'opal',
    title: null,
    current_lvl: 1500,
    current_xp: 1_000_000,
    first_lvl: 1200,
    first_xp: 500_000,
    combat_level: 90,
    ehb: 10,
    siege_score: 0,
    score: 0,
    clan_xp: 500_000,
    join_date: '2023-05-17',
    alt: false,
    build: null,
    ironman_type: null,
    wom_account_type: null,
    calculated_rank: 'opal',
    // The path the server gives the role on the spec's ladder, unless the test says otherwise.
    rank_path: pathKeyOf(DEFAULT_LADDER, overrides.womrole ?? 'opal'),
    next_rank: { rank: 'sapphire', remaining: 2_500_000, unit: 'XP', label: 'Sapphire: 2,500,000 XP' },
    claimed: false,
    is_claimed: false,
    created_at: '2023-05-17T10:00:00.000Z',
    updated_at: '2026-01-01T10:00:00.000Z',
    ...overrides,
  };
}
