import { describe, expect, it } from 'vitest';
import { DEFAULT_DINK_THRESHOLDS } from '#core/dink/dink.schema.ts';
import { collectionProgressOf, momentOf, personalBestOf } from '#core/dink/moments.ts';
import { parseDinkNotification, type DinkNotification } from '#core/dink/notification.ts';
import { DINK_EXAMPLE_TYPES } from './demo-dink-payloads.ts';
import { demoAccountHash, demoDinkPost, demoPoster } from './demo-dink-posts.ts';

const MEMBER = { womId: '1234', name: 'Iron Tobi' };
const CLAN = ['Iron Tobi', 'Zezima', 'Lynx Titan', 'B0aty', 'Woox', 'Odablock'];
const AT = new Date('2026-11-20T12:00:00.000Z');

function parsed(payload: Record<string, unknown>): DinkNotification {
  const result = parseDinkNotification(JSON.parse(JSON.stringify(payload)));
  if (!result.ok) throw new Error(result.problem);
  return result.notification;
}

const many = (count: number) =>
  Array.from({ length: count }, (_, index) => demoDinkPost(7, index, MEMBER, AT, { clan: CLAN }));

describe('the demo clan’s Dink posts', () => {
  it('are the same post for the same seed and index, and another for another index', () => {
    const first = demoDinkPost(7, 3, MEMBER, AT);
    expect(demoDinkPost(7, 3, MEMBER, AT)).toEqual(first);
    expect(JSON.stringify(demoDinkPost(7, 4, MEMBER, AT).payload)).not.toBe(JSON.stringify(first.payload));
    expect(JSON.stringify(demoDinkPost(8, 3, MEMBER, AT).payload)).not.toBe(JSON.stringify(first.payload));
  });

  it('are Dink notifications under the member’s name and one stable account hash', () => {
    for (const { payload } of many(100)) {
      const notification = parsed(payload);
      expect(notification.playerName).toBe('Iron Tobi');
      expect(notification.dinkAccountHash).toBe(demoAccountHash('1234'));
    }
    expect(demoAccountHash('1234')).not.toBe(demoAccountHash('1235'));
  });

  it('mix every varied kind, most notable by the default thresholds and some not', () => {
    const notifications = many(300).map(({ payload }) => parsed(payload));
    const types = new Set(notifications.map((n) => n.type));
    expect([...types].sort()).toEqual(
      [
        'ACHIEVEMENT_DIARY',
        'CLUE',
        'COLLECTION',
        'COMBAT_ACHIEVEMENT',
        'KILL_COUNT',
        'LEVEL',
        'LOOT',
        'PET',
        'XP_MILESTONE',
      ].sort(),
    );
    const notable = notifications.filter((n) => momentOf(n, DEFAULT_DINK_THRESHOLDS) !== null);
    expect(notable.length).toBeGreaterThan(notifications.length / 2);
    expect(notable.length).toBeLessThan(notifications.length);
    for (const type of ['LOOT', 'KILL_COUNT', 'LEVEL', 'XP_MILESTONE', 'CLUE']) {
      const ofType = notifications.filter((n) => n.type === type);
      expect(
        ofType.some((n) => momentOf(n, DEFAULT_DINK_THRESHOLDS) === null),
        type,
      ).toBe(true);
      expect(
        ofType.some((n) => momentOf(n, DEFAULT_DINK_THRESHOLDS) !== null),
        type,
      ).toBe(true);
    }
  });

  it('set personal-best times for teams of one to five, with clan members in the party', () => {
    const bests = many(400).flatMap(({ payload }) => {
      const best = personalBestOf(parsed(payload));
      return best ? [{ best, party: (payload.extra as { party: string[] }).party }] : [];
    });
    expect(new Set(bests.map(({ best }) => best.team_size))).toEqual(new Set([1, 2, 3, 4, 5]));
    for (const { best, party } of bests.filter(({ best }) => best.team_size > 1)) {
      expect(party).toHaveLength(best.team_size);
      expect(party[0]).toBe('Iron Tobi');
      expect(party.every((name) => CLAN.includes(name))).toBe(true);
    }
  });

  it('fill the collection log further as time goes on', () => {
    const completed = (at: string) =>
      collectionProgressOf(parsed(demoDinkPost(7, 1, MEMBER, new Date(at), { type: 'COLLECTION' }).payload))
        ?.completed;
    const early = completed('2026-11-01T00:00:00.000Z')!;
    expect(completed('2026-11-14T00:00:00.000Z')).toBeGreaterThan(early);
  });

  it('attach a PNG screenshot to some notable posts only', () => {
    const posts = many(200);
    const shown = posts.filter((post) => post.screenshot !== null);
    expect(shown.length).toBeGreaterThan(10);
    for (const post of shown) {
      expect(momentOf(parsed(post.payload), DEFAULT_DINK_THRESHOLDS)).not.toBeNull();
      expect(post.screenshot!.subarray(1, 4).toString('ascii')).toBe('PNG');
    }
  });

  it('post the asked type, notable when asked, and any example type as the example under the member’s name', () => {
    for (const type of ['loot', 'kill_count', 'level', 'xp_milestone', 'clue']) {
      const post = demoDinkPost(7, 9, MEMBER, AT, { type, notable: true });
      expect(momentOf(parsed(post.payload), DEFAULT_DINK_THRESHOLDS), type).not.toBeNull();
    }
    for (const type of DINK_EXAMPLE_TYPES) {
      const notification = parsed(demoDinkPost(7, 9, MEMBER, AT, { type }).payload);
      expect(notification.type).toBe(type);
      expect(notification.playerName).toBe('Iron Tobi');
      expect(notification.content ?? '').not.toContain('Wise Rune');
    }
    expect(() => demoDinkPost(7, 9, MEMBER, AT, { type: 'NOT_A_TYPE' })).toThrow(
      'no notification type NOT_A_TYPE',
    );
  });

  it('come from members chosen by the seed and index, from every member over time', () => {
    expect(demoPoster(7, 5, CLAN)).toBe(demoPoster(7, 5, CLAN));
    const posters = new Set(Array.from({ length: 100 }, (_, index) => demoPoster(7, index, CLAN)));
    expect(posters).toEqual(new Set(CLAN));
    expect(demoPoster(7, 5, [])).toBeUndefined();
  });
});
