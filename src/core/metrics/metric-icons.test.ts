import { BOSSES, SKILLS } from '@wise-old-man/utils';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_GAME_ICON_PATH,
  PRELOADED_ICONS,
  iconKindOf,
  metricIcon,
  metricIconUrl,
} from './metric-icons.ts';

const file = (kind: Parameters<typeof metricIcon>[0], name: string) => {
  const icon = metricIcon(kind, name);
  return icon?.source === 'remote' ? icon.file : (icon?.source ?? null);
};

describe('metricIcon', () => {
  it('maps every skill by its name, in any case, with Runecraft and Runecrafting the same', () => {
    for (const skill of SKILLS) expect(file('skill', skill)).toBe(skill);
    expect(file('skill', 'Agility')).toBe('agility');
    expect(file('skill', 'Runecraft')).toBe('runecrafting');
    expect(file('skill', 'Runecrafting')).toBe('runecrafting');
    expect(file('skill', 'Overall')).toBe('overall');
  });

  it('shows no icon for an unknown skill', () => {
    expect(metricIcon('skill', 'Dungeoneering')).toBeNull();
  });

  it.each([
    ['Chambers of Xeric', 'chambers_of_xeric'],
    ['chambers_of_xeric', 'chambers_of_xeric'],
    ['cox', 'chambers_of_xeric'],
    ['CoX CM', 'chambers_of_xeric_challenge_mode'],
    ['Chambers of Xeric: Challenge Mode', 'chambers_of_xeric_challenge_mode'],
    ['chambers_of_xeric_challenge_mode', 'chambers_of_xeric_challenge_mode'],
    ['Theatre of Blood', 'theatre_of_blood'],
    ['tob', 'theatre_of_blood'],
    ['Theatre of Blood: Hard Mode', 'theatre_of_blood_hard_mode'],
    ['tob_hard', 'theatre_of_blood_hard_mode'],
    ['Tombs of Amascut', 'tombs_of_amascut'],
    ['toa', 'tombs_of_amascut'],
    ['Tombs of Amascut: Expert Mode', 'tombs_of_amascut_expert'],
    ['toa_expert', 'tombs_of_amascut_expert'],
  ])('maps the raid %s to %s', (name, expected) => {
    expect(file('raid', name)).toBe(expected);
  });

  it('shows no icon for an unknown raid', () => {
    expect(metricIcon('raid', 'Raids 4')).toBeNull();
  });

  it('maps every WOM boss by its snake_case key, raids included', () => {
    for (const boss of BOSSES) expect(file('boss', boss)).toBe(boss);
    expect(file('boss', 'TzKal-Zuk')).toBe('tzkal_zuk');
    expect(file('boss', "Kree'Arra")).toBe('kreearra');
    expect(file('boss', 'cox')).toBe('chambers_of_xeric');
  });

  it('shows no icon for an unknown boss', () => {
    expect(metricIcon('boss', 'Bob the Cat')).toBeNull();
  });

  it.each([
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
  ])('maps the activity %s to %s', (name, expected) => {
    expect(file('activity', name)).toBe(expected);
  });

  it('falls back to the default game icon for an unknown activity', () => {
    expect(metricIcon('activity', 'Barbarian Assault')).toEqual({ source: 'default' });
  });
});

describe('metricIconUrl', () => {
  it('loads remote icons from the base URL and the default icon from the site', () => {
    expect(metricIconUrl({ source: 'remote', file: 'zulrah' }, 'https://icons.example/m/')).toBe(
      'https://icons.example/m/zulrah.png',
    );
    expect(metricIconUrl({ source: 'default' }, 'https://icons.example/m')).toBe(DEFAULT_GAME_ICON_PATH);
  });
});

describe('iconKindOf', () => {
  it('tells skills, raids, bosses and activities apart by WOM key', () => {
    expect(iconKindOf('attack')).toBe('skill');
    expect(iconKindOf('theatre_of_blood_hard_mode')).toBe('raid');
    expect(iconKindOf('zulrah')).toBe('boss');
    expect(iconKindOf('clue_scrolls_all')).toBe('activity');
  });
});

describe('PRELOADED_ICONS', () => {
  it('lists the spec icons (10 bosses, 8 combat skills, 3 activities), each with a mapping', () => {
    expect(PRELOADED_ICONS).toHaveLength(21);
    for (const { kind, name } of PRELOADED_ICONS) expect(metricIcon(kind, name)?.source).toBe('remote');
  });
});
