import { describe, expect, it } from 'vitest';
import collection from '../../server/demo/dink-payloads/collection.json' with { type: 'json' };
import loot from '../../server/demo/dink-payloads/loot.json' with { type: 'json' };
import { itemsOfPost } from './dink-drops.ts';

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
});
