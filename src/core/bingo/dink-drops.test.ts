import { describe, expect, it } from 'vitest';
import collection from '../../server/demo/dink-payloads/collection.json' with { type: 'json' };
import loot from '../../server/demo/dink-payloads/loot.json' with { type: 'json' };
import killCount from '../../server/demo/dink-payloads/kill_count.json' with { type: 'json' };
import { itemsOfPost, killOfPost, tileEventsOfPost } from './dink-drops.ts';

describe("the items of Dink's posts", () => {
  it("reads a LOOT post's items with their ids and quantities", () => {
    const items = itemsOfPost('LOOT', loot);
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(item.item_name).not.toBe('');
      expect(item.quantity).toBeGreaterThanOrEqual(1);
    }
  });

  it("reads a COLLECTION post's one new slot", () => {
    expect(itemsOfPost('COLLECTION', collection)).toEqual([
      { item_name: collection.extra.itemName, item_id: collection.extra.itemId, quantity: 1 },
    ]);
  });

  it('reads nothing from other types or from entries without a name, and a bad quantity as 1', () => {
    expect(itemsOfPost('PET', loot)).toEqual([]);
    expect(
      itemsOfPost('LOOT', { extra: { items: [{ id: 1 }, 'junk', { name: 'Coins', quantity: 'lots' }] } }),
    ).toEqual([{ item_name: 'Coins', item_id: null, quantity: 1 }]);
    expect(itemsOfPost('LOOT', null)).toEqual([]);
  });

  it("reads a KILL_COUNT post's boss as WOM keys it, and its count", () => {
    expect(killOfPost('KILL_COUNT', killCount)).toEqual({
      boss: 'chambers_of_xeric',
      label: 'Chambers of Xeric',
      count: killCount.extra.count,
    });
    expect(killOfPost('KILL_COUNT', { extra: { boss: 'Not a boss', count: 3 } })).toBeNull();
    expect(killOfPost('KILL_COUNT', { extra: { boss: 'Zulrah', count: 0 } })).toBeNull();
  });

  it("turns a post into events for the team's tiles it tells of, keyed so a retry is the same", () => {
    const tiles = [
      { id: 1, goal: { type: 'item' as const, items: [collection.extra.itemName], count: 1 } },
      { id: 2, goal: { type: 'item' as const, items: ['Nothing like it'], count: 1 } },
      { id: 3, goal: { type: 'kc' as const, metric: 'chambers_of_xeric', count: 5 } },
      { id: 4, goal: { type: 'manual' as const } },
    ];
    expect(tileEventsOfPost({ type: 'COLLECTION', payload: collection, dedupe_key: 'k' }, tiles)).toEqual([
      { tile_id: 1, label: collection.extra.itemName, amount: 1, source_key: 'k#0' },
    ]);
    expect(tileEventsOfPost({ type: 'KILL_COUNT', payload: killCount, dedupe_key: 'q' }, tiles)).toEqual([
      { tile_id: 3, label: 'Chambers of Xeric', amount: killCount.extra.count, source_key: 'q' },
    ]);
  });
});
