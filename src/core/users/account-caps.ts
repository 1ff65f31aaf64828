/**
 * What one account may hold at once, so that a free account cannot bloat the site: each is counted
 * in the transaction that would add one more, so parallel requests cannot pass it together.
 */
export const ACCOUNT_CAPS = {
  /** Races the user created that have not ended (no end date, or one still ahead). */
  openRaces: 25,
  /** The user's goals on one character that are not completed. */
  activeGoalsPerCharacter: 50,
  /** The user's claim requests that no admin has reviewed yet. */
  pendingClaimRequests: 3,
} as const;

export type AccountCap = keyof typeof ACCOUNT_CAPS;

/** The error code each cap answers with (409), so a script can tell which one it met. */
export const CAP_CODES = {
  openRaces: 'RACE_LIMIT',
  activeGoalsPerCharacter: 'GOAL_LIMIT',
  pendingClaimRequests: 'CLAIM_REQUEST_LIMIT',
} as const satisfies Record<AccountCap, string>;

/** What the user reads when a cap refuses, with what to do about it. */
export const CAP_MESSAGES = {
  openRaces: `You already have ${ACCOUNT_CAPS.openRaces} races that have not ended. Delete one or wait for one to end before starting another.`,
  activeGoalsPerCharacter: `This character already has ${ACCOUNT_CAPS.activeGoalsPerCharacter} active goals. Complete or delete one before setting another.`,
  pendingClaimRequests: `You already have ${ACCOUNT_CAPS.pendingClaimRequests} claim requests waiting for an admin. Wait for one to be reviewed before asking again.`,
} as const satisfies Record<AccountCap, string>;

/** Whether an account holding `held` of what the cap counts may add one more. */
export function hasRoomUnder(cap: AccountCap, held: number): boolean {
  return held < ACCOUNT_CAPS[cap];
}
