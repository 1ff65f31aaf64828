import { describe, expect, it } from 'vitest';
import { ACCOUNT_CAPS, CAP_MESSAGES, hasRoomUnder } from './account-caps.ts';

describe('account caps', () => {
  it('lets an account reach each cap and refuses the one past it', () => {
    for (const cap of Object.keys(ACCOUNT_CAPS) as Array<keyof typeof ACCOUNT_CAPS>) {
      expect(hasRoomUnder(cap, ACCOUNT_CAPS[cap] - 1), cap).toBe(true);
      expect(hasRoomUnder(cap, ACCOUNT_CAPS[cap]), cap).toBe(false);
    }
  });

  it('holds 25 open races a user created, 50 active goals a character and 3 pending claim requests', () => {
    expect(ACCOUNT_CAPS).toEqual({ openRaces: 25, activeGoalsPerCharacter: 50, pendingClaimRequests: 3 });
  });

  it('names the number in each refusal', () => {
    expect(CAP_MESSAGES.openRaces).toContain('25 races');
    expect(CAP_MESSAGES.activeGoalsPerCharacter).toContain('50 active goals');
    expect(CAP_MESSAGES.pendingClaimRequests).toContain('3 claim requests');
  });
});
