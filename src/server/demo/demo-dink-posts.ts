import { createHash } from 'node:crypto';
import { createRng } from '#core/random.ts';
import { dinkExample } from './demo-dink-payloads.ts';
import { demoScreenshot } from './demo-dink-screenshot.ts';

/** A simulated member posting through Dink. */
export interface DemoDinkMember {
  womId: string;
  name: string;
}

/** A notification as Dink would send it, and the screenshot it would attach (or none). */
export interface DemoDinkPost {
  payload: Record<string, unknown>;
  screenshot: Buffer | null;
}

export interface DemoDinkOptions {
  /** The notification's type; otherwise one chosen by weight from the kinds the demo varies. */
  type?: string;
  /** Whether it passes the default thresholds; otherwise most do and some do not. */
  notable?: boolean;
  /** Names to fill raid parties with besides the member's own. */
  clan?: readonly string[];
}

type Random = () => number;
type Extra = Record<string, unknown>;
interface Built {
  extra: Extra;
  content: string;
  /** The colour of its screenshot card, for the kinds Dink usually sends one with. */
  card?: readonly [number, number, number];
}
interface Context {
  random: Random;
  name: string;
  womId: string;
  at: Date;
  notable: boolean;
  clan: readonly string[];
}

/** The same account hash for a member at every start: the game account Dink would report. */
export function demoAccountHash(womId: string): string {
  return createHash('sha256').update(`demo-dink:${womId}`).digest('hex').slice(0, 56);
}

/** The post's own stream: the simulator's generator, labelled so the clan's numbers stay as they were. */
function randomFrom(seed: number, index: number): Random {
  const rng = createRng(seed, 'demo-dink', index);
  return () => rng.next();
}

const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
const between = (random: Random, low: number, high: number) => low + Math.floor(random() * (high - low + 1));
const grouped = (value: number) => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** A stable number per member, for what grows over time from a different start for each. */
function memberNumber(womId: string): number {
  return createHash('sha256').update(womId).digest().readUInt32BE(0);
}

const HOUR_MS = 3_600_000;
const TICK_MS = 600;

/** Java's Duration.toString() for a time in game ticks, as Dink sends it: `PT46M34.2S`. */
function isoDuration(ms: number): string {
  const hours = Math.floor(ms / HOUR_MS);
  const minutes = Math.floor((ms % HOUR_MS) / 60_000);
  const tenths = Math.round((ms % 60_000) / 100);
  const seconds = tenths % 10 === 0 ? String(tenths / 10) : (tenths / 10).toFixed(1);
  return `PT${hours > 0 ? `${hours}H` : ''}${minutes > 0 ? `${minutes}M` : ''}${seconds}S`;
}

interface Boss {
  boss: string;
  party: readonly [number, number];
  /** Fastest and slowest personal-best times, in minutes. */
  minutes: readonly [number, number];
}

const BOSSES: readonly Boss[] = [
  { boss: 'Chambers of Xeric', party: [1, 5], minutes: [14, 40] },
  { boss: 'Theatre of Blood', party: [2, 5], minutes: [15, 28] },
  { boss: 'Tombs of Amascut', party: [1, 5], minutes: [18, 40] },
  { boss: 'The Nightmare', party: [1, 5], minutes: [4, 12] },
  { boss: 'Nex', party: [2, 5], minutes: [2, 6] },
  { boss: 'Corporeal Beast', party: [1, 5], minutes: [1.5, 8] },
  { boss: 'Vorkath', party: [1, 1], minutes: [1.1, 2.5] },
  { boss: 'Zulrah', party: [1, 1], minutes: [0.9, 1.8] },
  { boss: 'Alchemical Hydra', party: [1, 1], minutes: [1.3, 3] },
  { boss: 'Corrupted Gauntlet', party: [1, 1], minutes: [5, 9] },
];

interface Drop {
  name: string;
  id: number;
  priceEach: number;
  quantity?: readonly [number, number];
}

interface LootTable {
  source: string;
  category: 'NPC' | 'EVENT';
  rare: readonly Drop[];
  common: readonly Drop[];
}

const LOOT: readonly LootTable[] = [
  {
    source: 'Chambers of Xeric',
    category: 'EVENT',
    rare: [
      { name: 'Twisted bow', id: 20997, priceEach: 1_350_000_000 },
      { name: 'Dexterous prayer scroll', id: 21034, priceEach: 24_000_000 },
      { name: 'Dragon claws', id: 13652, priceEach: 47_000_000 },
      { name: 'Ancestral robe top', id: 21021, priceEach: 96_000_000 },
    ],
    common: [
      { name: 'Pure essence', id: 7936, priceEach: 3, quantity: [1500, 4000] },
      { name: 'Dark relic', id: 22389, priceEach: 180_000 },
    ],
  },
  {
    source: 'Vorkath',
    category: 'NPC',
    rare: [
      { name: 'Dragonbone necklace', id: 22111, priceEach: 9_400_000 },
      { name: 'Draconic visage', id: 11286, priceEach: 4_200_000 },
    ],
    common: [
      { name: 'Superior dragon bones', id: 22124, priceEach: 9_000, quantity: [2, 2] },
      { name: "Vorkath's head", id: 21907, priceEach: 80_000 },
    ],
  },
  {
    source: 'Zulrah',
    category: 'NPC',
    rare: [
      { name: 'Tanzanite fang', id: 12922, priceEach: 1_700_000 },
      { name: 'Magic fang', id: 12932, priceEach: 1_600_000 },
      { name: 'Serpentine visage', id: 12927, priceEach: 1_400_000 },
    ],
    common: [{ name: "Zulrah's scales", id: 12934, priceEach: 160, quantity: [100, 500] }],
  },
  {
    source: 'General Graardor',
    category: 'NPC',
    rare: [
      { name: 'Bandos chestplate', id: 11832, priceEach: 12_500_000 },
      { name: 'Bandos tassets', id: 11834, priceEach: 25_000_000 },
    ],
    common: [{ name: 'Rune longsword', id: 1303, priceEach: 19_000 }],
  },
  {
    source: 'Alchemical Hydra',
    category: 'NPC',
    rare: [
      { name: "Hydra's claw", id: 22966, priceEach: 80_000_000 },
      { name: 'Hydra leather', id: 22983, priceEach: 3_500_000 },
    ],
    common: [{ name: 'Dragon thrownaxe', id: 20849, priceEach: 2_600, quantity: [20, 60] }],
  },
  {
    source: 'Cerberus',
    category: 'NPC',
    rare: [
      { name: 'Primordial crystal', id: 13231, priceEach: 26_000_000 },
      { name: 'Eternal crystal', id: 13227, priceEach: 2_500_000 },
    ],
    common: [{ name: 'Rune platebody', id: 1127, priceEach: 38_000 }],
  },
];

function itemOf(random: Random, drop: Drop) {
  const quantity = drop.quantity ? between(random, drop.quantity[0], drop.quantity[1]) : 1;
  return {
    id: drop.id,
    quantity,
    priceEach: drop.priceEach,
    name: drop.name,
    criteria: ['VALUE'],
    rarity: null,
  };
}

function partyOf(c: Context, size: number): string[] {
  const others = c.clan.filter((name) => name !== c.name);
  const party = [c.name];
  for (let i = 0; party.length < size && i < size * 4; i += 1) {
    const name = others.length > 0 ? pick(c.random, others) : `Clanmate ${party.length}`;
    if (!party.includes(name)) party.push(name);
  }
  return party;
}

function loot(c: Context): Built {
  const table = pick(c.random, LOOT);
  const items = [itemOf(c.random, pick(c.random, table.common))];
  if (c.notable) items.unshift(itemOf(c.random, pick(c.random, table.rare)));
  const killCount = between(c.random, 20, 2500);
  return {
    extra: {
      items,
      source: table.source,
      party: [],
      category: table.category,
      killCount,
      rarestProbability: c.notable ? 0.002 : 0.1,
      npcId: null,
    },
    content: `${c.name} has looted: \n\n${items.map((item) => `${item.quantity} x ${item.name}`).join('\n')}\nFrom: ${table.source}`,
    card: [205, 140, 40],
  };
}

function killCount(c: Context): Built {
  const boss = pick(c.random, BOSSES);
  const size = between(c.random, boss.party[0], boss.party[1]);
  const [fastest, slowest] = boss.minutes;
  const time = Math.round(((fastest + (slowest - fastest) * c.random()) * 60_000) / TICK_MS) * TICK_MS;
  const best = c.notable ? time : Math.max(TICK_MS, time - between(c.random, 10, 90) * TICK_MS);
  const count = between(c.random, 5, 1500);
  return {
    extra: {
      boss: boss.boss,
      count,
      gameMessage: `Your ${boss.boss} kill count is: ${count}.`,
      time: isoDuration(time),
      isPersonalBest: c.notable,
      personalBest: c.notable ? null : isoDuration(best),
      party: size > 1 ? partyOf(c, size) : [],
    },
    content: `${c.name} has defeated ${boss.boss} with a completion count of ${count}`,
    card: [150, 40, 40],
  };
}

const PETS = [
  { pet: 'Olmlet', milestone: 'killcount' },
  { pet: 'Vorki', milestone: 'killcount' },
  { pet: 'Pet snakeling', milestone: 'killcount' },
  { pet: 'Ikkle hydra', milestone: 'killcount' },
  { pet: 'Hellpuppy', milestone: 'killcount' },
  { pet: "Tumeken's guardian", milestone: 'killcount' },
  { pet: 'Heron', milestone: 'XP' },
  { pet: 'Rocky', milestone: 'XP' },
] as const;

function pet(c: Context): Built {
  const found = pick(c.random, PETS);
  const amount =
    found.milestone === 'XP'
      ? `${between(c.random, 20, 150)},000,000 XP`
      : `${grouped(between(c.random, 50, 5000))} killcount`;
  return {
    extra: { petName: found.pet, milestone: amount, duplicate: c.random() < 0.15 },
    content: `${c.name} has a funny feeling they are being followed`,
    card: [90, 60, 160],
  };
}

const COLLECTION_ITEMS = [
  {
    itemName: 'Dragon warhammer',
    itemId: 13576,
    price: 30_000_000,
    dropperName: 'Lizardman shaman',
    dropperType: 'NPC',
  },
  {
    itemName: 'Abyssal whip',
    itemId: 4151,
    price: 1_500_000,
    dropperName: 'Abyssal demon',
    dropperType: 'NPC',
  },
  {
    itemName: 'Tanzanite mutagen',
    itemId: 13200,
    price: 1_500_000,
    dropperName: 'Zulrah',
    dropperType: 'NPC',
  },
  { itemName: 'Granite maul', itemId: 4153, price: 300_000, dropperName: 'Gargoyle', dropperType: 'NPC' },
  {
    itemName: 'Occult necklace',
    itemId: 12002,
    price: 600_000,
    dropperName: 'Thermonuclear smoke devil',
    dropperType: 'NPC',
  },
  {
    itemName: 'Draconic visage',
    itemId: 11286,
    price: 4_200_000,
    dropperName: 'Vorkath',
    dropperType: 'NPC',
  },
  {
    itemName: 'Zamorak chaps',
    itemId: 10372,
    price: 500_812,
    dropperName: 'Clue Scroll (Hard)',
    dropperType: 'EVENT',
  },
  {
    itemName: 'Ranger boots',
    itemId: 2577,
    price: 31_000_000,
    dropperName: 'Clue Scroll (Medium)',
    dropperType: 'EVENT',
  },
] as const;
const COLLECTION_TOTAL = 1_568;
const SLOTS_FROM = Date.UTC(2026, 0, 1);

function collection(c: Context): Built {
  const item = pick(c.random, COLLECTION_ITEMS);
  // One more slot every twelve hours from a different start per member: each post shows more filled.
  const grown = Math.max(0, Math.floor((c.at.getTime() - SLOTS_FROM) / (12 * HOUR_MS)));
  const completedEntries = Math.min(COLLECTION_TOTAL - 1, 200 + (memberNumber(c.womId) % 600) + grown);
  return {
    extra: {
      ...item,
      completedEntries,
      totalEntries: COLLECTION_TOTAL,
      dropperKillCount: between(c.random, 1, 3000),
    },
    content: `${c.name} has added ${item.itemName} to their collection`,
    card: [40, 130, 90],
  };
}

const SKILLS = [
  'Attack',
  'Strength',
  'Defence',
  'Ranged',
  'Prayer',
  'Magic',
  'Runecraft',
  'Construction',
  'Hitpoints',
  'Agility',
  'Herblore',
  'Thieving',
  'Crafting',
  'Fletching',
  'Slayer',
  'Hunter',
  'Mining',
  'Smithing',
  'Fishing',
  'Cooking',
  'Firemaking',
  'Woodcutting',
  'Farming',
] as const;

function level(c: Context): Built {
  const skill = pick(c.random, SKILLS);
  const reached = c.notable ? 99 : between(c.random, 80, 98);
  return {
    extra: {
      levelledSkills: { [skill]: reached },
      allSkills: { [skill]: reached },
      combatLevel: { value: between(c.random, 95, 126), increased: false },
    },
    content: `${c.name} has levelled ${skill} to ${reached}`,
  };
}

const MILESTONE_INTERVAL = 5_000_000;

function xpMilestone(c: Context): Built {
  const skill = pick(c.random, SKILLS);
  const milestones = c.notable ? between(c.random, 10, 30) : between(c.random, 2, 9);
  const xp = milestones * MILESTONE_INTERVAL + between(c.random, 0, 40_000);
  return {
    extra: { xpData: { [skill]: xp }, milestoneAchieved: [skill], interval: MILESTONE_INTERVAL },
    content: `${c.name} has reached ${grouped(milestones * MILESTONE_INTERVAL)} XP in ${skill}`,
  };
}

const TASKS = [
  { tier: 'EASY', task: 'Noxious Foe', points: 1 },
  { tier: 'MEDIUM', task: 'Sit Back and Relax', points: 2 },
  { tier: 'HARD', task: 'Why Are You Running?', points: 3 },
  { tier: 'ELITE', task: 'Perfect Zulrah', points: 4 },
  { tier: 'MASTER', task: 'Perfect Olm (Solo)', points: 5 },
  { tier: 'GRANDMASTER', task: 'Peach Conjurer', points: 6 },
] as const;

function combatAchievement(c: Context): Built {
  const task = pick(c.random, TASKS);
  const totalPoints = 150 + (memberNumber(c.womId) % 1500) + between(c.random, 0, 40);
  return {
    extra: {
      tier: task.tier,
      task: task.task,
      taskPoints: task.points,
      totalPoints,
      totalPossiblePoints: 14_814,
    },
    content: `${c.name} has completed ${task.tier.toLowerCase()} combat task: ${task.task}`,
  };
}

const DIARY_AREAS = [
  'Ardougne',
  'Desert',
  'Falador',
  'Fremennik',
  'Kandarin',
  'Karamja',
  'Kourend & Kebos',
  'Lumbridge & Draynor',
  'Morytania',
  'Varrock',
  'Western Provinces',
  'Wilderness',
] as const;
const DIARY_TIERS = ['EASY', 'MEDIUM', 'HARD', 'ELITE'] as const;

function diary(c: Context): Built {
  const area = pick(c.random, DIARY_AREAS);
  const difficulty = pick(c.random, DIARY_TIERS);
  const total = between(c.random, 4, 48);
  return {
    extra: { area, difficulty, total, tasksCompleted: between(c.random, 100, 492), tasksTotal: 492 },
    content: `${c.name} has completed the ${difficulty} ${area} Achievement Diary, for a total of ${total} diaries completed`,
  };
}

const CLUE_REWARDS = [
  { clueType: 'Medium', rare: { name: 'Ranger boots', id: 2577, priceEach: 31_000_000 } },
  { clueType: 'Hard', rare: { name: 'Gilded platebody', id: 3481, priceEach: 3_100_000 } },
  { clueType: 'Elite', rare: { name: 'Dragon platebody ornament kit', id: 22236, priceEach: 2_000_000 } },
  { clueType: 'Master', rare: { name: 'Bucket helm (g)', id: 20547, priceEach: 11_000_000 } },
] as const;

function clue(c: Context): Built {
  const reward = pick(c.random, CLUE_REWARDS);
  const common = itemOf(c.random, { name: 'Purple sweets', id: 10476, priceEach: 220, quantity: [8, 40] });
  const items = c.notable ? [itemOf(c.random, reward.rare), common] : [common];
  const numberCompleted = between(c.random, 5, 900);
  return {
    extra: { clueType: reward.clueType, numberCompleted, items },
    content: `${c.name} has completed a ${reward.clueType} clue, they have completed ${numberCompleted}.`,
    card: [200, 180, 60],
  };
}

const BUILDERS: Record<string, (c: Context) => Built> = {
  LOOT: loot,
  KILL_COUNT: killCount,
  COLLECTION: collection,
  LEVEL: level,
  XP_MILESTONE: xpMilestone,
  COMBAT_ACHIEVEMENT: combatAchievement,
  ACHIEVEMENT_DIARY: diary,
  PET: pet,
  CLUE: clue,
};

/** How often each kind comes up, out of 100: drops and kills most, pets rarely. */
const WEIGHTS: ReadonlyArray<readonly [string, number]> = [
  ['LOOT', 28],
  ['KILL_COUNT', 22],
  ['COLLECTION', 12],
  ['LEVEL', 10],
  ['COMBAT_ACHIEVEMENT', 8],
  ['XP_MILESTONE', 6],
  ['ACHIEVEMENT_DIARY', 5],
  ['CLUE', 5],
  ['PET', 4],
];

function weightedType(random: Random): string {
  let roll = random() * 100;
  for (const [type, weight] of WEIGHTS) {
    roll -= weight;
    if (roll < 0) return type;
  }
  return 'LOOT';
}

/** Who sends the `index`th post: any of `members`, the same one for the same seed and index. */
export function demoPoster<T>(seed: number, index: number, members: readonly T[]): T | undefined {
  // Another stream than the post's own, so the member does not follow from its type.
  return members.length === 0 ? undefined : pick(randomFrom(~seed, index), members);
}

/** Share of generated posts that pass the default thresholds; the rest are stored and shown nowhere. */
const NOTABLE_SHARE = 0.75;
/** Share of the posts with a picture-worthy moment that come with a screenshot. */
const SCREENSHOT_SHARE = 0.4;

/**
 * The `index`th post of the demo clan (a fixed function of the seed, the index, the member and the
 * time), built on Dink's example payload of its type with the member's name and account. Types the
 * demo does not vary are the example as it is, under the member's name.
 */
export function demoDinkPost(
  seed: number,
  index: number,
  member: DemoDinkMember,
  at: Date,
  options: DemoDinkOptions = {},
): DemoDinkPost {
  const random = randomFrom(seed, index);
  const type = options.type?.toUpperCase() ?? weightedType(random);
  const payload = dinkExample(type);
  if (!payload) throw new Error(`Dink has no notification type ${type}`);
  const notable = options.notable ?? random() < NOTABLE_SHARE;
  const context: Context = {
    random,
    name: member.name,
    womId: member.womId,
    at,
    notable,
    clan: options.clan ?? [],
  };
  const builder = BUILDERS[type];
  const built = builder?.(context);
  const example = typeof payload.content === 'string' ? payload.content : '';
  Object.assign(payload, {
    playerName: member.name,
    dinkAccountHash: demoAccountHash(member.womId),
    world: between(random, 302, 580),
    content: built?.content ?? example.replaceAll('Wise Rune', member.name),
    ...(built ? { extra: built.extra } : {}),
  });
  const screenshot =
    built?.card && notable && random() < SCREENSHOT_SHARE ? demoScreenshot(built.card, seed ^ index) : null;
  return { payload, screenshot };
}
