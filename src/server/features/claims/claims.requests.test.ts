import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLAIM_MESSAGES } from '#core/claims/claims.schema.ts';
import { createTestApp, createUser, loginAs, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { signInRoles, type SignedInRoles } from '#test/roles.ts';
import { changedTables, dumpTables } from '#test/table-dump.ts';
import { addMember } from './claims.testing.ts';

/** The test app's clock. */
const NOW = '2026-11-21T12:00:00.000Z';

for (const dialect of testDialects) {
  describe(`${dialect}: claim requests`, () => {
    let t: TestApp;
    let roles: SignedInRoles;

    beforeEach(async () => {
      t = await createTestApp(dialect);
      roles = await signInRoles(t);
      await addMember(t, '42', 'Zezima');
      await addMember(t, '43', 'Woox');
    });
    afterEach(async () => t.close());

    const ask = (payload: object, headers: Record<string, string> = roles.headers('user')) =>
      t.app.inject({ method: 'POST', url: '/api/claim-requests', payload, headers });
    const listRequests = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/api/claim-requests', headers });

    async function secondUser(): Promise<{ id: number; headers: Record<string, string> }> {
      const user = await createUser(t, 'other');
      return { id: user.id, headers: { cookie: await loginAs(t, 'other') } };
    }

    async function claim(userId: number, womId: string, claimedAt = NOW) {
      await t.database.db
        .insertInto('player_claims')
        .values({ user_id: userId, wom_id: womId, claimed_at: claimedAt })
        .execute();
    }

    it('tells a visitor to log in with 401, whatever they sent, and writes nothing', async () => {
      const before = await dumpTables(t.database.db);
      for (const payload of [{ wom_id: '42' }, {}, { wom_id: 'x' }]) {
        const response = await ask(payload, {});
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({
          code: 'UNAUTHENTICATED',
          message: CLAIM_MESSAGES.mustBeLoggedInToRequest,
        });
      }
      expect(changedTables(before, await dumpTables(t.database.db))).toEqual([]);
    });

    it('records a pending request under the member name, with the message trimmed', async () => {
      const response = await ask({ wom_id: '42', message: '  It is my main  ' });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        id: expect.any(Number),
        user_id: roles.userId,
        username: 'pleb',
        wom_id: '42',
        rsn: 'Zezima',
        message: 'It is my main',
        status: 'pending',
        admin_notes: null,
        created_at: NOW,
        reviewed_at: null,
      });
    });

    it('stores an empty message as none', async () => {
      expect((await ask({ wom_id: '42', message: '   ' })).json().message).toBeNull();
      expect((await ask({ wom_id: '43' })).json().message).toBeNull();
    });

    it('refuses an unknown, hidden, deleted or departed member, or no member, with 400 and writes nothing', async () => {
      await addMember(t, '50', 'Hidden', { hidden: true });
      await addMember(t, '51', 'Deleted', { deleted_at: NOW });
      await addMember(t, '52', 'Departed', { left_at: NOW });
      const before = await dumpTables(t.database.db);
      for (const womId of ['999', '50', '51', '52']) {
        const response = await ask({ wom_id: womId });
        expect(response.statusCode, womId).toBe(400);
        expect(response.json()).toEqual({
          code: 'VALIDATION_ERROR',
          message: CLAIM_MESSAGES.selectValidPlayer,
        });
      }
      for (const payload of [{}, { wom_id: '' }, { wom_id: 'zezima' }]) {
        const response = await ask(payload);
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toContain(CLAIM_MESSAGES.selectValidPlayer);
      }
      // A refused creation is taken back from the user's count; the counter's row may stay.
      const changed = changedTables(before, await dumpTables(t.database.db));
      expect(changed.filter((table) => table !== 'rate_limits')).toEqual([]);
    });

    it('refuses a member someone has claimed with 409', async () => {
      await claim(roles.adminId, '42');
      const response = await ask({ wom_id: '42' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ code: 'CONFLICT', message: CLAIM_MESSAGES.alreadyClaimed });
    });

    it("refuses a user's second pending request for a member, but not another user's", async () => {
      expect((await ask({ wom_id: '42' })).statusCode).toBe(201);
      const again = await ask({ wom_id: '42', message: 'please' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ code: 'CONFLICT', message: CLAIM_MESSAGES.pendingRequestExists });
      const other = await secondUser();
      expect((await ask({ wom_id: '42' }, other.headers)).statusCode).toBe(201);
      expect((await ask({ wom_id: '43' })).statusCode).toBe(201);
    });

    it('lets a user ask again once their request was denied', async () => {
      const first = (await ask({ wom_id: '42' })).json();
      await t.database.db
        .updateTable('claim_requests')
        .set({ status: 'denied' })
        .where('id', '=', first.id)
        .execute();
      expect((await ask({ wom_id: '42' })).statusCode).toBe(201);
    });

    it('keeps one of two simultaneous identical requests and refuses the other with 409', async () => {
      const responses = await Promise.all([ask({ wom_id: '42' }), ask({ wom_id: '42' })]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
      expect(responses.find((response) => response.statusCode === 409)!.json().message).toBe(
        CLAIM_MESSAGES.pendingRequestExists,
      );
      expect(await t.database.db.selectFrom('claim_requests').select('id').execute()).toHaveLength(1);
    });

    it('shows a user only their own requests, an admin everyone’s, newest first, and a visitor none', async () => {
      const other = await secondUser();
      const mine = (await ask({ wom_id: '42' })).json();
      t.clock.advance(60_000);
      const theirs = (await ask({ wom_id: '42' }, other.headers)).json();
      t.clock.advance(60_000);
      const mineLater = (await ask({ wom_id: '43' })).json();

      const user = await listRequests(roles.headers('user'));
      expect(user.statusCode).toBe(200);
      expect(user.headers['cache-control']).toBe('no-store');
      expect(user.json()).toEqual([mineLater, mine]);
      expect((await listRequests(other.headers)).json()).toEqual([theirs]);
      expect((await listRequests(roles.headers('admin'))).json()).toEqual([mineLater, theirs, mine]);

      const visitor = await listRequests({});
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json().code).toBe('UNAUTHENTICATED');
    });
  });

  describe(`${dialect}: my characters`, () => {
    let t: TestApp;
    let roles: SignedInRoles;

    beforeEach(async () => {
      t = await createTestApp(dialect);
      roles = await signInRoles(t);
    });
    afterEach(async () => t.close());

    const characters = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/api/me/characters', headers });

    it('lists the signed-in user’s characters with their stats, in the order they were claimed', async () => {
      await addMember(t, '42', 'Zezima');
      await addMember(t, '43', 'Woox', { combat_level: 0, womrole: null, hidden: true });
      await addMember(t, '44', 'Lynx Titan');
      const claims = [
        { user_id: roles.userId, wom_id: '43', claimed_at: '2026-11-20T10:00:00.000Z' },
        { user_id: roles.userId, wom_id: '42', claimed_at: '2026-11-21T10:00:00.000Z' },
        { user_id: roles.adminId, wom_id: '44', claimed_at: '2026-11-19T10:00:00.000Z' },
      ];
      await t.database.db.insertInto('player_claims').values(claims).execute();

      const response = await characters(roles.headers('user'));
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json()).toEqual([
        {
          wom_id: '43',
          name: 'Woox',
          wom_name: 'woox',
          womrole: null,
          // Not known yet: the game's lowest level.
          combat_level: 3,
          current_lvl: 2000,
          current_xp: 150_000_000,
          ehb: 250,
          siege_score: 7,
          claimed_at: '2026-11-20T10:00:00.000Z',
        },
        {
          wom_id: '42',
          name: 'Zezima',
          wom_name: 'zezima',
          womrole: 'ruby',
          combat_level: 110,
          current_lvl: 2000,
          current_xp: 150_000_000,
          ehb: 250,
          siege_score: 7,
          claimed_at: '2026-11-21T10:00:00.000Z',
        },
      ]);
      expect(
        (await characters(roles.headers('admin'))).json().map((c: { wom_id: string }) => c.wom_id),
      ).toEqual(['44']);
    });

    it('lists none for a user without claims, and refuses a visitor with 401', async () => {
      expect((await characters(roles.headers('user'))).json()).toEqual([]);
      const visitor = await characters({});
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json().code).toBe('UNAUTHENTICATED');
    });
  });
}
