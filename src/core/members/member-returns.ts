import { z } from 'zod';

/**
 * A member's return to the clan (issue 29). WOM dates a member who left and rejoined by their new
 * membership; the site keeps the first join date and records the return, so the clan's history and
 * anniversaries are not reset, and the admin chooses which date counts.
 */
export const memberReturnSchema = z.object({
  /** When the site saw the member leave; null when they left and came back between two syncs. */
  left_at: z.string().nullable(),
  /** The day they were back: WOM's date of the new membership, else the sync that found them. */
  returned_on: z.string(),
  /** The join date they had before this return. */
  joined_before: z.string().nullable(),
});
export type MemberReturn = z.infer<typeof memberReturnSchema>;

/** The two join dates an admin chooses between once a member has returned; null before any return. */
export interface JoinDateChoice {
  first_joined: string;
  returned_on: string;
}

/** From the member's returns, oldest first: the first join date on record and the latest return. */
export function joinDateChoice(returns: readonly MemberReturn[]): JoinDateChoice | null {
  const first = returns.find((item) => item.joined_before !== null)?.joined_before;
  const latest = returns.at(-1);
  if (first === undefined || first === null || latest === undefined) return null;
  return { first_joined: first, returned_on: latest.returned_on };
}

/**
 * Whether WOM's group says the member came back: the site saw them leave, or WOM now dates their
 * membership later than it did (they left and rejoined between two syncs, and WOM made a new
 * membership). A date WOM learns later from RuneLite's clan sync is earlier, never a return.
 */
export function isReturn(
  stored: { left_at: string | null; wom_join_date_synced: string | null },
  incomingJoinDate: string | null,
): boolean {
  if (stored.left_at !== null) return true;
  return (
    stored.wom_join_date_synced !== null &&
    incomingJoinDate !== null &&
    incomingJoinDate > stored.wom_join_date_synced
  );
}
