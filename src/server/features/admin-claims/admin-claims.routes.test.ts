import type { InjectOptions } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLAIM_CODE_EXPIRY_IN_PAST } from '#core/claims/claim-code-expiry.ts';
import { CLAIM_MESSAGES } from '#core/claims/claims.schema.ts';
import { createTestApp, createUser, loginAs, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { signInRoles, type SignedInRoles } from '#test/roles.ts';
import { changedTables, dumpTables } from '#test/table-dump.ts';
import { addClaimCode, addMember, playerClaims, rosterClaimedFlags } from '../claims/claims.testing.ts';

/** The test app's clock. */
const NOW = '2026-11-21T12:00:00.000Z';
const IN_A_WEEK = '2026-11-28T12:00:00.000Z';
const DISPLAYED_CODE = /^[0-9A-HJKMNP-TV-Z]{4}(?:-[0-9A-HJKMNP-TV-Z]{4}){3}$/;

for (const dialect of testDialects) {
  describe(`${dialect}: admin claims API`, () => {
    let t: TestApp;
    let roles: SignedInRoles;

    beforeEach(async () => {
      t = await createTestApp(dialect);
      roles = await signInRoles(t);
      await addMember(t, '42', 'Zezima');
      await addMember(t, '43', 'Woox');
    });
    afterEach(async () => t.close());

    /** An admin's request; every answer under /api/admin must be kept by no cache. */
    async function asAdmin(options: InjectOptions) {
      const response = await roles.as('admin', options);
      expect(response.headers['cache-control']).toBe('no-store');
      return response;
    }

    const review = (id: number, payload: object) =>
      asAdmin({ method: 'PATCH', url: `/api/admin/claim-requests/${id}`, payload });
    const createCode = (payload: object) =>
      asAdmin({ method: 'POST', url: '/api/admin/claim-codes', payload });

    async function requestFromUser(womId: string, message?: string): Promise<number> {
      const response = await roles.as('user', {
        method: 'POST',
        url: '/api/claim-requests',
        payload: { wom_id: womId, message },
      });
      expect(response.statusCode).toBe(201);
      return response.json<{ id: number }>().id;
    }

    async function auditRows(action: string) {
      return t.database.db.selectFrom('audit_log').selectAll().where('action', '=', action).execute();
    }

    async function storedRequest(id: number) {
      return t.database.db
        .selectFrom('claim_requests')
        .select(['status', 'admin_notes', 'reviewed_by', 'reviewed_at'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    }

    const routes = [
      { method: 'GET' as const, url: '/api/admin/claim-requests' },
      { method: 'PATCH' as const, url: '/api/admin/claim-requests/1', payload: { status: 'approved' } },
      { method: 'GET' as const, url: '/api/admin/claim-codes' },
      { method: 'POST' as const, url: '/api/admin/claim-codes', payload: { wom_id: '42' } },
      { method: 'DELETE' as const, url: '/api/admin/claim-codes/1' },
    ];

    for (const route of routes) {
      it(`rejects a visitor with 401 and a plain user with 403 on ${route.method} ${route.url}, writing nothing`, async () => {
        await requestFromUser('42');
        await addClaimCode(t, { code: 'ABCDEFGHJKMNPQRS', wom_id: '43' });
        const before = await dumpTables(t.database.db);
        const visitor = await t.app.inject(route);
        expect(visitor.statusCode).toBe(401);
        expect(visitor.headers['cache-control']).toBe('no-store');
        const user = await roles.as('user', route);
        expect(user.statusCode).toBe(403);
        expect(user.headers['cache-control']).toBe('no-store');
        expect(user.body).not.toContain('ABCD');
        expect(changedTables(before, await dumpTables(t.database.db))).toEqual([]);
      });
    }

    describe('claim requests', () => {
      it('lists every request newest first, or those of one status', async () => {
        const first = await requestFromUser('42');
        t.clock.advance(60_000);
        const second = await requestFromUser('43');
        await review(first, { status: 'denied' });

        const all = await asAdmin({ method: 'GET', url: '/api/admin/claim-requests' });
        expect(all.statusCode).toBe(200);
        expect(all.json().map((r: { id: number; username: string }) => [r.id, r.username])).toEqual([
          [second, 'pleb'],
          [first, 'pleb'],
        ]);
        const pending = await asAdmin({ method: 'GET', url: '/api/admin/claim-requests?status=pending' });
        expect(pending.json().map((r: { id: number }) => r.id)).toEqual([second]);
        const denied = await asAdmin({ method: 'GET', url: '/api/admin/claim-requests?status=denied' });
        expect(denied.json().map((r: { id: number }) => r.id)).toEqual([first]);
        const bad = await asAdmin({ method: 'GET', url: '/api/admin/claim-requests?status=maybe' });
        expect(bad.statusCode).toBe(400);
      });

      it('approves a request: the user owns the character at once, the roster shows it, and the log has a row', async () => {
        const id = await requestFromUser('42', 'my main');
        expect(await rosterClaimedFlags(t)).toEqual({ '42': false, '43': false });
        t.clock.advance(60_000);
        const at = t.clock.now().toISOString();

        const response = await review(id, { status: 'approved', admin_notes: '  Checked in game  ' });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({
          id,
          user_id: roles.userId,
          username: 'pleb',
          wom_id: '42',
          rsn: 'Zezima',
          message: 'my main',
          status: 'approved',
          admin_notes: 'Checked in game',
          created_at: NOW,
          reviewed_at: at,
        });
        expect(await storedRequest(id)).toEqual({
          status: 'approved',
          admin_notes: 'Checked in game',
          reviewed_by: roles.adminId,
          reviewed_at: at,
        });
        expect(await playerClaims(t)).toEqual([{ user_id: roles.userId, wom_id: '42', claimed_at: at }]);
        expect(await rosterClaimedFlags(t)).toEqual({ '42': true, '43': false });
        const characters = await roles.as('user', { method: 'GET', url: '/api/me/characters' });
        expect(characters.json().map((c: { wom_id: string }) => c.wom_id)).toEqual(['42']);

        const audit = await auditRows('claim-request.approve');
        expect(audit).toHaveLength(1);
        expect(audit[0]).toMatchObject({
          actor_user_id: roles.adminId,
          actor_label: 'boss',
          target_type: 'claim_request',
          target_id: String(id),
        });
        expect(JSON.parse(audit[0]!.before!).status).toBe('pending');
        expect(JSON.parse(audit[0]!.after!)).toEqual(response.json());
      });

      it('denies a request with notes, claiming nothing', async () => {
        const id = await requestFromUser('42');
        const response = await review(id, { status: 'denied', admin_notes: 'Not your account' });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({
          status: 'denied',
          admin_notes: 'Not your account',
          reviewed_at: NOW,
        });
        expect(await storedRequest(id)).toMatchObject({ reviewed_by: roles.adminId });
        expect(await playerClaims(t)).toEqual([]);
        expect(await auditRows('claim-request.deny')).toHaveLength(1);
        const mine = await roles.as('user', { method: 'GET', url: '/api/claim-requests' });
        expect(mine.json()).toEqual([
          expect.objectContaining({ id, status: 'denied', admin_notes: 'Not your account' }),
        ]);
      });

      it('refuses to review a request twice with 409, changing nothing', async () => {
        const approved = await requestFromUser('42');
        const denied = await requestFromUser('43');
        await review(approved, { status: 'approved' });
        await review(denied, { status: 'denied', admin_notes: 'first' });
        const before = await dumpTables(t.database.db);
        for (const [id, status] of [
          [approved, 'denied'],
          [denied, 'approved'],
          [denied, 'denied'],
        ] as const) {
          const response = await review(id, { status, admin_notes: 'second' });
          expect(response.statusCode).toBe(409);
          expect(response.json()).toEqual({
            code: 'CONFLICT',
            message: CLAIM_MESSAGES.requestAlreadyReviewed,
          });
        }
        expect(changedTables(before, await dumpTables(t.database.db))).toEqual([]);
      });

      it("denies other users' pending requests for the character when one is approved, in the same transaction", async () => {
        const other = await createUser(t, 'other');
        const otherHeaders = { cookie: await loginAs(t, 'other') };
        const theirs = await t.app.inject({
          method: 'POST',
          url: '/api/claim-requests',
          payload: { wom_id: '42' },
          headers: otherHeaders,
        });
        const theirId = theirs.json<{ id: number }>().id;
        const approved = await requestFromUser('42');
        const unrelated = await requestFromUser('43');
        t.clock.advance(60_000);
        const at = t.clock.now().toISOString();

        expect((await review(approved, { status: 'approved' })).statusCode).toBe(200);

        expect(await storedRequest(theirId)).toEqual({
          status: 'denied',
          admin_notes: CLAIM_MESSAGES.claimedByAnother,
          reviewed_by: null,
          reviewed_at: at,
        });
        expect((await storedRequest(unrelated)).status).toBe('pending');
        const seen = await t.app.inject({ method: 'GET', url: '/api/claim-requests', headers: otherHeaders });
        expect(seen.json()).toEqual([
          expect.objectContaining({
            id: theirId,
            user_id: other.id,
            status: 'denied',
            admin_notes: 'Another account claimed this character.',
          }),
        ]);
        const pending = await asAdmin({ method: 'GET', url: '/api/admin/claim-requests?status=pending' });
        expect(pending.json().map((r: { id: number }) => r.id)).toEqual([unrelated]);
        const closed = await auditRows('claim-request.close');
        expect(closed).toHaveLength(1);
        expect(closed[0]).toMatchObject({
          actor_user_id: roles.adminId,
          target_type: 'claim_request',
          target_id: String(theirId),
        });
        expect(JSON.parse(closed[0]!.after!)).toEqual({
          status: 'denied',
          admin_notes: CLAIM_MESSAGES.claimedByAnother,
        });
      });

      it('refuses an approval when the character was claimed meanwhile, and the request stays pending', async () => {
        const id = await requestFromUser('42');
        await t.database.db
          .insertInto('player_claims')
          .values({ user_id: roles.adminId, wom_id: '42', claimed_at: NOW })
          .execute();
        const before = await dumpTables(t.database.db);
        const response = await review(id, { status: 'approved' });
        expect(response.statusCode).toBe(409);
        expect(response.json()).toEqual({ code: 'CONFLICT', message: CLAIM_MESSAGES.alreadyClaimed });
        expect(await storedRequest(id)).toEqual({
          status: 'pending',
          admin_notes: null,
          reviewed_by: null,
          reviewed_at: null,
        });
        expect(changedTables(before, await dumpTables(t.database.db))).toEqual([]);
      });

      it('gives one of two simultaneous reviews of a request the review and the other 409', async () => {
        const id = await requestFromUser('42');
        const responses = await Promise.all([
          review(id, { status: 'approved' }),
          review(id, { status: 'denied' }),
        ]);
        expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
        const { status } = responses
          .find((response) => response.statusCode === 200)!
          .json<{ status: string }>();
        expect((await storedRequest(id)).status).toBe(status);
        expect(await auditRows('claim-request.approve')).toHaveLength(status === 'approved' ? 1 : 0);
        expect(await auditRows('claim-request.deny')).toHaveLength(status === 'denied' ? 1 : 0);
        expect(await playerClaims(t)).toHaveLength(status === 'approved' ? 1 : 0);
      });

      it('answers 404 for a request that does not exist', async () => {
        const response = await review(999, { status: 'approved' });
        expect(response.statusCode).toBe(404);
        expect(response.json().code).toBe('NOT_FOUND');
      });

      it('refuses a review that is neither an approval nor a denial with 400', async () => {
        const id = await requestFromUser('42');
        for (const payload of [
          { status: 'pending' },
          {},
          { status: 'approved', admin_notes: 'x'.repeat(1001) },
        ]) {
          expect((await review(id, payload)).statusCode).toBe(400);
        }
        expect((await storedRequest(id)).status).toBe('pending');
      });
    });

    describe('claim codes', () => {
      it('makes a random code in groups of four, valid for 7 days, stored without dashes, with an audit row that leaves the code out', async () => {
        const response = await createCode({ wom_id: '42' });
        expect(response.statusCode).toBe(201);
        const code = response.json();
        expect(code).toEqual({
          id: expect.any(Number),
          code: expect.stringMatching(DISPLAYED_CODE),
          wom_id: '42',
          member_name: 'Zezima',
          is_claimed: false,
          expires_at: IN_A_WEEK,
          created_at: NOW,
          claimed_by: null,
          claimed_at: null,
        });
        const stored = await t.database.db
          .selectFrom('claim_codes')
          .select(['code', 'created_by'])
          .executeTakeFirstOrThrow();
        expect(stored).toEqual({ code: code.code.replaceAll('-', ''), created_by: roles.adminId });

        const audit = await auditRows('claim-code.create');
        expect(audit).toHaveLength(1);
        expect(audit[0]).toMatchObject({
          actor_label: 'boss',
          target_type: 'claim_code',
          target_id: String(code.id),
        });
        const { code: _shown, ...withoutCode } = code;
        expect(JSON.parse(audit[0]!.after!)).toEqual(withoutCode);
        expect(audit[0]!.after).not.toContain(stored.code.slice(0, 8));

        const another = (await createCode({ wom_id: '42' })).json();
        expect(another.code).not.toBe(code.code);
      });

      it('keeps the expiry the admin picked, and refuses one that has passed with 400', async () => {
        const picked = await createCode({ wom_id: '42', expires_at: '2026-12-01T10:00:00+02:00' });
        expect(picked.statusCode).toBe(201);
        expect(picked.json().expires_at).toBe('2026-12-01T08:00:00.000Z');
        const before = await dumpTables(t.database.db);
        const past = await createCode({ wom_id: '42', expires_at: '2026-11-21T11:59:59Z' });
        expect(past.statusCode).toBe(400);
        expect(past.json()).toEqual({ code: 'VALIDATION_ERROR', message: CLAIM_CODE_EXPIRY_IN_PAST });
        expect(changedTables(before, await dumpTables(t.database.db))).toEqual([]);
      });

      it('makes a code for a hidden member, but refuses an unknown or deleted one with 400', async () => {
        await addMember(t, '50', 'Hidden', { hidden: true });
        await addMember(t, '51', 'Deleted', { deleted_at: NOW });
        expect((await createCode({ wom_id: '50' })).statusCode).toBe(201);
        const before = await dumpTables(t.database.db);
        for (const womId of ['999', '51', 'zezima']) {
          const response = await createCode({ wom_id: womId });
          expect(response.statusCode).toBe(400);
          expect(response.json()).toEqual({
            code: 'VALIDATION_ERROR',
            message: CLAIM_MESSAGES.selectValidPlayer,
          });
        }
        expect(changedTables(before, await dumpTables(t.database.db))).toEqual([]);
      });

      it("refuses a code for a member already claimed with 409 'This player has already been claimed', writing nothing", async () => {
        await t.database.db
          .insertInto('player_claims')
          .values({ user_id: roles.userId, wom_id: '42', claimed_at: NOW })
          .execute();
        const before = await dumpTables(t.database.db);
        const response = await createCode({ wom_id: '42' });
        expect(response.statusCode).toBe(409);
        expect(response.json()).toEqual({ code: 'CONFLICT', message: CLAIM_MESSAGES.alreadyClaimed });
        expect(changedTables(before, await dumpTables(t.database.db))).toEqual([]);
        expect((await createCode({ wom_id: '43' })).statusCode).toBe(201);
      });

      it('lists codes newest first, of one member when asked, naming who redeemed them', async () => {
        const first = (await createCode({ wom_id: '42' })).json();
        t.clock.advance(60_000);
        const second = (await createCode({ wom_id: '43' })).json();
        const redeemed = await roles.as('user', {
          method: 'POST',
          url: '/api/claims/redeem',
          payload: { code: first.code },
        });
        expect(redeemed.statusCode).toBe(200);

        const all = await asAdmin({ method: 'GET', url: '/api/admin/claim-codes' });
        expect(all.statusCode).toBe(200);
        expect(all.json()).toEqual([
          second,
          { ...first, is_claimed: true, claimed_by: 'pleb', claimed_at: t.clock.now().toISOString() },
        ]);
        const ofWoox = await asAdmin({ method: 'GET', url: '/api/admin/claim-codes?wom_id=43' });
        expect(ofWoox.json()).toEqual([second]);
        expect((await asAdmin({ method: 'GET', url: '/api/admin/claim-codes?wom_id=abc' })).statusCode).toBe(
          400,
        );
      });

      it('revokes an unused code with 204 and an audit row, so it can no longer be redeemed', async () => {
        const code = (await createCode({ wom_id: '42' })).json();
        const response = await asAdmin({ method: 'DELETE', url: `/api/admin/claim-codes/${code.id}` });
        expect(response.statusCode).toBe(204);
        expect(await t.database.db.selectFrom('claim_codes').select('id').execute()).toEqual([]);
        const audit = await auditRows('claim-code.revoke');
        expect(audit).toHaveLength(1);
        expect(audit[0]).toMatchObject({
          target_type: 'claim_code',
          target_id: String(code.id),
          after: null,
        });
        const redeem = await roles.as('user', {
          method: 'POST',
          url: '/api/claims/redeem',
          payload: { code: code.code },
        });
        expect(redeem.json().message).toBe(CLAIM_MESSAGES.invalidCode);
      });

      it('refuses to revoke a used code with 409, and an unknown one with 404', async () => {
        const id = await addClaimCode(t, { code: 'ABCDEFGHJKMNPQRS', wom_id: '42', is_claimed: true });
        const before = await dumpTables(t.database.db);
        const used = await asAdmin({ method: 'DELETE', url: `/api/admin/claim-codes/${id}` });
        expect(used.statusCode).toBe(409);
        expect(used.json()).toEqual({ code: 'CONFLICT', message: CLAIM_MESSAGES.codeAlreadyUsed });
        const unknown = await asAdmin({ method: 'DELETE', url: '/api/admin/claim-codes/999' });
        expect(unknown.statusCode).toBe(404);
        expect(changedTables(before, await dumpTables(t.database.db))).toEqual([]);
      });
    });

    it("never shows a plain user a code or another user's request", async () => {
      const code = (await createCode({ wom_id: '42' })).json<{ code: string }>().code;
      const stored = code.replaceAll('-', '');
      await requestFromUser('43');
      await roles.as('admin', { method: 'POST', url: '/api/claim-requests', payload: { wom_id: '42' } });
      const answers = [
        await roles.as('user', { method: 'GET', url: '/api/claim-requests' }),
        await roles.as('user', { method: 'GET', url: '/api/me/characters' }),
        await roles.as('user', { method: 'POST', url: '/api/claims/redeem', payload: { code } }),
        await roles.as('user', { method: 'GET', url: '/api/claim-requests' }),
        await roles.as('user', { method: 'GET', url: '/api/me/characters' }),
      ];
      for (const answer of answers) {
        expect(answer.statusCode).toBe(200);
        expect(answer.body).not.toContain(code);
        expect(answer.body).not.toContain(stored);
        expect(answer.body).not.toContain('boss');
      }
    });
  });
}
