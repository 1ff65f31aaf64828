/**
 * WOM lists a player it has never updated with `type: "unknown"`, no snapshot and zeros everywhere
 * (fixtures/wom-recorded/player-by-id.never-updated.json): their levels and XP are not known yet,
 * not 0.
 */
export const NOT_TRACKED_TEXT = 'Not tracked by Wise Old Man yet';

export function isTrackedByWom(member: { wom_account_type: string | null }): boolean {
  return member.wom_account_type !== 'unknown';
}
