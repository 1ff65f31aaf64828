/**
 * How far a team is on a tile (issue 31). What Dink reports is kept as tile events: only posts inside
 * the board's window, by members of the team, and each post once per player (Dink retries a post it
 * could not deliver, and every player in a party may post the same split drop: each player's post
 * counts once, never once per teammate who saw it).
 */

export interface TileEvent {
  /** The WOM id of the member whose Dink posted it. */
  wom_id: string;
  /** An item's quantity, or the kill count Dink reported. */
  amount: number;
  /** When it happened (the post's time), ISO. */
  at: string;
  /** The post's identity for this player: the same post delivered twice has the same key. */
  key: string;
  /** The post's screenshot, the proof of a tile it completes. */
  image_id: number | null;
}

export interface TileProgress {
  progress: number;
  /** The event that brought the count to what the tile requires: its screenshot is the proof. */
  completedBy: TileEvent | null;
}

/** The lowercase, single-spaced form item names are compared in ('Dragon  Warhammer' = 'dragon warhammer'). */
const itemKey = (name: string) => name.trim().toLowerCase().replace(/\s+/g, ' ');

/** Whether an item a post names is one of a tile's: by name, or by id when the list gives a number. */
export function itemMatcher(items: readonly string[]): (name: string, id: number | null) => boolean {
  const names = new Set(items.map(itemKey));
  return (name, id) => names.has(itemKey(name)) || (id !== null && names.has(String(id)));
}

/** The events that count: inside the window, by the team, once per player and post, oldest first. */
function countedEvents(
  events: readonly TileEvent[],
  window: { starts_at: string; ends_at: string },
  team: ReadonlySet<string>,
): TileEvent[] {
  const from = Date.parse(window.starts_at);
  const to = Date.parse(window.ends_at);
  const seen = new Set<string>();
  return events
    .filter((event) => {
      const at = Date.parse(event.at);
      return at >= from && at < to && team.has(event.wom_id);
    })
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || a.key.localeCompare(b.key))
    .filter((event) => {
      const once = `${event.wom_id}|${event.key}`;
      if (seen.has(once)) return false;
      seen.add(once);
      return true;
    });
}

/** An item tile: the quantities of its listed items the team's members received. */
export function itemProgress(
  count: number,
  events: readonly TileEvent[],
  window: { starts_at: string; ends_at: string },
  team: ReadonlySet<string>,
): TileProgress {
  let progress = 0;
  let completedBy: TileEvent | null = null;
  for (const event of countedEvents(events, window, team)) {
    progress += Math.max(1, Math.floor(event.amount));
    if (completedBy === null && progress >= count) completedBy = event;
  }
  return { progress, completedBy };
}

/** A WOM gain tile (kills or XP): the team's members' gains over the window, summed. */
export function gainProgress(gains: ReadonlyMap<string, number>, team: ReadonlySet<string>): number {
  let total = 0;
  for (const womId of team) total += Math.max(0, gains.get(womId) ?? 0);
  return total;
}

/**
 * A kill tile: each member's kills from WOM's gains where WOM measured the member's kills at the
 * start, else from Dink's kill counts (the last count in the window less the first, plus the first
 * kill itself). The proof is the Dink post that brought the team to the count, if one did.
 */
export function killProgress(
  count: number,
  womGains: ReadonlyMap<string, number>,
  events: readonly TileEvent[],
  window: { starts_at: string; ends_at: string },
  team: ReadonlySet<string>,
): TileProgress {
  let progress = 0;
  for (const womId of team) {
    const gain = womGains.get(womId);
    if (gain !== undefined) progress += Math.max(0, gain);
  }
  if (progress >= count) return { progress, completedBy: null };
  const first = new Map<string, number>();
  const credited = new Map<string, number>();
  let completedBy: TileEvent | null = null;
  for (const event of countedEvents(events, window, team)) {
    if (womGains.has(event.wom_id)) continue;
    const start = first.get(event.wom_id) ?? event.amount;
    first.set(event.wom_id, start);
    const before = credited.get(event.wom_id) ?? 0;
    const now = Math.max(before, event.amount - start + 1);
    credited.set(event.wom_id, now);
    progress += now - before;
    if (completedBy === null && progress >= count) completedBy = event;
  }
  return { progress, completedBy };
}
