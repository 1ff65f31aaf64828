/** A count on a dashboard tab, what it counts in words (for the tab's name), and its colours. */
export interface TabBadge {
  count: number;
  meaning: string;
  tone: string;
}

/** The tab's accessible name with its count ('Claims, 2 pending'); the label alone without one. */
export function tabBadgeLabel(label: string, badge: TabBadge | undefined): string | undefined {
  return badge && badge.count > 0 ? `${label}, ${badge.count} ${badge.meaning}` : undefined;
}

/** The count, shown only when above 0; the tab's name already says it to a screen reader. */
export function TabBadgeCount({ badge }: { badge: TabBadge | undefined }) {
  if (!badge || badge.count === 0) return null;
  return (
    <span aria-hidden="true" className={`ml-2 rounded-full px-2 py-0.5 text-xs font-bold ${badge.tone}`}>
      {badge.count}
    </span>
  );
}
