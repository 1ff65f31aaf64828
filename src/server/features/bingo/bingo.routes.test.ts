import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BingoBoardView } from '#core/bingo/board-view.ts';
import type { BingoSubmission } from '#core/bingo/submissions.schema.ts';
import { createManualClock, createTestApp, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { signInRoles, type SignedInRoles } from '#test/roles.ts';
import type { NewMemberRow } from '../../db/schema.ts';
import { pngBytes } from '../dink/dink.testing.ts';
import { DINK_MOMENTS } from '../dink/dink-moments.job.ts';
import { captureBingoFigures } from './bingo-baselines.ts';
import { settleBingoBoards } from './bingo-progress.ts';

const NOW = '2026-12-01T12:00:00.000Z';
const STARTS = '2026-12-02T00:00:00.000Z';
const ENDS = '2026-12-09T00:00:00.000Z';

function memberRow(womId: string, name: string): NewMemberRow {
  return { wom_id: womId, name, wom_name: name, created_at: NOW, updated_at: NOW };
}

/** A stored WOM snapshot with the given fishing XP and Zulrah kills. */
function snapshot(fishing: number, zulrah: number): string {
  return JSON.stringify({
    createdAt: NOW,
    data: {
      skills: { fishing: { experience: fishing, rank: 1, level: 99 } },
      bosses: { zulrah: { kills: zulrah, rank: 1 } },
      activities: {},
      computed: {},
    },
  });
}

/** A 3×3 board: a row of item tiles (one of them needing three pieces), an XP tile, a KC tile and a manual one. */
const BOARD = {
  title: 'Winter bingo',
  description: 'Three teams, one week',
  starts_at: STARTS,
  ends_at: ENDS,
  size: 3,
  bonuses: { row: 5, column: 4, diagonal: 3, board: 50 },
  teams: [
    { name: 'Red', members: ['1', '2'] },
    { name: 'Blue', members: ['3'] },
  ],
  tiles: [
    {
      row: 0,
      col: 0,
      title: 'Warhammer',
      points: 2,
      goal: { type: 'item', items: ['Dragon warhammer'], count: 1 },
    },
    {
      row: 0,
      col: 1,
      title: 'Barrows',
      points: 3,
      goal: { type: 'item', items: ["Ahrim's hood", "Dharok's helm", "Karil's crossbow"], count: 3 },
    },
    { row: 0, col: 2, title: 'A pet', points: 4, goal: { type: 'item', items: ['Pet snakeling'], count: 1 } },
    { row: 1, col: 0, title: 'Fish', points: 2, goal: { type: 'xp', metric: 'fishing', amount: 1_000_000 } },
    { row: 1, col: 1, title: 'Zulrah', points: 2, goal: { type: 'kc', metric: 'zulrah', count: 50 } },
    { row: 1, col: 2, title: 'Anything', points: 1, goal: { type: 'manual' } },
  ],
};

for (const dialect of testDialects) {
  describe(`${dialect}: bingo boards checked from Dink's posts and WOM's gains`, () => {
    let t: TestApp;
    let roles: SignedInRoles;
    let boardId: number;
    let posts = 0;

    beforeAll(async () => {
      t = await createTestApp(dialect, { clock: createManualClock(NOW) });
      roles = await signInRoles(t);
      for (const [womId, name] of [
        ['1', 'Red One'],
        ['2', 'Red Two'],
        ['3', 'Blue One'],
        ['4', 'Nobody'],
      ] as const)
        await t.database.db.insertInto('members').values(memberRow(womId, name)).execute();
    });
    afterAll(async () => t.close());

    const asAdmin = (options: InjectOptions) => roles.as('admin', options);
    const board = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/bingo/${boardId}` })).json<BingoBoardView>();
    const teamTile = (view: BingoBoardView, team: string, title: string) => {
      const tile = view.tiles.find((candidate) => candidate.title === title);
      return view.teams
        .find((candidate) => candidate.name === team)
        ?.tiles.find((entry) => entry.tile_id === tile?.id);
    };

    /**
     * A Dink post as the receiver stores it, then turned into moments and tile events by the Dink
     * job; the same `key` is the same post (a player's retry, or a teammate's copy of it).
     */
    async function post(
      womId: string,
      at: string,
      type: 'LOOT' | 'COLLECTION' | 'KILL_COUNT',
      extra: object,
      key?: string,
    ) {
      posts += 1;
      await t.database.db
        .insertInto('dink_posts')
        .values({
          wom_id: womId,
          dedupe_key: key ?? `post-${posts}`,
          type,
          payload: JSON.stringify({ type, playerName: 'x', dinkAccountHash: 'h', extra }),
          image_id: null,
          received_at: at,
          processed_at: null,
        })
        .execute();
      expect(await t.runJob(DINK_MOMENTS)).toMatchObject({ outcome: 'succeeded' });
    }
    const loot = (name: string, quantity = 1) => ({
      items: [{ id: 1, name, quantity, priceEach: 1 }],
      source: 'Boss',
    });

    it('creates a board from the contract and refuses a bad field by name, or a stranger in a team', async () => {
      const bad = await asAdmin({ method: 'POST', url: '/api/admin/bingo', payload: { ...BOARD, size: 9 } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ message: string }>().message).toMatch(/^size: /);
      const stranger = await asAdmin({
        method: 'POST',
        url: '/api/admin/bingo',
        payload: { ...BOARD, teams: [{ name: 'Red', members: ['99'] }] },
      });
      expect(stranger.statusCode).toBe(400);
      expect(stranger.json<{ message: string }>().message).toBe(
        'teams.0.members: no member has the WOM id 99',
      );

      const created = await asAdmin({ method: 'POST', url: '/api/admin/bingo', payload: BOARD });
      expect(created.statusCode).toBe(201);
      boardId = created.json<BingoBoardView>().id;
      const list = await t.app.inject({ method: 'GET', url: '/api/bingo' });
      expect(list.json()).toEqual({
        items: [{ id: boardId, title: 'Winter bingo', starts_at: STARTS, ends_at: ENDS, status: 'upcoming' }],
      });
      const view = await board();
      expect(
        view.teams.map((team) => [team.name, team.score, team.members.map((member) => member.name)]),
      ).toEqual([
        ['Red', 0, ['Red One', 'Red Two']],
        ['Blue', 0, ['Blue One']],
      ]);
    });

    it('balances the chosen members into teams of near-equal EHB + EHP', async () => {
      for (const [womId, ehb, ehp] of [
        ['1', 100, 0],
        ['2', 60, 30],
        ['3', 10, 40],
        ['4', 5, 0],
      ] as const)
        await t.database.db.updateTable('members').set({ ehb, ehp }).where('wom_id', '=', womId).execute();
      const response = await asAdmin({
        method: 'POST',
        url: '/api/admin/bingo/balance',
        payload: { members: ['1', '2', '3', '4'], teams: 2 },
      });
      expect(response.statusCode).toBe(200);
      const teams = response.json<Array<{ total: number; members: Array<{ wom_id: string }> }>>();
      expect(teams.map((team) => team.total).sort((a, b) => a - b)).toEqual([105, 140]);
      expect(teams.map((team) => team.members.length)).toEqual([2, 2]);
      const stranger = await asAdmin({
        method: 'POST',
        url: '/api/admin/bingo/balance',
        payload: { members: ['1', '99'], teams: 2 },
      });
      expect(stranger.json<{ message: string }>().message).toBe('members: no member has the WOM id 99');
    });

    it("completes an item tile for the poster's team only, from a post inside the window, once", async () => {
      await post('1', '2026-12-01T23:00:00.000Z', 'LOOT', loot('Dragon warhammer'));
      await post('4', '2026-12-03T00:00:00.000Z', 'LOOT', loot('Dragon warhammer'));
      expect(teamTile(await board(), 'Red', 'Warhammer')).toMatchObject({ state: 'open', progress: 0 });

      await post('2', '2026-12-03T10:00:00.000Z', 'LOOT', loot('Dragon warhammer'));
      const view = await board();
      expect(teamTile(view, 'Red', 'Warhammer')).toMatchObject({
        state: 'complete',
        progress: 1,
        required: 1,
      });
      expect(teamTile(view, 'Blue', 'Warhammer')).toMatchObject({ state: 'open', progress: 0 });
      expect(view.teams.find((team) => team.name === 'Red')?.score).toBe(2);
    });

    it('needs three pieces for a count-3 tile, and adds the row bonus when the row completes', async () => {
      await post('1', '2026-12-04T00:00:00.000Z', 'LOOT', loot("Ahrim's hood"));
      await post('2', '2026-12-04T01:00:00.000Z', 'COLLECTION', { itemName: "Dharok's helm", itemId: 4716 });
      expect(teamTile(await board(), 'Red', 'Barrows')).toMatchObject({
        state: 'open',
        progress: 2,
        required: 3,
      });
      await post('1', '2026-12-04T02:00:00.000Z', 'LOOT', loot("Karil's crossbow"));
      await post('2', '2026-12-04T03:00:00.000Z', 'COLLECTION', { itemName: 'Pet snakeling', itemId: 12921 });
      const red = (await board()).teams.find((team) => team.name === 'Red');
      expect(red).toMatchObject({ score: 2 + 3 + 4 + 5, bonus: 5 });
    });

    it("completes XP and kill tiles from WOM's gains since the board began, and stops counting at its end", async () => {
      for (const womId of ['1', '2', '3'])
        await t.database.db
          .insertInto('member_stats')
          .values({ wom_id: womId, snapshot: snapshot(10_000_000, 100), snapshot_at: NOW, fetched_at: NOW })
          .execute();
      await t.database.db
        .transaction()
        .execute((trx) => captureBingoFigures(trx, new Date('2026-12-02T01:00:00.000Z')));
      await t.database.db
        .updateTable('member_stats')
        .set({ snapshot: snapshot(10_700_000, 130) })
        .where('wom_id', 'in', ['1', '2'])
        .execute();
      // As the sync does after saving WOM's snapshots.
      await t.database.db
        .transaction()
        .execute((trx) => settleBingoBoards(trx, new Date('2026-12-03T00:00:00.000Z')));
      let view = await board();
      expect(teamTile(view, 'Red', 'Fish')).toMatchObject({ state: 'complete', progress: 1_400_000 });
      expect(teamTile(view, 'Red', 'Zulrah')).toMatchObject({ state: 'complete', progress: 60 });
      expect(teamTile(view, 'Blue', 'Fish')).toMatchObject({ state: 'open', progress: 0 });

      // The board ends; gains made afterwards never count.
      await t.database.db.transaction().execute((trx) => captureBingoFigures(trx, new Date(ENDS)));
      await t.database.db
        .updateTable('member_stats')
        .set({ snapshot: snapshot(20_000_000, 500) })
        .where('wom_id', '=', '3')
        .execute();
      await t.database.db.transaction().execute((trx) => settleBingoBoards(trx, new Date(ENDS)));
      view = await board();
      expect(teamTile(view, 'Blue', 'Fish')).toMatchObject({ progress: 0 });
      expect(teamTile(view, 'Red', 'Anything')).toMatchObject({ state: 'open', progress: 0, required: 1 });
    });

    /** A proof as the board's page sends it: a note and a screenshot. */
    async function submit(cookie: Record<string, string>, tileId: number, note = 'Done!', withFile = true) {
      const form = new FormData();
      form.append('note', note);
      if (withFile)
        form.append('file', new Blob([new Uint8Array(pngBytes())], { type: 'image/png' }), 'proof.png');
      const encoded = new Response(form);
      return t.app.inject({
        method: 'POST',
        url: `/api/bingo/${boardId}/tiles/${tileId}/submissions`,
        headers: {
          ...cookie,
          'content-type': encoded.headers.get('content-type') ?? '',
          origin: 'http://localhost',
        },
        payload: Buffer.from(await encoded.arrayBuffer()),
      });
    }

    it("takes a team member's proof for a manual tile into the queue, and it counts once a referee approves it", async () => {
      const manual = (await board()).tiles.find((tile) => tile.title === 'Anything')!;
      // The plain user plays Red Two; the board is running now.
      await t.database.db
        .insertInto('player_claims')
        .values({ user_id: roles.userId, wom_id: '2', claimed_at: NOW })
        .execute();
      t.clock.set('2026-12-05T12:00:00.000Z');

      const visitor = await t.app.inject({
        method: 'POST',
        url: `/api/bingo/${boardId}/tiles/${manual.id}/submissions`,
      });
      expect(visitor.statusCode).toBe(401);
      expect((await submit(roles.headers('user'), manual.id, 'No file', false)).statusCode).toBe(400);

      const sent = await submit(roles.headers('user'), manual.id);
      expect(sent.statusCode).toBe(201);
      const submission = sent.json<BingoSubmission>();
      expect(submission).toMatchObject({
        status: 'pending',
        team_name: 'Red',
        member_name: 'Red Two',
        note: 'Done!',
      });
      expect(submission.screenshot?.thumbnail).toBe(
        `/api/bingo/submissions/${submission.id}/screenshot/thumbnail`,
      );
      // The screenshot is the sender's, the admins' and the referees': nobody else's.
      const shot = (role: 'user' | 'admin' | 'anonymous') =>
        roles.as(role, { method: 'GET', url: submission.screenshot?.full ?? '' });
      expect((await shot('user')).headers['content-type']).toBe('image/webp');
      expect((await shot('admin')).statusCode).toBe(200);
      expect((await shot('anonymous')).statusCode).toBe(401);
      expect(teamTile(await board(), 'Red', 'Anything')).toMatchObject({ state: 'pending' });

      const queue = await asAdmin({
        method: 'GET',
        url: `/api/admin/bingo/${boardId}/submissions?status=pending`,
      });
      expect(queue.json<BingoSubmission[]>().map((entry) => entry.id)).toEqual([submission.id]);

      const decide = (payload: object) =>
        asAdmin({ method: 'PATCH', url: `/api/admin/bingo/submissions/${submission.id}`, payload });
      const unexplained = await decide({ status: 'denied' });
      expect(unexplained.statusCode).toBe(400);
      expect(unexplained.json<{ message: string }>().message).toBe(
        'reason: A denial needs a reason the member sees',
      );
      expect((await decide({ status: 'approved' })).statusCode).toBe(200);
      let view = await board();
      expect(teamTile(view, 'Red', 'Anything')).toMatchObject({ state: 'complete' });
      expect(teamTile(view, 'Blue', 'Anything')).toMatchObject({ state: 'open' });

      // Undoing the approval puts it back in the queue; a denial tells the member why.
      await decide({ status: 'pending' });
      expect(teamTile(await board(), 'Red', 'Anything')).toMatchObject({ state: 'pending' });
      await decide({ status: 'denied', reason: 'The codeword is missing' });
      view = await board();
      expect(teamTile(view, 'Red', 'Anything')).toMatchObject({ state: 'open' });
      const own = await t.app.inject({
        method: 'GET',
        url: '/api/me/bingo/submissions',
        headers: roles.headers('user'),
      });
      expect(own.json<BingoSubmission[]>()[0]).toMatchObject({
        status: 'denied',
        reason: 'The codeword is missing',
      });
      const audit = await t.database.db
        .selectFrom('audit_log')
        .select('action')
        .where('action', 'like', 'bingo.%')
        .execute();
      expect(audit.map((row) => row.action).sort()).toEqual([
        'bingo.create',
        'bingo.decide',
        'bingo.decide',
        'bingo.decide',
        'bingo.submit',
      ]);
    });

    it('refuses a member of no team, a board that is not running, and more than ten proofs an hour', async () => {
      const manual = (await board()).tiles.find((tile) => tile.title === 'Anything')!;
      expect((await submit(roles.headers('admin'), manual.id)).statusCode).toBe(403);
      for (let i = 0; i < 9; i += 1)
        expect((await submit(roles.headers('user'), manual.id)).statusCode).toBe(201);
      const eleventh = await submit(roles.headers('user'), manual.id);
      expect(eleventh.statusCode).toBe(429);
      expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(0);
      t.clock.set('2026-12-09T12:00:00.000Z');
      expect((await submit(roles.headers('user'), manual.id)).statusCode).toBe(409);

      // The member's own proofs, newest first, page by page.
      const own = async (query = '') =>
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/me/bingo/submissions${query}`,
            headers: roles.headers('user'),
          })
        ).json<BingoSubmission[]>();
      const all = await own();
      expect(all).toHaveLength(10);
      expect(all.map((entry) => entry.id)).toEqual([...all.map((entry) => entry.id)].sort((a, b) => b - a));
      expect((await own(`?before=${all[4]!.id}`)).map((entry) => entry.id)).toEqual(
        all.slice(5).map((entry) => entry.id),
      );
    });
  });
}
