/** One item a Dink post reports, as an item tile reads it. */
export interface PostedItem {
  item_name: string;
  item_id: number | null;
  quantity: number;
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

const idOf = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;

/** Most items one post can count: a huge loot pile of junk is still one post. */
const ITEMS_PER_POST = 100;

/**
 * The items a LOOT or COLLECTION post reports (Dink's `extra.items` of a drop, or the one new
 * collection-log slot); none for any other type or for entries without a name. Quantities are whole
 * and at least 1.
 */
export function itemsOfPost(type: string, payload: unknown): PostedItem[] {
  const extra = record(record(payload).extra);
  if (type === 'COLLECTION') {
    const name = extra.itemName;
    return typeof name === 'string' && name.trim() !== ''
      ? [{ item_name: name, item_id: idOf(extra.itemId), quantity: 1 }]
      : [];
  }
  if (type !== 'LOOT' || !Array.isArray(extra.items)) return [];
  return extra.items.slice(0, ITEMS_PER_POST).flatMap((entry: unknown) => {
    const item = record(entry);
    if (typeof item.name !== 'string' || item.name.trim() === '') return [];
    const quantity =
      typeof item.quantity === 'number' && Number.isFinite(item.quantity) ? Math.floor(item.quantity) : 1;
    return [{ item_name: item.name, item_id: idOf(item.id), quantity: Math.max(1, quantity) }];
  });
}
