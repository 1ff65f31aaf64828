import { createContext } from 'react';

/**
 * The game icons the site holds, as the page has learned them (`files` is null until then), and how
 * a game icon asks to learn them. Without a provider (a component rendered alone) every icon is asked
 * for, and one the site lacks falls back when its request fails.
 */
export interface HeldIcons {
  files: ReadonlySet<string> | null;
  want(): void;
}

export const HeldIconsContext = createContext<HeldIcons | null>(null);
