import type { DinkMomentKind, DinkThresholds } from './dink.schema.ts';
import { formatDuration, parseDinkDuration, parseSpeedrunTime } from './durations.ts';
import type { DinkNotification } from './notification.ts';

/** A moment as the site stores it, before it has an id, a member or a time. */
export interface MomentDraft {
  kind: DinkMomentKind;
  title: string;
  details: string;
  value: number | null;
}

export interface PersonalBest {
  boss: string;
  team_size: number;
  time_ms: number;
}

export interface CollectionProgress {
  completed: number;
  total: number;
}

/** The pets a notification shows; a login lists them all, so it `replaces` what was known. */
export interface PetsSeen {
  pets: string[];
  replaces: boolean;
}

const TITLE_MAX = 200;
const DETAILS_MAX = 500;
const NAME_MAX = 100;
/** The largest party the personal-best boards take (Chambers of Xeric allows 100). */
const TEAM_MAX = 100;
/** Dink reports a level of 127 for 200 million experience. */
const MAX_EXPERIENCE_LEVEL = 127;
const SEPARATOR = ' · ';

type Extra = Record<string, unknown>;

// `extra` is whatever the client sent: every field is read as unknown and checked before use.

function isRecord(value: unknown): value is Extra {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function extraOf(n: DinkNotification): Extra {
  return isRecord(n.extra) ? n.extra : {};
}

/** A name shown to people: one line, trimmed, not empty, not absurdly long. */
function nameOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const name = value.replace(/\s+/g, ' ').trim();
  return name.length > 0 && name.length <= NAME_MAX ? name : null;
}

function finiteOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** Counts go to 32-bit columns: nothing in the game counts past this. */
const MAX_COUNT = 2_147_483_647;

function countOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_COUNT
    ? value
    : null;
}

/** Digits grouped by commas whatever the server's locale. */
function formatNumber(value: number): string {
  return String(Math.round(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** `GRANDMASTER` → `Grandmaster`: Dink's enum names as words. */
function wordsOf(value: unknown): string | null {
  const name = nameOf(value);
  if (name === null) return null;
  const spaced = name.replace(/_/g, ' ').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** Cut to `max` characters with an ellipsis, never splitting a character. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  let kept = '';
  for (const character of text) {
    if (kept.length + character.length > max - 1) break;
    kept += character;
  }
  return `${kept}…`;
}

function draft(
  kind: DinkMomentKind,
  title: string,
  details: (string | null)[],
  value: number | null,
): MomentDraft {
  const shown = details.filter((part): part is string => part !== null && part !== '');
  // Whatever it counts (coins, experience, milliseconds), a whole number the database can keep.
  const kept = value === null ? null : coinsOf(value);
  return {
    kind,
    title: cut(title, TITLE_MAX),
    details: cut(shown.join(SEPARATOR), DETAILS_MAX),
    value: kept,
  };
}

/** `a`, `a and b`, `a, b and c`. */
function listOf(parts: string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

interface Item {
  name: string;
  quantity: number;
  value: number;
}

/**
 * The most coins one drop or slot is counted at: far above any item in the game (the coin stack
 * itself stops at 2,147,483,647), and low enough that a season of forged drops sums within the
 * database's 64-bit totals.
 */
export const MAX_DROP_COINS = 10_000_000_000_000;

/** Whole coins within that bound: the database keeps integers, and Dink's prices can be fractional. */
function coinsOf(value: number): number {
  return Math.round(Math.min(Math.max(value, 0), MAX_DROP_COINS));
}

function cappedProduct(a: number, b: number): number {
  return coinsOf(a * b);
}

/** The priced items of a drop or reward; an item without a name, count or price is skipped. */
function itemsOf(value: unknown): Item[] {
  if (!Array.isArray(value)) return [];
  const items: Item[] = [];
  for (const entry of value) {
    if (!isRecord(entry)) continue;
    const name = nameOf(entry.name);
    const quantity = finiteOf(entry.quantity);
    const priceEach = finiteOf(entry.priceEach);
    if (name === null || quantity === null || priceEach === null || quantity <= 0 || priceEach < 0) continue;
    items.push({ name, quantity, value: cappedProduct(quantity, priceEach) });
  }
  return items;
}

function totalOf(items: Item[]): number {
  return coinsOf(items.reduce((sum, item) => sum + item.value, 0));
}

function mostValuable(items: Item[]): string | null {
  const best = items.reduce<Item | null>(
    (top, item) => (top === null || item.value > top.value ? item : top),
    null,
  );
  if (best === null) return null;
  return best.quantity === 1 ? best.name : `${formatNumber(best.quantity)} × ${best.name}`;
}

function coins(value: number): string {
  return `${formatNumber(value)} coins`;
}

function teamOf(party: unknown): number | null {
  if (!Array.isArray(party) || party.length === 0) return 1;
  return party.length <= TEAM_MAX ? party.length : null;
}

function teamText(size: number): string {
  return size === 1 ? 'solo' : `team of ${size}`;
}

/** The total value of a drop in coins, for the season's loot board: every drop counts. */
export function lootValueOf(n: DinkNotification): number | null {
  if (n.type !== 'LOOT') return null;
  return totalOf(itemsOf(extraOf(n).items));
}

/** The time of a kill that beat the player's personal best, by boss and team size. */
export function personalBestOf(n: DinkNotification): PersonalBest | null {
  if (n.type !== 'KILL_COUNT') return null;
  const extra = extraOf(n);
  if (extra.isPersonalBest !== true) return null;
  const boss = nameOf(extra.boss);
  const time = typeof extra.time === 'string' ? parseDinkDuration(extra.time) : null;
  const team = teamOf(extra.party);
  if (boss === null || time === null || time <= 0 || team === null) return null;
  return { boss, team_size: team, time_ms: time };
}

function progressOf(completed: unknown, total: unknown): CollectionProgress | null {
  const done = countOf(completed);
  const all = countOf(total);
  if (done === null || all === null || all === 0 || done > all) return null;
  return { completed: done, total: all };
}

/** How much of the collection log is filled, from a new slot or a login summary. */
export function collectionProgressOf(n: DinkNotification): CollectionProgress | null {
  const extra = extraOf(n);
  if (n.type === 'COLLECTION') return progressOf(extra.completedEntries, extra.totalEntries);
  if (n.type === 'LOGIN' && isRecord(extra.collectionLog)) {
    return progressOf(extra.collectionLog.completed, extra.collectionLog.total);
  }
  return null;
}

/** A new pet (a duplicate is still one they have), or all of them from a login summary. */
export function petsOf(n: DinkNotification): PetsSeen | null {
  const extra = extraOf(n);
  if (n.type === 'PET') {
    const name = nameOf(extra.petName);
    return name === null ? null : { pets: [name], replaces: false };
  }
  if (n.type === 'LOGIN' && Array.isArray(extra.pets)) {
    const names = extra.pets.map((pet: unknown) => (isRecord(pet) ? nameOf(pet.name) : null));
    return { pets: [...new Set(names.filter((name) => name !== null))], replaces: true };
  }
  return null;
}

function lootMoment(extra: Extra, thresholds: DinkThresholds): MomentDraft | null {
  const items = itemsOf(extra.items);
  const best = mostValuable(items);
  const total = totalOf(items);
  if (best === null || total < thresholds.min_loot_value) return null;
  const source = nameOf(extra.source);
  const killCount = countOf(extra.killCount);
  return draft(
    'loot',
    `Drop: ${best}`,
    [
      source === null ? null : `From ${source}`,
      killCount === null ? null : `kill count ${formatNumber(killCount)}`,
      coins(total),
    ],
    total,
  );
}

function petMoment(extra: Extra): MomentDraft {
  const name = nameOf(extra.petName);
  return draft(
    'pet',
    name === null ? 'New pet' : `Pet: ${name}`,
    [nameOf(extra.milestone), extra.duplicate === true ? 'duplicate' : null],
    null,
  );
}

function collectionMoment(n: DinkNotification, extra: Extra): MomentDraft {
  const item = nameOf(extra.itemName);
  const progress = collectionProgressOf(n);
  const dropper = nameOf(extra.dropperName);
  const price = finiteOf(extra.price);
  return draft(
    'collection',
    item === null ? 'New collection log slot' : `Collection log: ${item}`,
    [
      progress === null ? null : `${formatNumber(progress.completed)}/${formatNumber(progress.total)} slots`,
      dropper === null ? null : `from ${dropper}`,
    ],
    price === null || price < 0 ? null : coinsOf(price),
  );
}

function levelMoment(extra: Extra, thresholds: DinkThresholds): MomentDraft | null {
  if (!isRecord(extra.levelledSkills)) return null;
  const reached = Object.entries(extra.levelledSkills).flatMap(([skill, level]) => {
    const name = nameOf(skill);
    if (name === null || typeof level !== 'number' || !Number.isInteger(level)) return [];
    if (level < thresholds.min_level || level > MAX_EXPERIENCE_LEVEL) return [];
    return [level === MAX_EXPERIENCE_LEVEL ? `200M XP in ${name}` : `Level ${level} ${name}`];
  });
  if (reached.length === 0) return null;
  const combat = isRecord(extra.combatLevel) ? countOf(extra.combatLevel.value) : null;
  const combatUp = isRecord(extra.combatLevel) && extra.combatLevel.increased === true;
  return draft(
    'level',
    listOf(reached),
    [combat === null ? null : `combat level ${combat}${combatUp ? ' (up)' : ''}`],
    null,
  );
}

/** `50M`, `12.5M`, `500K`: experience the way players say it, exact digits otherwise. */
function experienceText(xp: number): string {
  if (xp >= 1_000_000 && xp % 100_000 === 0) return `${xp / 1_000_000}M`;
  if (xp >= 1_000 && xp % 1_000 === 0) return `${xp / 1_000}K`;
  return formatNumber(xp);
}

function xpMilestoneMoment(extra: Extra, thresholds: DinkThresholds): MomentDraft | null {
  if (!Array.isArray(extra.milestoneAchieved) || !isRecord(extra.xpData)) return null;
  const xpData = extra.xpData;
  const interval = countOf(extra.interval);
  const reached = extra.milestoneAchieved.flatMap((skill: unknown) => {
    const name = nameOf(skill);
    if (name === null || !Object.hasOwn(xpData, name)) return [];
    const xp = countOf(xpData[name]);
    if (xp === null || xp < thresholds.min_xp_milestone) return [];
    const milestone = interval === null || interval === 0 ? xp : xp - (xp % interval);
    return [{ name, xp, milestone }];
  });
  if (reached.length === 0) return null;
  return draft(
    'xp_milestone',
    listOf(reached.map((skill) => `${experienceText(skill.milestone)} ${skill.name} XP`)),
    reached.map((skill) => `${skill.name} ${formatNumber(skill.xp)} XP`),
    Math.max(...reached.map((skill) => skill.xp)),
  );
}

function killCountMoment(n: DinkNotification, extra: Extra): MomentDraft | null {
  const best = personalBestOf(n);
  if (best === null) return null;
  const count = countOf(extra.count);
  return draft(
    'kill_count',
    `Personal best: ${best.boss}`,
    [
      formatDuration(best.time_ms),
      teamText(best.team_size),
      count === null ? null : `kill count ${formatNumber(count)}`,
    ],
    best.time_ms,
  );
}

function speedrunMoment(extra: Extra): MomentDraft | null {
  if (extra.isPersonalBest !== true) return null;
  const quest = nameOf(extra.questName);
  const time = typeof extra.currentTime === 'string' ? parseSpeedrunTime(extra.currentTime) : null;
  if (quest === null || time === null || time <= 0) return null;
  return draft('speedrun', `Speedrun personal best: ${quest}`, [formatDuration(time)], time);
}

function combatAchievementMoment(extra: Extra): MomentDraft {
  const task = nameOf(extra.task);
  const tier = wordsOf(extra.tier);
  const points = countOf(extra.taskPoints);
  const total = countOf(extra.totalPoints);
  const completedTier = wordsOf(extra.justCompletedTier);
  return draft(
    'combat_achievement',
    task === null ? 'Combat achievement' : `Combat achievement: ${task}`,
    [
      tier,
      points === null ? null : `${formatNumber(points)} ${points === 1 ? 'point' : 'points'}`,
      total === null ? null : `${formatNumber(total)} points in total`,
      completedTier === null ? null : `${completedTier} tier completed`,
    ],
    null,
  );
}

function diaryMoment(extra: Extra): MomentDraft {
  const area = nameOf(extra.area);
  const difficulty = wordsOf(extra.difficulty);
  const total = countOf(extra.total);
  const title = [area, difficulty].filter((part) => part !== null).join(' ');
  return draft(
    'achievement_diary',
    title === '' ? 'Achievement diary' : `${title} diary`,
    [total === null ? null : `${formatNumber(total)} ${total === 1 ? 'diary' : 'diaries'} completed`],
    null,
  );
}

function clueMoment(extra: Extra, thresholds: DinkThresholds): MomentDraft | null {
  const items = itemsOf(extra.items);
  const best = mostValuable(items);
  const total = totalOf(items);
  if (best === null || total < thresholds.min_loot_value) return null;
  const clueType = wordsOf(extra.clueType);
  const completed = countOf(extra.numberCompleted);
  return draft(
    'clue',
    `${clueType === null ? 'Clue' : `${clueType} clue`}: ${best}`,
    [completed === null ? null : `clue count ${formatNumber(completed)}`, coins(total)],
    total,
  );
}

function toaUniqueMoment(extra: Extra): MomentDraft {
  const raidLevel = countOf(extra.raidLevels);
  const team = Array.isArray(extra.party) && extra.party.length > 0 ? extra.party.length : null;
  const points = countOf(extra.rewardPoints);
  return draft(
    'toa_unique',
    'Tombs of Amascut unique',
    [
      raidLevel === null ? null : `raid level ${formatNumber(raidLevel)}`,
      team === null ? null : teamText(team),
      points === null ? null : `${formatNumber(points)} points`,
    ],
    null,
  );
}

/** The notable moment in a notification, by the admins' thresholds; null when there is none. */
export function momentOf(n: DinkNotification, thresholds: DinkThresholds): MomentDraft | null {
  const extra = extraOf(n);
  switch (n.type) {
    case 'LOOT':
      return lootMoment(extra, thresholds);
    case 'PET':
      return petMoment(extra);
    case 'COLLECTION':
      return collectionMoment(n, extra);
    case 'LEVEL':
      return levelMoment(extra, thresholds);
    case 'XP_MILESTONE':
      return xpMilestoneMoment(extra, thresholds);
    case 'KILL_COUNT':
      return killCountMoment(n, extra);
    case 'SPEEDRUN':
      return speedrunMoment(extra);
    case 'COMBAT_ACHIEVEMENT':
      return combatAchievementMoment(extra);
    case 'ACHIEVEMENT_DIARY':
      return diaryMoment(extra);
    case 'CLUE':
      return clueMoment(extra, thresholds);
    case 'TOA_UNIQUE':
      return toaUniqueMoment(extra);
    default:
      return null;
  }
}
