/**
 * How far a team is on an item tile (issue 31), from the drops Dink reported: only drops inside the
 * board's window, by members of the team, and each post once (Dink retries a post it could not
 * deliver, and every player in a party may post the same split drop: each player's post counts once,
 * never once per teammate who saw it).
 */

export interface ItemDrop {
  /** The WOM id of the member whose Dink posted it. */
  wom_id: string;
  item_name: string;
  item_id: number | null;
  quantity: number;
  /** When the drop happened (the post's time), ISO. */
  at: string;
  /** The post's identity for this player: the same post delivered twice has the same key. */
  key: string;
}

export interface ItemProgress {
  progress: number;
  /** The drop that brought the count to what the tile requires, whose screenshot is the proof. */
  completedBy: ItemDrop | null;
}

/** The lowercase, single-spaced form item names are compared in ('Dragon  Warhammer' = 'dragon warhammer'). */
const itemKey = (name: string) => name.trim().toLowerCase().replace(/\s+/g, ' ');

/** A listed item matches by name, or by id when the list gives a number. */
function matcher(items: readonly string[]): (drop: ItemDrop) => boolean {
  const names = new Set(items.map(itemKey));
  return (drop) =>
    names.has(itemKey(drop.item_name)) || (drop.item_id !== null && names.has(String(drop.item_id)));
}

export function itemProgress(
  goal: { items: readonly string[]; count: number },
  drops: readonly ItemDrop[],
  window: { starts_at: string; ends_at: string },
  team: ReadonlySet<string>,
): ItemProgress {
  const from = Date.parse(window.starts_at);
  const to = Date.parse(window.ends_at);
  const listed = matcher(goal.items);
  const seen = new Set<string>();
  const counted = drops
    .filter((drop) => {
      const at = Date.parse(drop.at);
      return at >= from && at < to && team.has(drop.wom_id) && listed(drop);
    })
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || a.key.localeCompare(b.key))
    .filter((drop) => {
      const once = `${drop.wom_id}|${drop.key}`;
      if (seen.has(once)) return false;
      seen.add(once);
      return true;
    });
  let progress = 0;
  let completedBy: ItemDrop | null = null;
  for (const drop of counted) {
    progress += Math.max(1, Math.floor(drop.quantity));
    if (completedBy === null && progress >= goal.count) completedBy = drop;
  }
  return { progress, completedBy };
}

/** A WOM gain tile (kills or XP): the team's members' gains over the window, summed. */
export function gainProgress(gains: ReadonlyMap<string, number>, team: ReadonlySet<string>): number {
  let total = 0;
  for (const womId of team) total += Math.max(0, gains.get(womId) ?? 0);
  return total;
}
