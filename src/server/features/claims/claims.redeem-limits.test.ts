import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLAIM_MESSAGES } from '#core/claims/claims.schema.ts';
import { REDEEM_LIMITS, REDEEM_WINDOW_MS } from '#core/claims/redeem-limits.ts';
import { createTestApp, createUser, loginAs, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { addClaimCode, addMember, playerClaims } from './claims.testing.ts';

const CODE = 'ABCDEFGHJKMNPQRS';
const WRONG = 'ABCDEFGHJKMNPQRT';
const GUESSER = '203.0.113.9';

for (const dialect of testDialects) {
  describe(`${dialect}: claim code guessing limits`, () => {
    let t: TestApp;
    let guesser: Record<string, string>;
    let owner: Record<string, string>;

    beforeEach(async () => {
      t = await createTestApp(dialect);
      await addMember(t, '42', 'Zezima');
      await addMember(t, '43', 'Woox');
      await createUser(t, 'guesser');
      await createUser(t, 'owner');
      guesser = { cookie: await loginAs(t, 'guesser') };
      owner = { cookie: await loginAs(t, 'owner') };
    });
    afterEach(async () => t.close());

    const redeem = (code: string, headers: Record<string, string>, remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: '/api/claims/redeem', payload: { code }, headers, remoteAddress });

    async function guessWrong(
      times: number,
      headers: Record<string, string>,
      address: (i: number) => string,
    ) {
      for (let i = 0; i < times; i += 1) {
        const response = await redeem(WRONG, headers, address(i));
        expect(response.json()).toEqual({ code: 'INVALID_CLAIM_CODE', message: CLAIM_MESSAGES.invalidCode });
      }
    }

    it('stops an address after ten wrong codes, whoever is signed in there, until its window ends', async () => {
      await addClaimCode(t, { code: CODE, wom_id: '42', expires_at: '2026-12-31T00:00:00.000Z' });
      await guessWrong(REDEEM_LIMITS.address.attempts, guesser, () => GUESSER);

      const refused = await redeem(CODE, owner, GUESSER);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        code: 'RATE_LIMITED',
        message: 'Too many claim code attempts. Try again in 15 minutes.',
      });
      expect(refused.headers['retry-after']).toBe(String(REDEEM_WINDOW_MS / 1000));
      expect(await playerClaims(t)).toEqual([]);

      // The owner elsewhere is not held up by a stranger's guesses.
      expect((await redeem(CODE, owner, '198.51.100.1')).statusCode).toBe(200);
      t.clock.advance(REDEEM_WINDOW_MS);
      expect((await redeem(WRONG, guesser, GUESSER)).statusCode).toBe(400);
    });

    it('stops an account after ten wrong codes, from whichever addresses they came', async () => {
      await guessWrong(REDEEM_LIMITS.account.attempts, guesser, (i) => `192.0.2.${i + 1}`);
      expect((await redeem(WRONG, guesser, '192.0.2.200')).statusCode).toBe(429);
      // Another account from a fresh address still gets its answer.
      expect((await redeem(WRONG, owner, '192.0.2.201')).statusCode).toBe(400);
    });

    it('counts an IPv6 client by its /64, so fresh addresses from one network do not reset the count', async () => {
      const other = await createUser(t, 'third');
      const third = { cookie: await loginAs(t, other.username) };
      await guessWrong(5, guesser, (i) => `2001:db8:1:2::${i + 1}`);
      await guessWrong(5, owner, (i) => `2001:db8:1:2::a${i}`);
      expect((await redeem(WRONG, third, '2001:db8:1:2:ffff::1')).statusCode).toBe(429);
    });

    it('takes a successful redemption back, so only wrong codes use up the allowance', async () => {
      await addClaimCode(t, { code: CODE, wom_id: '42' });
      await guessWrong(REDEEM_LIMITS.account.attempts - 1, guesser, () => GUESSER);
      expect((await redeem(CODE, guesser, GUESSER)).statusCode).toBe(200);
      await guessWrong(1, guesser, () => GUESSER);
      expect((await redeem(WRONG, guesser, GUESSER)).statusCode).toBe(429);
    });

    it('does not count an expired code or a claimed character as a guess: the code was real', async () => {
      await addClaimCode(t, { code: CODE, wom_id: '42', expires_at: '2026-11-21T11:00:00.000Z' });
      await addClaimCode(t, { code: 'ZZZZZZZZZZZZZZZZ', wom_id: '43', expires_at: null });
      await addClaimCode(t, { code: 'YYYYYYYYYYYYYYYY', wom_id: '43', expires_at: null });
      expect((await redeem('ZZZZZZZZZZZZZZZZ', owner, '198.51.100.1')).statusCode).toBe(200);
      for (let i = 0; i < REDEEM_LIMITS.account.attempts; i += 1) {
        expect((await redeem(CODE, guesser, GUESSER)).statusCode).toBe(400);
        expect((await redeem('YYYYYYYYYYYYYYYY', guesser, GUESSER)).statusCode).toBe(409);
      }
      await guessWrong(1, guesser, () => GUESSER);
    });
  });
}
