import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_CAPS, CAP_MESSAGES } from '#core/users/account-caps.ts';
import { CREATION_LIMITS } from '#core/users/creation-limits.ts';
import { createTestApp, createUser, loginAs, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { addMember } from './claims.testing.ts';

const NOW = '2026-11-21T12:00:00.000Z';
const HOUR = 60 * 60 * 1000;
const requestLimit = { code: 'CLAIM_REQUEST_LIMIT', message: CAP_MESSAGES.pendingClaimRequests };
const MEMBERS = Array.from({ length: 9 }, (_, i) => String(100 + i));

for (const dialect of testDialects) {
  describe(`${dialect}: how many claim requests one account may have waiting`, () => {
    let t: TestApp;
    let alice: { id: number; cookie: string };

    beforeEach(async () => {
      t = await createTestApp(dialect);
      const user = await createUser(t, 'alice');
      alice = { id: user.id, cookie: await loginAs(t, 'alice') };
      for (const womId of MEMBERS) await addMember(t, womId, `Player ${womId}`);
    });
    afterEach(async () => t.close());

    const ask = (womId: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/claim-requests',
        headers: { cookie: alice.cookie },
        payload: { wom_id: womId },
      });

    async function addRequest(womId: string, status: 'pending' | 'approved' | 'denied') {
      await t.database.db
        .insertInto('claim_requests')
        .values({ user_id: alice.id, wom_id: womId, rsn: `Player ${womId}`, status, created_at: NOW })
        .execute();
    }

    const pendingOfAlice = async () =>
      (
        await t.database.db
          .selectFrom('claim_requests')
          .select('id')
          .where('user_id', '=', alice.id)
          .where('status', '=', 'pending')
          .execute()
      ).length;

    it('lets parallel requests reach exactly the cap and refuses the rest with CLAIM_REQUEST_LIMIT', async () => {
      await addRequest(MEMBERS[0]!, 'pending');
      const responses = await Promise.all(MEMBERS.slice(1).map((womId) => ask(womId)));
      const statuses = responses.map((r) => r.statusCode).sort();
      const room = ACCOUNT_CAPS.pendingClaimRequests - 1;
      expect(statuses).toEqual([...Array(room).fill(201), ...Array(MEMBERS.length - 1 - room).fill(409)]);
      for (const refused of responses.filter((r) => r.statusCode === 409)) {
        expect(refused.json()).toEqual(requestLimit);
      }
      expect(await pendingOfAlice()).toBe(ACCOUNT_CAPS.pendingClaimRequests);
    });

    it('counts only requests no admin has reviewed yet, and only the user’s own', async () => {
      await addRequest(MEMBERS[0]!, 'approved');
      await addRequest(MEMBERS[1]!, 'denied');
      await addRequest(MEMBERS[2]!, 'pending');
      await addRequest(MEMBERS[3]!, 'pending');
      const bob = await createUser(t, 'bob');
      await t.database.db
        .insertInto('claim_requests')
        .values({ user_id: bob.id, wom_id: MEMBERS[4]!, rsn: 'x', status: 'pending', created_at: NOW })
        .execute();

      expect((await ask(MEMBERS[5]!)).statusCode).toBe(201);
      expect((await ask(MEMBERS[6]!)).json()).toEqual(requestLimit);
    });

    it('counts every request a user makes, even reviewed ones, and answers 429 past 10 in an hour', async () => {
      for (let i = 0; i < CREATION_LIMITS.claimRequest.account.attempts; i += 1) {
        expect((await ask(MEMBERS[i % MEMBERS.length]!)).statusCode).toBe(201);
        // An admin turns it down at once, so the cap never stands in the way.
        await t.database.db.updateTable('claim_requests').set({ status: 'denied' }).execute();
      }

      const refused = await ask(MEMBERS[0]!);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        code: 'RATE_LIMITED',
        message: 'Too many claim request attempts. Try again in 60 minutes.',
      });

      t.clock.advance(HOUR);
      expect((await ask(MEMBERS[0]!)).statusCode).toBe(201);
    });
  });
}
