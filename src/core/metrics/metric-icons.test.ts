import { BOSSES, SKILLS } from '@wise-old-man/utils';
import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_ALIASES,
  BOSS_ALIASES,
  DEFAULT_GAME_ICON_PATH,
  ICON_FILES,
  PRELOADED_ICONS,
  RAID_ALIASES,
  iconInitials,
  iconKindOf,
  metricIcon,
  metricIconUrl,
} from './metric-icons.ts';

const file = (kind: Parameters<typeof metricIcon>[0], name: string) => {
  const icon = metricIcon(kind, name);
  return icon?.source === 'served' ? icon.file : (icon?.source ?? null);
};

/** Spec §3, Icon metric kinds: the skills as the spec names them. */
const SPEC_SKILLS: ReadonlyArray<[string, string]> = [
  ['Agility', 'agility'],
  ['Attack', 'attack'],
  ['Construction', 'construction'],
  ['Cooking', 'cooking'],
  ['Crafting', 'crafting'],
  ['Defence', 'defence'],
  ['Farming', 'farming'],
  ['Firemaking', 'firemaking'],
  ['Fishing', 'fishing'],
  ['Fletching', 'fletching'],
  ['Herblore', 'herblore'],
  ['Hitpoints', 'hitpoints'],
  ['Hunter', 'hunter'],
  ['Magic', 'magic'],
  ['Mining', 'mining'],
  ['Overall', 'overall'],
  ['Prayer', 'prayer'],
  ['Ranged', 'ranged'],
  ['Runecraft', 'runecrafting'],
  ['Runecrafting', 'runecrafting'],
  ['Slayer', 'slayer'],
  ['Smithing', 'smithing'],
  ['Strength', 'strength'],
  ['Thieving', 'thieving'],
  ['Woodcutting', 'woodcutting'],
];

const COX = 'chambers_of_xeric';
const COX_CM = 'chambers_of_xeric_challenge_mode';
const TOB = 'theatre_of_blood';
const TOB_HM = 'theatre_of_blood_hard_mode';
const TOA = 'tombs_of_amascut';
const TOA_EXPERT = 'tombs_of_amascut_expert';

/**
 * Spec §3: the three raids, each with its challenge, hard or expert variant, by full name, snake_case
 * or short code. Every alias of the mapping is here (checked below), plus the full names as people
 * write them.
 */
const SPEC_RAIDS: ReadonlyArray<[string, string]> = [
  ['Chambers of Xeric', COX],
  ['chambers_of_xeric', COX],
  ['cox', COX],
  ['CoX', COX],
  ['Chambers of Xeric: Challenge Mode', COX_CM],
  ['Chambers of Xeric Challenge', COX_CM],
  ['Chambers of Xeric CM', COX_CM],
  ['chambers_of_xeric_challenge_mode', COX_CM],
  ['chambers_of_xeric_challenge', COX_CM],
  ['chambers_of_xeric_cm', COX_CM],
  ['cox_cm', COX_CM],
  ['CoX CM', COX_CM],
  ['cox_challenge', COX_CM],
  ['cox_challenge_mode', COX_CM],
  ['Theatre of Blood', TOB],
  ['theatre_of_blood', TOB],
  ['tob', TOB],
  ['Theatre of Blood: Hard Mode', TOB_HM],
  ['Theatre of Blood Hard', TOB_HM],
  ['theatre_of_blood_hard_mode', TOB_HM],
  ['theatre_of_blood_hard', TOB_HM],
  ['theatre_of_blood_hm', TOB_HM],
  ['tob_hm', TOB_HM],
  ['tob_hard', TOB_HM],
  ['tob_hard_mode', TOB_HM],
  ['Tombs of Amascut', TOA],
  ['tombs_of_amascut', TOA],
  ['toa', TOA],
  ['Tombs of Amascut: Expert Mode', TOA_EXPERT],
  ['Tombs of Amascut Expert', TOA_EXPERT],
  ['tombs_of_amascut_expert', TOA_EXPERT],
  ['tombs_of_amascut_expert_mode', TOA_EXPERT],
  ['toa_expert', TOA_EXPERT],
  ['toa_expert_mode', TOA_EXPERT],
];

/** Spec §3: the boss keys it names, which WOM spells the same except the_nightmare; display names too. */
const SPEC_BOSSES: ReadonlyArray<[string, string]> = [
  ['vorkath', 'vorkath'],
  ['zulrah', 'zulrah'],
  ['nex', 'nex'],
  ['tzkal_zuk', 'tzkal_zuk'],
  ['the_nightmare', 'nightmare'],
  ['yama', 'yama'],
  ['zalcano', 'zalcano'],
  ['TzKal-Zuk', 'tzkal_zuk'],
  ["Kree'Arra", 'kreearra'],
  ['The Nightmare', 'nightmare'],
  ["Phosani's Nightmare", 'phosanis_nightmare'],
];

/** Spec §3: the activities by WOM key, and the short names the mapping accepts beside them. */
const SPEC_ACTIVITIES: ReadonlyArray<[string, string]> = [
  ['clue_scrolls_all', 'clue_scrolls_all'],
  ['beginner', 'clue_scrolls_beginner'],
  ['easy', 'clue_scrolls_easy'],
  ['medium', 'clue_scrolls_medium'],
  ['hard', 'clue_scrolls_hard'],
  ['elite', 'clue_scrolls_elite'],
  ['master', 'clue_scrolls_master'],
  ['league_points', 'league_points'],
  ['bounty_hunter_hunter', 'bounty_hunter_hunter'],
  ['bounty_hunter_rogue', 'bounty_hunter_rogue'],
  ['last_man_standing', 'last_man_standing'],
  ['pvp_arena', 'pvp_arena'],
  ['soul_wars_zeal', 'soul_wars_zeal'],
  ['guardians_of_the_rift', 'guardians_of_the_rift'],
  ['colosseum_glory', 'colosseum_glory'],
  ['collections_logged', 'collections_logged'],
];
const ACTIVITY_SHORT_NAMES: ReadonlyArray<[string, string]> = [
  ['all', 'clue_scrolls_all'],
  ['clues', 'clue_scrolls_all'],
  ['Clue Scrolls (All)', 'clue_scrolls_all'],
  ['clue_scrolls_beginner', 'clue_scrolls_beginner'],
  ['clue_scrolls_easy', 'clue_scrolls_easy'],
  ['clue_scrolls_medium', 'clue_scrolls_medium'],
  ['clue_scrolls_hard', 'clue_scrolls_hard'],
  ['clue_scrolls_elite', 'clue_scrolls_elite'],
  ['clue_scrolls_master', 'clue_scrolls_master'],
  ['League Points', 'league_points'],
  ['soul_wars', 'soul_wars_zeal'],
  ['Soul Wars', 'soul_wars_zeal'],
  ['collection_log', 'collections_logged'],
  ['Collection Log', 'collections_logged'],
  ['Guardians of the Rift', 'guardians_of_the_rift'],
];

describe('metricIcon', () => {
  it.each(SPEC_SKILLS)('maps the skill %s to %s', (name, expected) => {
    expect(file('skill', name)).toBe(expected);
    expect(file('skill', name.toUpperCase())).toBe(expected);
  });

  it('maps every skill WOM knows by its key', () => {
    for (const skill of SKILLS) expect(file('skill', skill)).toBe(skill);
  });

  it('shows no icon for an unknown skill', () => {
    expect(metricIcon('skill', 'Dungeoneering')).toBeNull();
    expect(metricIcon('skill', '')).toBeNull();
  });

  it.each(SPEC_RAIDS)('maps the raid %s to %s', (name, expected) => {
    expect(file('raid', name)).toBe(expected);
    // Raids are bosses to WOM, so the boss lookup takes every raid spelling too.
    expect(file('boss', name)).toBe(expected);
  });

  it('has a test row for every raid alias of the mapping', () => {
    const tested = new Set(SPEC_RAIDS.map(([name]) => name));
    for (const [alias, target] of Object.entries(RAID_ALIASES)) {
      expect(tested, `raid alias ${alias}`).toContain(alias);
      expect(SPEC_RAIDS).toContainEqual([alias, target]);
    }
  });

  it('shows no icon for an unknown raid', () => {
    expect(metricIcon('raid', 'Raids 4')).toBeNull();
    expect(metricIcon('raid', 'tob_expert')).toBeNull();
    expect(metricIcon('raid', 'vorkath')).toBeNull();
  });

  it('maps every WOM boss by its snake_case key', () => {
    for (const boss of BOSSES) expect(file('boss', boss)).toBe(boss);
  });

  it.each(SPEC_BOSSES)('maps the boss %s to %s', (name, expected) => {
    expect(file('boss', name)).toBe(expected);
  });

  it('has a test row for every boss alias of the mapping', () => {
    for (const [alias, target] of Object.entries(BOSS_ALIASES))
      expect(SPEC_BOSSES).toContainEqual([alias, target]);
  });

  it('shows no icon for an unknown boss', () => {
    expect(metricIcon('boss', 'Bob the Cat')).toBeNull();
  });

  it.each(SPEC_ACTIVITIES)('maps the spec activity %s to %s', (name, expected) => {
    expect(file('activity', name)).toBe(expected);
  });

  it.each(ACTIVITY_SHORT_NAMES)('maps the activity name %s to %s', (name, expected) => {
    expect(file('activity', name)).toBe(expected);
  });

  it('has a test row for every activity alias of the mapping', () => {
    const rows = [...SPEC_ACTIVITIES, ...ACTIVITY_SHORT_NAMES];
    for (const [alias, target] of Object.entries(ACTIVITY_ALIASES))
      expect(rows).toContainEqual([alias, target]);
  });

  it('falls back to the default game icon for an unknown activity', () => {
    expect(metricIcon('activity', 'Barbarian Assault')).toEqual({ source: 'default' });
    expect(metricIcon('activity', 'clue_scrolls_impossible')).toEqual({ source: 'default' });
  });
});

describe('metricIconUrl', () => {
  it("loads every icon from the site's own /icons/ path", () => {
    expect(metricIconUrl({ source: 'served', file: 'zulrah' })).toBe('/icons/zulrah.png');
    expect(metricIconUrl({ source: 'default' })).toBe(DEFAULT_GAME_ICON_PATH);
    expect(DEFAULT_GAME_ICON_PATH).toBe('/icons/game-default.svg');
  });
});

describe('ICON_FILES', () => {
  it('holds the file of every icon the mapping gives, and nothing else', () => {
    const given = [
      ...SPEC_SKILLS.map(([name]) => metricIcon('skill', name)),
      ...SKILLS.map((name) => metricIcon('skill', name)),
      ...SPEC_RAIDS.map(([name]) => metricIcon('raid', name)),
      ...SPEC_BOSSES.map(([name]) => metricIcon('boss', name)),
      ...BOSSES.map((name) => metricIcon('boss', name)),
      ...[...SPEC_ACTIVITIES, ...ACTIVITY_SHORT_NAMES].map(([name]) => metricIcon('activity', name)),
    ].flatMap((icon) => (icon?.source === 'served' ? [`${icon.file}.png`] : []));
    expect(new Set(given)).toEqual(ICON_FILES);
  });

  it('names no path outside the icon folder', () => {
    for (const name of ICON_FILES) expect(name).toMatch(/^[a-z0-9_]+\.png$/);
  });
});

describe('iconInitials', () => {
  it.each([
    ['chambers_of_xeric', 'CX'],
    ['clue_scrolls_all', 'CS'],
    ['tztok_jad', 'TJ'],
    ['league_points', 'LP'],
    ['zulrah', 'Zu'],
    ['attack', 'At'],
  ])('shows %s as %s', (file, initials) => {
    expect(iconInitials(file)).toBe(initials);
  });
});

describe('iconKindOf', () => {
  it.each(SPEC_SKILLS)('tells that %s is a skill', (name) => {
    expect(iconKindOf(name)).toBe('skill');
  });

  it('tells that Runecraft, by either name, is a skill', () => {
    expect(iconKindOf('Runecraft')).toBe('skill');
    expect(iconKindOf('runecraft')).toBe('skill');
    expect(iconKindOf('Runecrafting')).toBe('skill');
  });

  it.each(SPEC_RAIDS)('tells that %s is a raid', (name) => {
    expect(iconKindOf(name)).toBe('raid');
  });

  it('tells that a WOM boss that is not a raid is a boss', () => {
    const raids = new Set(SPEC_RAIDS.map(([, key]) => key));
    for (const boss of BOSSES) expect(iconKindOf(boss)).toBe(raids.has(boss) ? 'raid' : 'boss');
  });

  it.each(SPEC_BOSSES)('tells that %s is a boss', (name) => {
    expect(iconKindOf(name)).toBe('boss');
  });

  it.each([...SPEC_ACTIVITIES, ...ACTIVITY_SHORT_NAMES])('tells that %s is an activity', (name) => {
    expect(iconKindOf(name)).toBe('activity');
  });

  it('takes anything it does not know for an activity, which shows the default icon', () => {
    expect(iconKindOf('barbarian_assault')).toBe('activity');
  });
});

describe('PRELOADED_ICONS', () => {
  it('lists the spec icons (10 bosses, 8 combat skills, 3 activities), each with a mapping', () => {
    expect(PRELOADED_ICONS).toEqual([
      ...[
        'vorkath',
        'zulrah',
        'alchemical_hydra',
        'chambers_of_xeric',
        'tombs_of_amascut',
        'theatre_of_blood',
        'nex',
        'phantom_muspah',
        'tztok_jad',
        'corporeal_beast',
      ].map((name) => ({ kind: 'boss', name })),
      ...['Attack', 'Strength', 'Defence', 'Hitpoints', 'Ranged', 'Magic', 'Prayer', 'Slayer'].map(
        (name) => ({
          kind: 'skill',
          name,
        }),
      ),
      ...['clue_scrolls_all', 'league_points', 'guardians_of_the_rift'].map((name) => ({
        kind: 'activity',
        name,
      })),
    ]);
    for (const { kind, name } of PRELOADED_ICONS) expect(metricIcon(kind, name)?.source).toBe('served');
  });
});
