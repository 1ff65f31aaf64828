import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLAIM_MESSAGES } from '#core/claims/claims.schema.ts';
import { createTestApp, createUser, loginAs, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { signInRoles, type SignedInRoles } from '#test/roles.ts';
import { changedTables, dumpTables } from '#test/table-dump.ts';
import { addClaimCode, addMember, playerClaims, rosterClaimedFlags } from './claims.testing.ts';

/** The test app's clock. */
const NOW = '2026-11-21T12:00:00.000Z';
const CODE = 'ABCDEFGHJKMNPQRS';

for (const dialect of testDialects) {
  describe(`${dialect}: redeeming a claim code`, () => {
    let t: TestApp;
    let roles: SignedInRoles;

    beforeEach(async () => {
      t = await createTestApp(dialect);
      roles = await signInRoles(t);
      await addMember(t, '42', 'Zezima');
      await addMember(t, '43', 'Woox');
    });
    afterEach(async () => t.close());

    const redeem = (
      code: unknown,
      cookie: Record<string, string> = roles.headers('user'),
      remoteAddress = '198.51.100.7',
    ) =>
      t.app.inject({
        method: 'POST',
        url: '/api/claims/redeem',
        payload: { code },
        headers: cookie,
        remoteAddress,
      });

    async function secondUser(): Promise<{ id: number; headers: Record<string, string> }> {
      const user = await createUser(t, 'other');
      return { id: user.id, headers: { cookie: await loginAs(t, 'other') } };
    }

    async function storedCode(id: number) {
      const row = await t.database.db
        .selectFrom('claim_codes')
        .select(['is_claimed', 'claimed_by', 'claimed_at'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return { ...row, is_claimed: Boolean(row.is_claimed) };
    }

    it('tells a visitor to log in with 401, whatever they sent, and writes nothing', async () => {
      await addClaimCode(t, { code: CODE, wom_id: '42' });
      const before = await dumpTables(t.database.db);
      for (const payload of [{ code: CODE }, {}, { code: '' }]) {
        const response = await t.app.inject({ method: 'POST', url: '/api/claims/redeem', payload });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ code: 'UNAUTHENTICATED', message: CLAIM_MESSAGES.mustBeLoggedIn });
      }
      expect(changedTables(before, await dumpTables(t.database.db))).toEqual([]);
    });

    it('requires a code, and counts a missing one against no limit', async () => {
      const before = await dumpTables(t.database.db);
      for (const code of ['', '   ', undefined, ' - -- ']) {
        const response = await redeem(code);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ code: 'VALIDATION_ERROR', message: CLAIM_MESSAGES.codeRequired });
      }
      expect(changedTables(before, await dumpTables(t.database.db))).toEqual([]);
    });

    it('claims the character with a code typed in lower case with spaces and dashes, and the roster shows it claimed', async () => {
      const id = await addClaimCode(t, { code: CODE, wom_id: '42' });
      expect(await rosterClaimedFlags(t)).toEqual({ '42': false, '43': false });

      const response = await redeem('  abcd efgh-jkmn - pqrs ');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        message: 'Successfully claimed player: Zezima',
        character: {
          wom_id: '42',
          name: 'Zezima',
          wom_name: 'zezima',
          womrole: 'ruby',
          combat_level: 110,
          current_lvl: 2000,
          current_xp: 150_000_000,
          ehb: 250,
          siege_score: 7,
          claimed_at: NOW,
        },
      });
      expect(await storedCode(id)).toEqual({ is_claimed: true, claimed_by: roles.userId, claimed_at: NOW });
      expect(await playerClaims(t)).toEqual([{ user_id: roles.userId, wom_id: '42', claimed_at: NOW }]);
      expect(await rosterClaimedFlags(t)).toEqual({ '42': true, '43': false });
    });

    it('takes the code as the admin hands it out, in groups of four', async () => {
      await addClaimCode(t, { code: CODE, wom_id: '42' });
      const response = await redeem('ABCD-EFGH-JKMN-PQRS');
      expect(response.statusCode).toBe(200);
      expect(response.json().character.wom_id).toBe('42');
    });

    it('refuses a code that does not exist with 400 and claims nothing', async () => {
      await addClaimCode(t, { code: CODE, wom_id: '42' });
      const response = await redeem('ABCD-EFGH-JKMN-PQRT');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'INVALID_CLAIM_CODE', message: CLAIM_MESSAGES.invalidCode });
      expect(await playerClaims(t)).toEqual([]);
    });

    it('refuses a used code with 400, for its owner and for anyone else, even once it has expired', async () => {
      const id = await addClaimCode(t, { code: CODE, wom_id: '42' });
      expect((await redeem(CODE)).statusCode).toBe(200);
      const other = await secondUser();
      // Past its expiry too, a used code is first of all used.
      t.clock.set('2026-12-01T00:00:00.000Z');
      for (const headers of [roles.headers('user'), other.headers]) {
        const again = await redeem(CODE, headers);
        expect(again.statusCode).toBe(400);
        expect(again.json()).toEqual({ code: 'INVALID_CLAIM_CODE', message: CLAIM_MESSAGES.invalidCode });
      }
      expect((await storedCode(id)).claimed_by).toBe(roles.userId);
      expect(await playerClaims(t)).toEqual([{ user_id: roles.userId, wom_id: '42', claimed_at: NOW }]);
    });

    it('refuses a code from its expiry time on, and leaves it unused', async () => {
      const id = await addClaimCode(t, { code: CODE, wom_id: '42', expires_at: '2026-11-21T12:00:01.000Z' });
      t.clock.set('2026-11-21T12:00:01.000Z');
      const response = await redeem(CODE);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'VALIDATION_ERROR', message: CLAIM_MESSAGES.expiredCode });
      expect((await storedCode(id)).is_claimed).toBe(false);
      expect(await playerClaims(t)).toEqual([]);
    });

    it('accepts a code a moment before it expires', async () => {
      await addClaimCode(t, { code: CODE, wom_id: '42', expires_at: '2026-11-21T12:00:01.000Z' });
      expect((await redeem(CODE)).statusCode).toBe(200);
    });

    it('refuses a code for a character someone already claimed with 409, and the code stays unused', async () => {
      await addClaimCode(t, { code: CODE, wom_id: '42' });
      const second = await addClaimCode(t, { code: 'ZZZZZZZZZZZZZZZZ', wom_id: '42' });
      expect((await redeem(CODE)).statusCode).toBe(200);
      const other = await secondUser();
      const response = await redeem('ZZZZZZZZZZZZZZZZ', other.headers);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ code: 'CONFLICT', message: CLAIM_MESSAGES.alreadyClaimed });
      // The code was marked used in the transaction before the claim failed: the rollback undid it.
      expect(await storedCode(second)).toEqual({ is_claimed: false, claimed_by: null, claimed_at: null });
      expect(await playerClaims(t)).toEqual([{ user_id: roles.userId, wom_id: '42', claimed_at: NOW }]);
    });

    it("ends the character's pending requests with the claim: others' denied with a note they see, the claimer's own answered", async () => {
      await addClaimCode(t, { code: CODE, wom_id: '42' });
      const other = await secondUser();
      const ask = (womId: string, headers: Record<string, string>) =>
        t.app.inject({ method: 'POST', url: '/api/claim-requests', payload: { wom_id: womId }, headers });
      const theirs = (await ask('42', other.headers)).json<{ id: number }>().id;
      const elsewhere = (await ask('43', other.headers)).json<{ id: number }>().id;
      const mine = (await ask('42', roles.headers('user'))).json<{ id: number }>().id;
      t.clock.advance(60_000);
      const at = t.clock.now().toISOString();

      expect((await redeem(CODE)).statusCode).toBe(200);

      const requests = await t.database.db
        .selectFrom('claim_requests')
        .select(['id', 'status', 'admin_notes', 'reviewed_by', 'reviewed_at'])
        .orderBy('id')
        .execute();
      expect(requests).toEqual([
        {
          id: theirs,
          status: 'denied',
          admin_notes: CLAIM_MESSAGES.claimedByAnother,
          reviewed_by: null,
          reviewed_at: at,
        },
        { id: elsewhere, status: 'pending', admin_notes: null, reviewed_by: null, reviewed_at: null },
        {
          id: mine,
          status: 'approved',
          admin_notes: CLAIM_MESSAGES.claimedWithCode,
          reviewed_by: null,
          reviewed_at: at,
        },
      ]);
      const seen = await t.app.inject({ method: 'GET', url: '/api/claim-requests', headers: other.headers });
      expect(seen.json()).toContainEqual(
        expect.objectContaining({
          id: theirs,
          status: 'denied',
          admin_notes: 'Another account claimed this character.',
        }),
      );
      const audit = await t.database.db
        .selectFrom('audit_log')
        .select(['actor_user_id', 'target_id'])
        .where('action', '=', 'claim-request.close')
        .orderBy('target_id')
        .execute();
      expect(audit).toEqual(
        [theirs, mine].sort().map((id) => ({ actor_user_id: roles.userId, target_id: String(id) })),
      );
    });

    it('leaves pending requests as they were when the redemption is refused', async () => {
      await addClaimCode(t, { code: CODE, wom_id: '42', expires_at: NOW });
      const other = await secondUser();
      await t.app.inject({
        method: 'POST',
        url: '/api/claim-requests',
        payload: { wom_id: '42' },
        headers: other.headers,
      });
      const before = await dumpTables(t.database.db);
      expect((await redeem(CODE)).statusCode).toBe(400);
      expect(
        changedTables(before, await dumpTables(t.database.db)).filter((table) => table === 'claim_requests'),
      ).toEqual([]);
    });

    it('gives one of two simultaneous redemptions of one code the claim and the other the used-code message', async () => {
      await addClaimCode(t, { code: CODE, wom_id: '42' });
      const other = await secondUser();
      const responses = await Promise.all([redeem(CODE), redeem(CODE, other.headers)]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 400]);
      const loser = responses.find((response) => response.statusCode === 400)!;
      expect(loser.json()).toEqual({ code: 'INVALID_CLAIM_CODE', message: CLAIM_MESSAGES.invalidCode });
      const claims = await playerClaims(t);
      expect(claims).toHaveLength(1);
      const winner = responses.findIndex((response) => response.statusCode === 200);
      expect(claims[0]!.user_id).toBe(winner === 0 ? roles.userId : other.id);
    });

    it('lets an admin claim a character of their own', async () => {
      await addClaimCode(t, { code: CODE, wom_id: '43' });
      const response = await redeem(CODE, roles.headers('admin'));
      expect(response.statusCode).toBe(200);
      expect(await playerClaims(t)).toEqual([{ user_id: roles.adminId, wom_id: '43', claimed_at: NOW }]);
    });
  });
}
