import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { DinkThresholds } from './dink.schema.ts';
import {
  MAX_DROP_COINS,
  collectionProgressOf,
  lootValueOf,
  momentOf,
  personalBestOf,
  petsOf,
} from './moments.ts';
import type { MomentDraft } from './moments.ts';
import type { DinkNotification } from './notification.ts';
import { parseDinkNotification } from './notification.ts';

/** Dink's documented example bodies, one or more per type (../shared/reference/dink/README.md). */
const PAYLOADS = new URL('../../server/demo/dink-payloads/', import.meta.url);
const payloadFiles = readdirSync(PAYLOADS).filter((file) => file.endsWith('.json'));

function payload(file: string): DinkNotification {
  const parsed = parseDinkNotification(JSON.parse(readFileSync(new URL(file, PAYLOADS), 'utf8')));
  if (!parsed.ok) throw new Error(`${file}: ${parsed.problem}`);
  return parsed.notification;
}

const thresholds: DinkThresholds = { min_loot_value: 1_000_000, min_level: 99, min_xp_milestone: 50_000_000 };

/** A notification of `type` with this `extra` and the example's common fields. */
function notification(type: string, extra: Record<string, unknown> | null): DinkNotification {
  return { ...payload('chat.json'), type, extra };
}

/** What each example makes under the thresholds above. */
const expectedMoments: Record<string, MomentDraft | null> = {
  'achievement_diary.json': {
    kind: 'achievement_diary',
    title: 'Varrock Hard diary',
    details: '15 diaries completed',
    value: null,
  },
  'barbarian_assault_gamble.json': null,
  'chat.json': null,
  'clue.json': null,
  'collection.json': {
    kind: 'collection',
    title: 'Collection log: Zamorak chaps',
    details: '420/1,443 slots · from Clue Scroll (Hard)',
    value: 500_812,
  },
  'combat_achievement.2.json': {
    kind: 'combat_achievement',
    title: 'Combat achievement: Peach Conjurer',
    details: 'Grandmaster · 6 points · 1,465 points in total · Master tier completed',
    value: null,
  },
  'combat_achievement.json': {
    kind: 'combat_achievement',
    title: 'Combat achievement: Peach Conjurer',
    details: 'Grandmaster · 6 points · 1,337 points in total',
    value: null,
  },
  'death.2.json': null,
  'death.3.json': null,
  'death.json': null,
  'external_plugin.json': null,
  'grand_exchange.json': null,
  'group_bank_contents.json': null,
  'group_storage.json': null,
  'kill_count.json': {
    kind: 'kill_count',
    title: 'Personal best: Chambers of Xeric',
    details: '46:34 · team of 3 · kill count 69',
    value: 2_794_000,
  },
  'leagues_area.json': null,
  'leagues_mastery.json': null,
  'leagues_relic.json': null,
  'leagues_task.2.json': null,
  'leagues_task.json': null,
  'level.json': null,
  'login.json': null,
  'logout.json': null,
  'loot.json': null,
  'pet.json': { kind: 'pet', title: 'Pet: Ikkle hydra', details: '5,000 killcount', value: null },
  'player_kill.json': null,
  'quest.json': null,
  'slayer.json': null,
  'speedrun.2.json': null,
  'speedrun.json': {
    kind: 'speedrun',
    title: "Speedrun personal best: Cook's Assistant",
    details: '1:13.20',
    value: 73_200,
  },
  'toa_unique.json': {
    kind: 'toa_unique',
    title: 'Tombs of Amascut unique',
    details: 'raid level 550 · team of 3 · 30,000 points',
    value: null,
  },
  'trade.json': null,
  // Its milestone skill has no experience in xpData, so there is nothing to show.
  'xp_milestone.json': null,
};

/** The examples the other rules find something in; every other example gives null. */
const expectedPersonalBests: Record<string, unknown> = {
  'kill_count.json': { boss: 'Chambers of Xeric', team_size: 3, time_ms: 2_794_000 },
};
const expectedCollections: Record<string, unknown> = {
  'collection.json': { completed: 420, total: 1443 },
  'login.json': { completed: 651, total: 1477 },
};
const expectedPets: Record<string, unknown> = {
  'pet.json': { pets: ['Ikkle hydra'], replaces: false },
  'login.json': { pets: ['Pet chaos elemental', 'Chompy chick'], replaces: true },
};
const expectedLootValues: Record<string, unknown> = { 'loot.json': 42_069 };

describe('the example payloads', () => {
  it('are all covered here', () => {
    expect(payloadFiles.toSorted()).toEqual(Object.keys(expectedMoments).toSorted());
  });

  it.each(payloadFiles)('%s gives its expected moment, best, collection, pets and loot value', (file) => {
    const n = payload(file);
    expect(momentOf(n, thresholds)).toEqual(expectedMoments[file]);
    expect(personalBestOf(n)).toEqual(expectedPersonalBests[file] ?? null);
    expect(collectionProgressOf(n)).toEqual(expectedCollections[file] ?? null);
    expect(petsOf(n)).toEqual(expectedPets[file] ?? null);
    expect(lootValueOf(n)).toEqual(expectedLootValues[file] ?? null);
  });
});

describe('momentOf: drops', () => {
  const loot = payload('loot.json');

  it('keeps a drop worth at least the minimum, not one a coin below', () => {
    expect(momentOf(loot, { ...thresholds, min_loot_value: 42_069 })).toEqual({
      kind: 'loot',
      title: 'Drop: Some item',
      details: 'From Tombs of Amascut · kill count 60 · 42,069 coins',
      value: 42_069,
    });
    expect(momentOf(loot, { ...thresholds, min_loot_value: 42_070 })).toBeNull();
  });

  it('names the most valuable stack and adds up every priced item, skipping junk', () => {
    const drop = notification('LOOT', {
      source: 'Vorkath',
      items: [
        { name: 'Dragon bones', quantity: 2, priceEach: 2_500 },
        { name: 'Rune dart', quantity: 1_500, priceEach: 800 },
        { name: 'Vorkath head', quantity: 1, priceEach: 1_000_000 },
        { name: 'Forged', quantity: -5, priceEach: 1_000_000 },
        { name: '', quantity: 1, priceEach: 9 },
        { quantity: 1, priceEach: 9 },
        { name: 'NaN', quantity: 1, priceEach: 'lots' },
        'junk',
        null,
      ],
    });
    expect(lootValueOf(drop)).toBe(2_205_000);
    expect(momentOf(drop, thresholds)).toEqual({
      kind: 'loot',
      title: 'Drop: 1,500 × Rune dart',
      details: 'From Vorkath · 2,205,000 coins',
      value: 2_205_000,
    });
  });

  it('makes no moment from a drop with nothing priced in it, which counts as nothing', () => {
    const junk = notification('LOOT', { items: [{ name: 'x' }, 5, 'y'], source: 'Nowhere' });
    expect(momentOf(junk, { ...thresholds, min_loot_value: 0 })).toBeNull();
    expect(lootValueOf(junk)).toBe(0);
    expect(lootValueOf(notification('LOOT', null))).toBe(0);
    expect(lootValueOf(notification('LOOT', { items: 'lots' }))).toBe(0);
  });

  it('holds an absurd total at the most one drop is counted at', () => {
    const forged = notification('LOOT', {
      items: [
        { name: 'Gold', quantity: 1e300, priceEach: 1e300 },
        { name: 'More gold', quantity: Number.MAX_SAFE_INTEGER, priceEach: 2 },
      ],
    });
    expect(lootValueOf(forged)).toBe(10_000_000_000_000);
    expect(momentOf(forged, thresholds)?.details).toBe('10,000,000,000,000 coins');
  });

  it('counts a fractional price in whole coins, as the database keeps them', () => {
    const drop = notification('LOOT', { items: [{ name: 'Odd', quantity: 3, priceEach: 1_000_000.5 }] });
    expect(lootValueOf(drop)).toBe(3_000_002);
    const slot = notification('COLLECTION', {
      itemName: 'Odd',
      price: 0.4,
      completedEntries: 1,
      totalEntries: 2,
    });
    expect(momentOf(slot, thresholds)?.value).toBe(0);
  });

  it('makes no collection progress of counts past what a 32-bit column holds', () => {
    const forged = notification('COLLECTION', {
      itemName: 'X',
      completedEntries: 1,
      totalEntries: 3_000_000_000,
    });
    expect(collectionProgressOf(forged)).toBeNull();
  });
});

describe('momentOf: clues', () => {
  it('keeps a reward worth at least the minimum, not one a coin below', () => {
    const clue = payload('clue.json');
    expect(momentOf(clue, { ...thresholds, min_loot_value: 42_069 })).toEqual({
      kind: 'clue',
      title: 'Beginner clue: Some item',
      details: 'clue count 123 · 42,069 coins',
      value: 42_069,
    });
    expect(momentOf(clue, { ...thresholds, min_loot_value: 42_070 })).toBeNull();
    expect(lootValueOf(clue)).toBeNull();
  });
});

describe('momentOf: levels', () => {
  const level = (levelledSkills: unknown) =>
    notification('LEVEL', { levelledSkills, combatLevel: { value: 126, increased: true } });

  it('keeps a level at the minimum, not one below', () => {
    expect(momentOf(level({ Attack: 99 }), thresholds)).toEqual({
      kind: 'level',
      title: 'Level 99 Attack',
      details: 'combat level 126 (up)',
      value: null,
    });
    expect(momentOf(level({ Attack: 98 }), thresholds)).toBeNull();
    expect(momentOf(payload('level.json'), { ...thresholds, min_level: 30 })).toEqual({
      kind: 'level',
      title: 'Level 30 Skill name',
      details: 'combat level 50',
      value: null,
    });
    expect(momentOf(payload('level.json'), { ...thresholds, min_level: 31 })).toBeNull();
  });

  it('shows level 127 as 200M experience and joins several skills', () => {
    expect(momentOf(level({ Attack: 99, Strength: 127, Magic: 50, Ranged: 99 }), thresholds)?.title).toBe(
      'Level 99 Attack, 200M XP in Strength and Level 99 Ranged',
    );
  });

  it('ignores levels that cannot be', () => {
    expect(momentOf(level({ Attack: 128, Strength: 99.5, Magic: '99' }), thresholds)).toBeNull();
  });
});

describe('momentOf: experience milestones', () => {
  const milestone = (xpData: Record<string, unknown>, achieved: string[]) =>
    notification('XP_MILESTONE', { xpData, milestoneAchieved: achieved, interval: 5_000_000 });

  it('keeps a milestone at the minimum experience, not one point below', () => {
    expect(momentOf(milestone({ Attack: 50_000_000, Magic: 60_000_000 }, ['Attack']), thresholds)).toEqual({
      kind: 'xp_milestone',
      title: '50M Attack XP',
      details: 'Attack 50,000,000 XP',
      value: 50_000_000,
    });
    expect(momentOf(milestone({ Attack: 49_999_999 }, ['Attack']), thresholds)).toBeNull();
  });

  it('names the milestone passed, and the highest experience as its value', () => {
    expect(
      momentOf(milestone({ Attack: 55_000_123, Magic: 72_500_000 }, ['Attack', 'Magic']), thresholds),
    ).toEqual({
      kind: 'xp_milestone',
      title: '55M Attack XP and 70M Magic XP',
      details: 'Attack 55,000,123 XP · Magic 72,500,000 XP',
      value: 72_500_000,
    });
  });
});

describe('momentOf and personalBestOf: kill counts', () => {
  const kill = (extra: Record<string, unknown>) =>
    notification('KILL_COUNT', {
      boss: 'Vorkath',
      count: 1_200,
      time: 'PT1M13.2S',
      isPersonalBest: true,
      ...extra,
    });

  it('keeps only personal bests', () => {
    expect(momentOf(kill({ isPersonalBest: false, personalBest: 'PT1M10S' }), thresholds)).toBeNull();
    expect(personalBestOf(kill({ isPersonalBest: false }))).toBeNull();
    expect(personalBestOf(kill({ isPersonalBest: 'true' }))).toBeNull();
  });

  it('counts a kill without a party as solo', () => {
    expect(personalBestOf(kill({}))).toEqual({ boss: 'Vorkath', team_size: 1, time_ms: 73_200 });
    expect(personalBestOf(kill({ party: [] }))?.team_size).toBe(1);
    expect(momentOf(kill({}), thresholds)).toEqual({
      kind: 'kill_count',
      title: 'Personal best: Vorkath',
      details: '1:13.20 · solo · kill count 1,200',
      value: 73_200,
    });
  });

  it('trims the boss name', () => {
    expect(personalBestOf(kill({ boss: '  Theatre of Blood ', party: ['a', 'b'] }))).toEqual({
      boss: 'Theatre of Blood',
      team_size: 2,
      time_ms: 73_200,
    });
  });

  it('has no best without a boss, a readable time or a believable party', () => {
    for (const extra of [
      { boss: '' },
      { boss: 'x'.repeat(101) },
      { boss: 42 },
      { time: '1:13.20' },
      { time: 'PT0S' },
      { time: null },
      { party: Array.from({ length: 101 }, () => 'x') },
    ]) {
      expect(personalBestOf(kill(extra))).toBeNull();
      expect(momentOf(kill(extra), thresholds)).toBeNull();
    }
    expect(personalBestOf(kill({ boss: 'x'.repeat(100) }))?.boss).toHaveLength(100);
  });
});

describe('momentOf: speedruns', () => {
  it('keeps only personal bests', () => {
    const run = { questName: 'Dragon Slayer I', currentTime: '12:01:13.20', personalBest: '12:00:00.00' };
    expect(momentOf(notification('SPEEDRUN', run), thresholds)).toBeNull();
    expect(momentOf(notification('SPEEDRUN', { ...run, isPersonalBest: true }), thresholds)).toEqual({
      kind: 'speedrun',
      title: 'Speedrun personal best: Dragon Slayer I',
      details: '12:01:13.20',
      value: 43_273_200,
    });
  });
});

describe('momentOf: pets and collection slots', () => {
  it('notes a duplicate pet, which is still a pet they have', () => {
    const duplicate = notification('PET', {
      petName: 'Ikkle hydra',
      milestone: '5,000 killcount',
      duplicate: true,
    });
    expect(momentOf(duplicate, thresholds)?.details).toBe('5,000 killcount · duplicate');
    expect(petsOf(duplicate)).toEqual({ pets: ['Ikkle hydra'], replaces: false });
  });

  it('keeps a pet whose name Dink could not tell, but adds no name to the list', () => {
    const unnamed = notification('PET', { petName: null, milestone: null, duplicate: false });
    expect(momentOf(unnamed, thresholds)).toEqual({
      kind: 'pet',
      title: 'New pet',
      details: '',
      value: null,
    });
    expect(petsOf(unnamed)).toBeNull();
  });

  it('lists the pets a login names, skipping junk entries and repeats', () => {
    const login = notification('LOGIN', {
      pets: [{ name: 'Baby mole' }, { itemId: 1 }, 'Olmlet', { name: 'Baby mole' }],
    });
    expect(petsOf(login)).toEqual({ pets: ['Baby mole'], replaces: true });
    expect(petsOf(notification('LOGIN', { pets: [] }))).toEqual({ pets: [], replaces: true });
    expect(petsOf(notification('LOGIN', {}))).toBeNull();
  });

  it('has no collection progress that cannot be', () => {
    for (const [completedEntries, totalEntries] of [
      [5, 4],
      [-1, 10],
      [1.5, 10],
      [0, 0],
      ['5', 10],
    ]) {
      expect(collectionProgressOf(notification('COLLECTION', { completedEntries, totalEntries }))).toBeNull();
    }
    expect(
      collectionProgressOf(notification('COLLECTION', { completedEntries: 10, totalEntries: 10 })),
    ).toEqual({
      completed: 10,
      total: 10,
    });
    expect(collectionProgressOf(notification('LOGIN', { collectionLog: { completed: 9 } }))).toBeNull();
  });

  it('keeps a collection slot without progress or price', () => {
    expect(
      momentOf(notification('COLLECTION', { itemName: 'Bronze med helm', price: -3 }), thresholds),
    ).toEqual({
      kind: 'collection',
      title: 'Collection log: Bronze med helm',
      details: '',
      value: null,
    });
  });
});

describe('momentOf: lengths', () => {
  it('cuts long titles at 200 characters and details at 500, with an ellipsis', () => {
    const skills = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`Skill number ${i}`, 99]));
    const level = momentOf(notification('LEVEL', { levelledSkills: skills }), thresholds);
    expect(level?.title).toHaveLength(200);
    expect(level?.title.endsWith('…')).toBe(true);

    const xpData = Object.fromEntries(
      Array.from({ length: 40 }, (_, i) => [`Skill number ${i}`, 60_000_000]),
    );
    const milestone = momentOf(
      notification('XP_MILESTONE', { xpData, milestoneAchieved: Object.keys(xpData) }),
      thresholds,
    );
    expect(milestone?.details).toHaveLength(500);
    expect(milestone?.details.endsWith('…')).toBe(true);
  });

  it('never cuts a character in half', () => {
    const skills = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`🐉 skill ${i}`, 99]));
    const title = momentOf(notification('LEVEL', { levelledSkills: skills }), thresholds)?.title ?? '';
    expect(title.length).toBeLessThanOrEqual(200);
    expect(title).not.toMatch(/[\uD800-\uDBFF]…$/);
  });
});

describe('the rules, for any extra a client could send', () => {
  const types = [
    'LOOT',
    'PET',
    'COLLECTION',
    'LEVEL',
    'XP_MILESTONE',
    'KILL_COUNT',
    'SPEEDRUN',
    'COMBAT_ACHIEVEMENT',
    'ACHIEVEMENT_DIARY',
    'CLUE',
    'TOA_UNIQUE',
    'LOGIN',
    'DEATH',
  ];
  const fields = [
    'items',
    'source',
    'killCount',
    'petName',
    'milestone',
    'duplicate',
    'itemName',
    'price',
    'completedEntries',
    'totalEntries',
    'dropperName',
    'levelledSkills',
    'combatLevel',
    'xpData',
    'milestoneAchieved',
    'interval',
    'boss',
    'count',
    'time',
    'isPersonalBest',
    'party',
    'questName',
    'currentTime',
    'task',
    'tier',
    'taskPoints',
    'totalPoints',
    'justCompletedTier',
    'area',
    'difficulty',
    'total',
    'clueType',
    'numberCompleted',
    'raidLevels',
    'rewardPoints',
    'collectionLog',
    'pets',
  ];
  const extra = fc.oneof(
    fc.record(Object.fromEntries(fields.map((field) => [field, fc.anything()])), { requiredKeys: [] }),
    fc.dictionary(fc.string(), fc.anything()),
    fc.constant(null),
  );

  it('never throw, and keep titles and details within their lengths', () => {
    fc.assert(
      fc.property(fc.constantFrom(...types), extra, fc.nat(3_000_000), (type, anyExtra, minLoot) => {
        const n = notification(type, anyExtra);
        const moment = momentOf(n, { ...thresholds, min_loot_value: minLoot });
        if (moment !== null) {
          expect(moment.title.length).toBeLessThanOrEqual(200);
          expect(moment.details.length).toBeLessThanOrEqual(500);
        }
        const value = lootValueOf(n);
        if (value !== null)
          expect(Number.isInteger(value) && value >= 0 && value <= MAX_DROP_COINS).toBe(true);
        personalBestOf(n);
        collectionProgressOf(n);
        petsOf(n);
      }),
      { numRuns: 1_000 },
    );
  });

  it('value a drop of junk items at what its priced items add up to, never less than nothing', () => {
    const item = fc.record(
      { name: fc.oneof(fc.string(), fc.anything()), quantity: fc.anything(), priceEach: fc.anything() },
      { requiredKeys: [] },
    );
    const number = fc.oneof(fc.integer(), fc.double(), fc.constant(Number.MAX_SAFE_INTEGER));
    const pricedItem = fc.record({ name: fc.string(), quantity: number, priceEach: number });
    fc.assert(
      fc.property(fc.array(fc.oneof(item, pricedItem, fc.anything())), (items) => {
        const drop = notification('LOOT', { items, source: 'Anywhere' });
        const value = lootValueOf(drop);
        expect(value !== null && Number.isInteger(value) && value >= 0 && value <= MAX_DROP_COINS).toBe(true);
        const moment = momentOf(drop, { ...thresholds, min_loot_value: 0 });
        expect(moment === null || moment.value === value).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
