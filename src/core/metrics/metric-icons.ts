import { ACTIVITY_KEYS, BOSS_KEYS, SKILL_KEYS } from './metric-catalogue.ts';
import { metricDisplayName } from './metric-names.ts';

/**
 * The one mapping from game metrics to icon files (spec §3, Icon metric kinds). Files are named by
 * WOM metric key; the site serves them itself under /icons/, fetched once from the configured
 * upstream. An unknown activity falls back to the site's default game icon; an unknown skill, raid or
 * boss has no icon.
 */

export type IconKind = 'skill' | 'boss' | 'raid' | 'activity';

/** `file` is the icon's name without its extension, the WOM metric key (`zulrah`). */
export type MetricIcon = { source: 'served'; file: string } | { source: 'default' };

/** Where the site serves game icons: `/icons/zulrah.png`. */
export const ICON_PATH = '/icons';

/** Bundled with the web app, so it shows even when no upstream icon can be had. */
export const DEFAULT_GAME_ICON_PATH = `${ICON_PATH}/game-default.svg`;

function keyOf(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

const skillKeys: ReadonlySet<string> = new Set(SKILL_KEYS);
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

const bossKeys: ReadonlySet<string> = new Set(BOSS_KEYS);
/** Boss keys the spec uses where WOM's key (and icon file) differs. */
export const BOSS_ALIASES: Readonly<Record<string, string>> = { the_nightmare: 'nightmare' };
const activityKeys: ReadonlySet<string> = new Set(ACTIVITY_KEYS);

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
  const served = (file: string | null): MetricIcon | null => (file ? { source: 'served', file } : null);
  switch (kind) {
    case 'skill': {
      const skill = SKILL_ALIASES[key] ?? key;
      return served(skillKeys.has(skill) ? skill : null);
    }
    case 'raid':
      return served(raidFile(key));
    case 'boss': {
      const boss = BOSS_ALIASES[key] ?? key;
      return served(raidFile(key) ?? (bossKeys.has(boss) ? boss : null));
    }
    case 'activity': {
      const activity = ACTIVITY_ALIASES[key] ?? key;
      if (activityKeys.has(activity) || EXTRA_ACTIVITY_FILES.has(activity)) return served(activity);
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

const fileName = (file: string) => `${file}.png`;

/** The file an icon is served from (`zulrah.png`), as the icon manifest names it; none for the default. */
export function metricIconFile(icon: MetricIcon): string | null {
  return icon.source === 'default' ? null : fileName(icon.file);
}

/** The site's own address of an icon; browsers never load icons from a third party. */
export function metricIconUrl(icon: MetricIcon): string {
  return icon.source === 'default' ? DEFAULT_GAME_ICON_PATH : `${ICON_PATH}/${fileName(icon.file)}`;
}

/** Every file name the mapping can produce: the only names the server fetches upstream and serves. */
export const ICON_FILES: ReadonlySet<string> = new Set(
  [...skillKeys, ...RAID_FILES, ...bossKeys, ...activityKeys, ...EXTRA_ACTIVITY_FILES].map(fileName),
);

/** Words too small to stand for a metric in its initials ('Chambers of Xeric' is CX). */
const MINOR_WORDS: ReadonlySet<string> = new Set(['of', 'the', 'and']);

/**
 * What an icon's fallback badge shows: the first letters of the metric's first two words, or the
 * first two letters of a one-word name ('Zu' for Zulrah), so neighbouring badges tell apart.
 */
export function iconInitials(file: string): string {
  const words = metricDisplayName(file)
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== '' && !MINOR_WORDS.has(word.toLowerCase()));
  const [first = '', second] = words;
  if (second === undefined) return first.charAt(0).toUpperCase() + first.charAt(1).toLowerCase();
  return (first.charAt(0) + second.charAt(0)).toUpperCase();
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
