import type { AdminMember } from '#core/members/admin-members.schema.ts';
import { playerWatchAlerts } from '../components/alerts-player-watch.tsx';
import { notInWomGroup } from './not-in-wom.ts';
import { rankMismatches } from './rank-mismatches.ts';

/**
 * How many items the Alerts tab lists from the roster, each with the same rule as its section:
 * reported members to review, rank updates, and members outside the WOM group (issue 29). The
 * whitelisted reports it also shows are settled, not items to act on.
 */
export function memberAlertCount(members: readonly AdminMember[]): number {
  return playerWatchAlerts(members).length + rankMismatches(members).length + notInWomGroup(members).length;
}
