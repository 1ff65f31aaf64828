/** Gets a member's page for the current key, building it when it is not held. */
export type CharacterPagesCache<T> = (
  key: string,
  womId: string,
  build: () => Promise<T | null>,
) => Promise<T | null>;

/**
 * Members' pages, each built once per key (data revisions and day) and kept until the key moves: all
 * of them are stale then, so the whole set goes. At most `limit` pages are held, the oldest built
 * going first. A miss (an unknown or hidden id) and a failed build are not kept, so asking for
 * made-up ids cannot grow the set and the next request tries again.
 */
export function characterPagesCache<T>(limit: number): CharacterPagesCache<T> {
  let heldKey = '';
  let pages = new Map<string, Promise<T | null>>();
  return (key, womId, build) => {
    if (key !== heldKey) {
      heldKey = key;
      pages = new Map();
    }
    const held = pages.get(womId);
    if (held) return held;
    const entry = build();
    const forKey = pages;
    forKey.set(womId, entry);
    // A Map iterates in insertion order: its first key is the oldest page.
    if (forKey.size > limit) forKey.delete(forKey.keys().next().value ?? womId);
    const forget = () => {
      if (forKey.get(womId) === entry) forKey.delete(womId);
    };
    entry.then((body) => {
      if (body === null) forget();
    }, forget);
    return entry;
  };
}
