import { DEFAULT_WELCOME_MARKDOWN, type ClanProfileSettings } from './clan-profile.schema.ts';
import type { ClanPoints, RankLadder } from './rank-ladder.schema.ts';

const rank = (role: string, name: string, measure: 'clan_xp' | 'ehb', min: number) => ({
  role,
  name,
  requirements: min === 0 ? [] : [{ measure, min }],
});

/**
 * The spec's ladder (spec §4, Ranks), which a fresh install starts from: gem ranks by clan XP gained,
 * combat ranks by EHB. The first rank of each path asks nothing, as "under 3M" and "under 100" do.
 * The admin titles and `maxed` are exempt: appointed, never proposed up or down.
 */
export const DEFAULT_LADDER: RankLadder = {
  paths: [
    {
      key: 'skiller',
      name: 'Skillers',
      ranks: [
        rank('opal', 'Opal', 'clan_xp', 0),
        rank('sapphire', 'Sapphire', 'clan_xp', 3_000_000),
        rank('emerald', 'Emerald', 'clan_xp', 8_000_000),
        rank('ruby', 'Ruby', 'clan_xp', 15_000_000),
        rank('diamond', 'Diamond', 'clan_xp', 40_000_000),
        rank('dragonstone', 'Dragonstone', 'clan_xp', 90_000_000),
        rank('onyx', 'Onyx', 'clan_xp', 150_000_000),
        rank('zenyte', 'Zenyte', 'clan_xp', 500_000_000),
      ],
    },
    {
      key: 'fighter',
      name: 'Fighters',
      ranks: [
        rank('mentor', 'Mentor', 'ehb', 0),
        rank('prefect', 'Prefect', 'ehb', 100),
        rank('leader', 'Leader', 'ehb', 300),
        rank('supervisor', 'Supervisor', 'ehb', 500),
        rank('superior', 'Superior', 'ehb', 700),
        rank('executive', 'Executive', 'ehb', 900),
        rank('senator', 'Senator', 'ehb', 1100),
        rank('monarch', 'Monarch', 'ehb', 1300),
        rank('tzkal', 'TzKal', 'ehb', 1500),
      ],
    },
  ],
  exempt: ['owner', 'deputy_owner', 'general', 'captain', 'pvm_organizer', 'maxed'],
};

/** The spec's points (spec §9): 15, 10, 5 for the top three, 2 for everyone else, 2 for short events. */
export const DEFAULT_POINTS: ClanPoints = { placements: [15, 10, 5, 2], short: 2, buttons: [2, 5, 10, 15] };

/** The spec's clan (spec §1, §9): what the CLAN_* environment variables default to. */
export const DEFAULT_PROFILE: ClanProfileSettings = {
  name: 'Siege',
  founded: '2022-04-23',
  home_world: 517,
  discord_url: null,
  requirements: { skiller: 400, ironman: 600, regular: 1750 },
  welcome_markdown: DEFAULT_WELCOME_MARKDOWN,
};
