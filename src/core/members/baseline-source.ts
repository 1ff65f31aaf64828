import { z } from 'zod';

/**
 * Where a member's baseline (`first_xp`, `first_lvl`) came from, most trusted first: a CSV the admin
 * imported (the clan's previous tracker), an admin's own edit, WOM's history at the join date, or
 * only the first time this site saw the member. Clan XP on a "first seen" baseline counts from the
 * day the site was installed, so it undercounts: it may prove a promotion, never a demotion.
 */
export const BASELINE_SOURCES = ['imported', 'admin', 'wom_history', 'first_seen'] as const;
export type BaselineSource = (typeof BASELINE_SOURCES)[number];

export const baselineSourceSchema = z.enum(BASELINE_SOURCES);

/** What a new member's baseline is until someone sets it: the column's default. */
export const FIRST_SEEN: BaselineSource = 'first_seen';

/** Fields whose change by hand makes the baseline the admin's. */
export const BASELINE_FIELDS = ['first_xp', 'first_lvl'] as const;

/** True when a change touches the baseline, so it now comes from whoever made the change. */
export function touchesBaseline(changes: Readonly<Record<string, unknown>>): boolean {
  return BASELINE_FIELDS.some((field) => changes[field] !== undefined);
}
