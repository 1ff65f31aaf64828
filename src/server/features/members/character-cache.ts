/** Gets a member's page for the current key, building it when it is not held. */
export interface CharacterPagesCache<T> {
  (key: string, womId: string, build: () => Promise<T | null>): Promise<T | null>;
  /** The page already built for this key, without waiting; undefined while none is. */
  ready(key: string, womId: string): T | undefined;
}

/**
 * Members' pages, each built once per key (data revisions and day) and kept until the key moves: all
 * of them are stale then, so the whole set goes. At most `limit` pages are held, the oldest built
 * going first. A miss (an unknown or hidden id) and a failed build are not kept, so asking for
 * made-up ids cannot grow the set and the next request tries again.
 */
export function characterPagesCache<T>(limit: number): CharacterPagesCache<T> {
  let heldKey = '';
  let pages = new Map<string, Promise<T | null>>();
  let built = new Map<string, T>();
  const get = (key: string, womId: string, build: () => Promise<T | null>) => {
    if (key !== heldKey) {
      heldKey = key;
      pages = new Map();
      built = new Map();
    }
    const held = pages.get(womId);
    if (held) return held;
    const entry = build();
    const forKey = pages;
    forKey.set(womId, entry);
    // A Map iterates in insertion order: its first key is the oldest page.
    if (forKey.size > limit) {
      const oldest = forKey.keys().next().value ?? womId;
      forKey.delete(oldest);
      built.delete(oldest);
    }
    const forBuilt = built;
    const forget = () => {
      if (forKey.get(womId) === entry) forKey.delete(womId);
    };
    entry.then((body) => {
      if (body === null) forget();
      else if (forKey.get(womId) === entry) forBuilt.set(womId, body);
    }, forget);
    return entry;
  };
  return Object.assign(get, {
    ready: (key: string, womId: string) => (key === heldKey ? built.get(womId) : undefined),
  });
}
