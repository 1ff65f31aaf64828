import { metricIcon } from '../metrics/metric-icons.ts';
import type { TileGoal } from './bingo.schema.ts';
import { itemMatcher } from './tile-progress.ts';

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

/** WOM's metric key for a boss as Dink names it ('Chambers of Xeric' → chambers_of_xeric), or null. */
export function womBossKey(name: string): string | null {
  const icon = metricIcon('boss', name);
  return icon?.source === 'served' ? icon.file : null;
}

/** A KILL_COUNT post's boss (as WOM keys it) and the kill count Dink reported; null for anything else. */
export function killOfPost(
  type: string,
  payload: unknown,
): { boss: string; label: string; count: number } | null {
  if (type !== 'KILL_COUNT') return null;
  const extra = record(record(payload).extra);
  const label = typeof extra.boss === 'string' ? extra.boss.trim() : '';
  const count = extra.count;
  const boss = label === '' ? null : womBossKey(label);
  if (boss === null || typeof count !== 'number' || !Number.isInteger(count) || count < 1) return null;
  return { boss, label, count };
}

/** What a post tells a team's tiles: one event per listed item it holds, or its kill count. */
export interface TileEventDraft {
  tile_id: number;
  label: string;
  amount: number;
  source_key: string;
}

/**
 * The tile events of one Dink post for the tiles of the poster's team: each item of the post that
 * an item tile lists (keyed by the post and the item's place in it, so a retry is the same event),
 * and a kill count for a kill tile of its boss.
 */
export function tileEventsOfPost(
  post: { type: string; payload: unknown; dedupe_key: string },
  tiles: ReadonlyArray<{ id: number; goal: TileGoal }>,
): TileEventDraft[] {
  const items = itemsOfPost(post.type, post.payload);
  const kill = killOfPost(post.type, post.payload);
  return tiles.flatMap((tile): TileEventDraft[] => {
    const { goal } = tile;
    if (goal.type === 'item') {
      const listed = itemMatcher(goal.items);
      return items.flatMap((item, index) =>
        listed(item.item_name, item.item_id)
          ? [
              {
                tile_id: tile.id,
                label: item.item_name,
                amount: item.quantity,
                source_key: `${post.dedupe_key}#${index}`,
              },
            ]
          : [],
      );
    }
    if (goal.type === 'kc' && kill !== null && kill.boss === goal.metric)
      return [{ tile_id: tile.id, label: kill.label, amount: kill.count, source_key: post.dedupe_key }];
    return [];
  });
}
