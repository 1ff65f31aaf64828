import type { AdminMember } from '#core/members/admin-members.schema.ts';

/**
 * A member the last sync did not find in the clan's WOM group though they never left it: added by
 * hand with a WOM id that is not in the group (issue 29). A member who left is not one.
 */
export const isOutsideWomGroup = (member: AdminMember) => member.not_in_wom && member.left_at === null;

/** The members outside the WOM group, by name, as the alerts list them. */
export function notInWomGroup(members: readonly AdminMember[]): AdminMember[] {
  return members.filter(isOutsideWomGroup).sort((a, b) => a.name.localeCompare(b.name));
}
