import { ACTIVITIES, BOSSES, SKILLS } from '@wise-old-man/utils';

/**
 * The one mapping from game metrics to icon files (spec §3, Icon metric kinds). Files are named by
 * WOM metric key and load from the configured icon base URL. An unknown activity falls back to the
 * site's default game icon; an unknown skill, raid or boss has no icon.
 */

export type IconKind = 'skill' | 'boss' | 'raid' | 'activity';

export type MetricIcon = { source: 'remote'; file: string } | { source: 'default' };

/** Bundled with the web app, so it shows even when the icon host cannot be reached. */
export const DEFAULT_GAME_ICON_PATH = '/icons/game-default.svg';

function keyOf(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

const skillKeys: ReadonlySet<string> = new Set(SKILLS);
const SKILL_ALIASES: Readonly<Record<string, string>> = { runecraft: 'runecrafting' };

const RAIDS = {
  cox: 'chambers_of_xeric',
  cox_cm: 'chambers_of_xeric_challenge_mode',
  tob: 'theatre_of_blood',
  tob_hm: 'theatre_of_blood_hard_mode',
  toa: 'tombs_of_amascut',
  toa_expert: 'tombs_of_amascut_expert',
} as const;
const RAID_FILES: ReadonlySet<string> = new Set(Object.values(RAIDS));

/** Raid spellings: full names, snake_case keys and short codes, each with its harder variant. */
export const RAID_ALIASES: Readonly<Record<string, string>> = {
  cox: RAIDS.cox,
  chambers_of_xeric: RAIDS.cox,
  cox_cm: RAIDS.cox_cm,
  cox_challenge: RAIDS.cox_cm,
  cox_challenge_mode: RAIDS.cox_cm,
  chambers_of_xeric_cm: RAIDS.cox_cm,
  chambers_of_xeric_challenge: RAIDS.cox_cm,
  chambers_of_xeric_challenge_mode: RAIDS.cox_cm,
  tob: RAIDS.tob,
  theatre_of_blood: RAIDS.tob,
  tob_hm: RAIDS.tob_hm,
  tob_hard: RAIDS.tob_hm,
  tob_hard_mode: RAIDS.tob_hm,
  theatre_of_blood_hm: RAIDS.tob_hm,
  theatre_of_blood_hard: RAIDS.tob_hm,
  theatre_of_blood_hard_mode: RAIDS.tob_hm,
  toa: RAIDS.toa,
  tombs_of_amascut: RAIDS.toa,
  toa_expert: RAIDS.toa_expert,
  toa_expert_mode: RAIDS.toa_expert,
  tombs_of_amascut_expert: RAIDS.toa_expert,
  tombs_of_amascut_expert_mode: RAIDS.toa_expert,
};

const bossKeys: ReadonlySet<string> = new Set(BOSSES);
/** Boss keys the spec uses where WOM's key (and icon file) differs. */
export const BOSS_ALIASES: Readonly<Record<string, string>> = { the_nightmare: 'nightmare' };
const activityKeys: ReadonlySet<string> = new Set(ACTIVITIES);

/** The spec's activity names beside WOM's keys. */
export const ACTIVITY_ALIASES: Readonly<Record<string, string>> = {
  all: 'clue_scrolls_all',
  clues: 'clue_scrolls_all',
  beginner: 'clue_scrolls_beginner',
  easy: 'clue_scrolls_easy',
  medium: 'clue_scrolls_medium',
  hard: 'clue_scrolls_hard',
  elite: 'clue_scrolls_elite',
  master: 'clue_scrolls_master',
  league_points: 'league_points',
  soul_wars: 'soul_wars_zeal',
  collection_log: 'collections_logged',
};
/** Icons WOM serves that are not (or no longer) metrics of the package. */
const EXTRA_ACTIVITY_FILES: ReadonlySet<string> = new Set(['league_points']);

function raidFile(key: string): string | null {
  return RAID_ALIASES[key] ?? null;
}

export function metricIcon(kind: IconKind, name: string): MetricIcon | null {
  const key = keyOf(name);
  const remote = (file: string | null): MetricIcon | null => (file ? { source: 'remote', file } : null);
  switch (kind) {
    case 'skill': {
      const skill = SKILL_ALIASES[key] ?? key;
      return remote(skillKeys.has(skill) ? skill : null);
    }
    case 'raid':
      return remote(raidFile(key));
    case 'boss': {
      const boss = BOSS_ALIASES[key] ?? key;
      return remote(raidFile(key) ?? (bossKeys.has(boss) ? boss : null));
    }
    case 'activity': {
      const activity = ACTIVITY_ALIASES[key] ?? key;
      if (activityKeys.has(activity) || EXTRA_ACTIVITY_FILES.has(activity)) return remote(activity);
      return { source: 'default' };
    }
  }
}

/** The kind of a WOM metric key, for pages that list metrics of every kind. */
export function iconKindOf(metric: string): IconKind {
  const key = keyOf(metric);
  if (skillKeys.has(key) || SKILL_ALIASES[key]) return 'skill';
  if (RAID_FILES.has(key) || RAID_ALIASES[key]) return 'raid';
  if (bossKeys.has(key) || BOSS_ALIASES[key]) return 'boss';
  return 'activity';
}

export function metricIconUrl(icon: MetricIcon, baseUrl: string): string {
  return icon.source === 'default'
    ? DEFAULT_GAME_ICON_PATH
    : `${baseUrl.replace(/\/+$/, '')}/${icon.file}.png`;
}

/** Icons warmed in idle time so the hall of fame and goals show them at once (spec §9). */
export const PRELOADED_ICONS: ReadonlyArray<{ kind: IconKind; name: string }> = [
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
  ].map((name) => ({ kind: 'boss' as const, name })),
  ...['Attack', 'Strength', 'Defence', 'Hitpoints', 'Ranged', 'Magic', 'Prayer', 'Slayer'].map((name) => ({
    kind: 'skill' as const,
    name,
  })),
  ...['clue_scrolls_all', 'league_points', 'guardians_of_the_rift'].map((name) => ({
    kind: 'activity' as const,
    name,
  })),
];
