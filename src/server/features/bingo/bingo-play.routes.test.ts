import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BingoTemplate, MyBingo } from '#core/bingo/bingo.schema.ts';
import type { BingoBoardView } from '#core/bingo/board-view.ts';
import type { BingoSubmission } from '#core/bingo/submissions.schema.ts';
import type { PointBatch } from '#core/members/point-batches.schema.ts';
import { createManualClock, createUser, loginAs } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { createDiscordTestApp, type DiscordTestApp } from '#test/discord.ts';
import { bumpRevision } from '../../db/revisions.ts';
import { addMember } from '../claims/claims.testing.ts';
import { CLAN_NEWS } from '../clan-news/clan-news.job.ts';
import { DINK_MOMENTS } from '../dink/dink-moments.job.ts';
import { connectDink, examplePayload, multipartOf, pngBytes, postDink } from '../dink/dink.testing.ts';
import { claimCharacter } from '../goals/goals.testing.ts';

const NOW = '2026-12-01T12:00:00.000Z';
const STARTS = '2026-12-02T00:00:00.000Z';
const ENDS = '2026-12-09T00:00:00.000Z';

/** A 3×3 board whose first row is a warhammer, a Zulrah kill tile and a manual tile. */
const board = (review: 'auto' | 'referee', extra: object = {}) => ({
  title: `${review} bingo`,
  description: '',
  starts_at: STARTS,
  ends_at: ENDS,
  size: 3,
  review,
  codeword: 'Penguin',
  bonuses: { row: 10, column: 0, diagonal: 0, board: 0 },
  teams: [
    { name: 'Red', members: ['101'] },
    { name: 'Blue', members: ['102'] },
  ],
  tiles: [
    {
      row: 0,
      col: 0,
      title: 'Warhammer',
      points: 3,
      goal: { type: 'item', items: ['Dragon warhammer'], count: 1 },
    },
    { row: 0, col: 1, title: 'Zulrah', points: 2, goal: { type: 'kc', metric: 'zulrah', count: 3 } },
    { row: 0, col: 2, title: 'Anything', points: 1, goal: { type: 'manual' } },
  ],
  ...extra,
});

for (const dialect of testDialects) {
  describe(`${dialect}: a bingo board in play`, () => {
    let t: DiscordTestApp;
    let token: string;
    let refereeCookie: string;

    beforeAll(async () => {
      t = await createDiscordTestApp(dialect, { clock: createManualClock(NOW) });
      await addMember(t, '101', 'Zezima');
      await addMember(t, '102', 'Lynx Titan');
      await claimCharacter(t, t.roles.userId, '101');
      ({ token } = await connectDink(t, '101', t.roles.headers('user')));
      await createUser(t, 'whistle');
      refereeCookie = await loginAs(t, 'whistle');
    });
    afterAll(async () => t.close());

    const asAdmin = (options: InjectOptions) => t.roles.as('admin', options);
    const view = async (id: number) =>
      (await t.app.inject({ method: 'GET', url: `/api/bingo/${id}` })).json<BingoBoardView>();
    const cell = (v: BingoBoardView, team: string, title: string) =>
      v.teams
        .find((entry) => entry.name === team)
        ?.tiles.find((entry) => entry.tile_id === v.tiles.find((tile) => tile.title === title)?.id);
    const create = async (body: object) => {
      const response = await asAdmin({ method: 'POST', url: '/api/admin/bingo', payload: body });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<BingoBoardView>().id;
    };

    let drops = 0;
    /** A new drop (in another world each time) through the Dink receiver with its screenshot, then the Dink job. */
    async function dropWarhammer() {
      drops += 1;
      const loot: Record<string, unknown> = { ...examplePayload('loot.json'), world: 300 + drops };
      (loot.extra as { items: unknown[] }).items = [
        { id: 13576, name: 'Dragon warhammer', quantity: 1, priceEach: 1 },
      ];
      const form = await multipartOf(JSON.stringify({ ...loot, playerName: 'Zezima' }), {
        bytes: pngBytes(),
      });
      expect((await postDink(t, token, form)).statusCode).toBe(202);
      expect(await t.runJob(DINK_MOMENTS)).toMatchObject({ outcome: 'succeeded' });
    }

    async function killZulrah(count: number) {
      const kill: Record<string, unknown> = { ...examplePayload('kill_count.json'), playerName: 'Zezima' };
      kill.extra = { boss: 'Zulrah', count, gameMessage: `Your Zulrah kill count is: ${count}.` };
      expect([200, 202]).toContain((await postDink(t, token, kill)).statusCode);
      expect(await t.runJob(DINK_MOMENTS)).toMatchObject({ outcome: 'succeeded' });
    }

    it('changes a board until it starts, then only takes new tiles, and saves its layout as a template', async () => {
      const id = await create(board('auto', { title: 'Draft' }));
      const changed = await asAdmin({
        method: 'PUT',
        url: `/api/admin/bingo/${id}`,
        payload: board('auto', { title: 'Draft, renamed', signups: true }),
      });
      expect(changed.json<BingoBoardView>().title).toBe('Draft, renamed');

      // A member signs up their character while sign-ups are open, and sees no codeword before the start.
      const signup = await t.app.inject({
        method: 'PUT',
        url: `/api/bingo/${id}/signups/101`,
        headers: t.roles.headers('user'),
      });
      expect(signup.json<MyBingo>()).toMatchObject({
        codeword: null,
        signups_open: true,
        characters: [{ wom_id: '101', signed_up: true }],
      });
      const admin = await asAdmin({ method: 'GET', url: `/api/admin/bingo/${id}` });
      expect(admin.json()).toMatchObject({
        codeword: 'Penguin',
        signups: [{ wom_id: '101', username: 'pleb' }],
      });

      const saved = await asAdmin({
        method: 'POST',
        url: '/api/admin/bingo/templates',
        payload: { name: 'Three in a row', board_id: id },
      });
      expect(saved.statusCode).toBe(201);
      expect(saved.json<BingoTemplate>().layout.tiles.map((tile) => tile.title)).toEqual([
        'Warhammer',
        'Zulrah',
        'Anything',
      ]);
      const again = await asAdmin({
        method: 'POST',
        url: '/api/admin/bingo/templates',
        payload: { name: 'Three in a row', board_id: id },
      });
      expect(again.statusCode).toBe(409);

      t.clock.set('2026-12-02T01:00:00.000Z');
      const late = await asAdmin({ method: 'PUT', url: `/api/admin/bingo/${id}`, payload: board('auto') });
      expect(late.statusCode).toBe(409);
      expect(late.json<{ message: string }>().message).toBe(
        'A board can be changed only until it starts; after that, tiles can be added',
      );
      const tile = { row: 1, col: 0, title: 'Added', points: 1, goal: { type: 'manual' } };
      const added = await asAdmin({ method: 'POST', url: `/api/admin/bingo/${id}/tiles`, payload: tile });
      expect(added.statusCode).toBe(201);
      expect(
        (await asAdmin({ method: 'POST', url: `/api/admin/bingo/${id}/tiles`, payload: tile })).statusCode,
      ).toBe(409);
      expect((await asAdmin({ method: 'DELETE', url: `/api/admin/bingo/${id}` })).statusCode).toBe(204);
      t.clock.set(NOW);
    });

    it('completes a tile from a drop with its screenshot as the public proof, and tells Discord with the picture', async () => {
      const { webhookId } = await t.addRoute(['bingo']);
      const id = await create(board('auto'));
      t.clock.set('2026-12-03T00:00:00.000Z');
      await dropWarhammer();
      const red = cell(await view(id), 'Red', 'Warhammer');
      expect(red).toMatchObject({ state: 'complete', progress: 1 });
      expect(red?.proof?.thumbnail).toMatch(/^\/api\/dink\/images\/\d+\/thumbnail$/);
      expect(cell(await view(id), 'Blue', 'Warhammer')).toMatchObject({ state: 'open', proof: null });
      const picture = await t.app.inject({ method: 'GET', url: red?.proof?.thumbnail ?? '' });
      expect(picture.statusCode).toBe(200);

      await t.deliverAll();
      const [message] = t.standIn.received(webhookId);
      expect(t.texts(webhookId)[0]).toContain('Red completed Warhammer');
      expect(message?.attachments).toHaveLength(1);

      // A hidden member's proof leaves the public board; the tile still counts.
      await t.database.db.updateTable('members').set({ hidden: true }).where('wom_id', '=', '101').execute();
      await bumpRevision(t.database.db, 'members');
      const hiddenView = await view(id);
      const hidden = cell(hiddenView, 'Red', 'Warhammer');
      expect(hidden).toMatchObject({ state: 'complete', proof: null });
      // Nor is the member named on the public board; the admins still see who plays.
      expect(hiddenView.teams.find((team) => team.name === 'Red')?.members).toEqual([]);
      const adminView = await asAdmin({ method: 'GET', url: `/api/admin/bingo/${id}` });
      expect(adminView.json<BingoBoardView>().teams.find((team) => team.name === 'Red')?.members).toEqual([
        { wom_id: '101', name: 'Zezima' },
      ]);
      expect((await t.app.inject({ method: 'GET', url: red?.proof?.thumbnail ?? '' })).statusCode).toBe(404);
      await t.database.db.updateTable('members').set({ hidden: false }).where('wom_id', '=', '101').execute();
      await bumpRevision(t.database.db, 'members');

      // The codeword shows, once the board runs, to the players.
      const mine = await t.app.inject({
        method: 'GET',
        url: `/api/me/bingo/${id}`,
        headers: t.roles.headers('user'),
      });
      expect(mine.json<MyBingo>()).toMatchObject({
        team: { name: 'Red' },
        codeword: 'Penguin',
        referee: false,
      });
    });

    it("counts a kill tile from Dink's kill counts for a member WOM does not measure, and makes the row's bonus", async () => {
      const id = (await t.app.inject({ method: 'GET', url: '/api/bingo' })).json<{
        items: { id: number }[];
      }>().items[0]!.id;
      await killZulrah(41);
      await killZulrah(42);
      expect(cell(await view(id), 'Red', 'Zulrah')).toMatchObject({
        state: 'open',
        progress: 2,
        required: 3,
      });
      await killZulrah(42);
      await killZulrah(43);
      expect(cell(await view(id), 'Red', 'Zulrah')).toMatchObject({ state: 'complete', progress: 3 });
      // The manual tile, approved, completes the row: 3 + 2 + 1 and the row's 10.
      const manual = (await view(id)).tiles.find((tile) => tile.title === 'Anything')!;
      const form = new FormData();
      form.append('note', 'Did it');
      form.append('file', new Blob([new Uint8Array(pngBytes())], { type: 'image/png' }), 'proof.png');
      const encoded = new Response(form);
      const sent = await t.app.inject({
        method: 'POST',
        url: `/api/bingo/${id}/tiles/${manual.id}/submissions`,
        headers: {
          ...t.roles.headers('user'),
          'content-type': encoded.headers.get('content-type') ?? '',
          origin: 'https://clan.example',
        },
        payload: Buffer.from(await encoded.arrayBuffer()),
      });
      expect(sent.statusCode).toBe(201);
      const submission = sent.json<BingoSubmission>();
      await asAdmin({
        method: 'PATCH',
        url: `/api/admin/bingo/submissions/${submission.id}`,
        payload: { status: 'approved' },
      });
      const red = (await view(id)).teams.find((team) => team.name === 'Red');
      expect(red).toMatchObject({ score: 3 + 2 + 1 + 10, bonus: 10 });
      const news = await t.database.db
        .selectFrom('discord_deliveries')
        .select('summary')
        .where('kind', '=', 'bingo')
        .execute();
      expect(news.map((row) => row.summary)).toContain('auto bingo: Red made a bonus');
      const bonus = await t.database.db
        .selectFrom('discord_deliveries')
        .select('news')
        .where('summary', '=', 'auto bingo: Red made a bonus')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(bonus.news)).toMatchObject({
        update: { what: 'bonus', lines: ['row 1'], points: 10 },
      });

      // Points by placement once it ends: Red placed first, Blue scored nothing.
      const early = await asAdmin({ method: 'POST', url: `/api/admin/bingo/${id}/points` });
      expect(early.statusCode).toBe(409);
      t.clock.set('2026-12-09T01:00:00.000Z');
      const booked = await asAdmin({ method: 'POST', url: `/api/admin/bingo/${id}/points` });
      expect(booked.statusCode).toBe(201);
      expect(booked.json<PointBatch>().entries).toEqual([{ wom_id: '101', name: 'Zezima', amount: 15 }]);
      expect((await asAdmin({ method: 'POST', url: `/api/admin/bingo/${id}/points` })).statusCode).toBe(409);
      t.clock.set('2026-12-03T00:00:00.000Z');
    });

    it('holds what the site found on a refereed board for a referee, who may decide it as an admin does', async () => {
      const id = await create(board('referee', { starts_at: '2026-12-02T12:00:00.000Z' }));
      await asAdmin({
        method: 'PUT',
        url: `/api/admin/bingo/${id}/referees`,
        payload: { usernames: ['Whistle'] },
      });
      const unknown = await asAdmin({
        method: 'PUT',
        url: `/api/admin/bingo/${id}/referees`,
        payload: { usernames: ['nobody-here'] },
      });
      expect(unknown.json<{ message: string }>().message).toBe('usernames: no account is named nobody-here');

      await dropWarhammer();
      expect(cell(await view(id), 'Red', 'Warhammer')).toMatchObject({ state: 'pending', progress: 1 });
      const queue = await t.app.inject({
        method: 'GET',
        url: `/api/bingo/${id}/queue?status=pending`,
        headers: { cookie: refereeCookie },
      });
      expect(queue.statusCode).toBe(200);
      // Made after its start, the board counted the drop and kills already posted: both wait.
      expect(queue.json<BingoSubmission[]>().map((entry) => entry.tile_title)).toEqual([
        'Warhammer',
        'Zulrah',
      ]);
      const found = queue.json<BingoSubmission[]>().find((entry) => entry.tile_title === 'Warhammer');
      expect(found).toMatchObject({ source: 'auto', member_name: 'Zezima' });
      const shot = await t.app.inject({
        method: 'GET',
        url: found!.screenshot!.thumbnail,
        headers: { cookie: refereeCookie },
      });
      expect(shot.statusCode).toBe(200);
      // The player cannot referee their own board.
      const player = await t.app.inject({
        method: 'GET',
        url: `/api/bingo/${id}/queue`,
        headers: t.roles.headers('user'),
      });
      expect(player.statusCode).toBe(403);

      const approved = await t.app.inject({
        method: 'PATCH',
        url: `/api/bingo/${id}/queue/${found!.id}`,
        headers: { cookie: refereeCookie, origin: 'https://clan.example' },
        payload: { status: 'approved' },
      });
      expect(approved.statusCode, approved.body).toBe(200);
      expect(cell(await view(id), 'Red', 'Warhammer')).toMatchObject({ state: 'complete' });
      // Undone, it waits again and is never found twice.
      await asAdmin({
        method: 'PATCH',
        url: `/api/admin/bingo/submissions/${found!.id}`,
        payload: { status: 'pending' },
      });
      await dropWarhammer();
      expect(cell(await view(id), 'Red', 'Warhammer')).toMatchObject({ state: 'pending' });
      const pending = await asAdmin({
        method: 'GET',
        url: `/api/admin/bingo/${id}/submissions?status=pending`,
      });
      expect(
        pending.json<BingoSubmission[]>().filter((entry) => entry.tile_title === 'Warhammer'),
      ).toHaveLength(1);
    });

    it('tells Discord the standings once a day while a board runs, and the final standings once it ends', async () => {
      const standings = async () =>
        (
          await t.database.db
            .selectFrom('discord_deliveries')
            .select('summary')
            .where('kind', '=', 'bingo')
            .where('summary', 'like', '%standings')
            .orderBy('id')
            .execute()
        ).map((row) => row.summary);
      await t.runJob(CLAN_NEWS);
      await t.runJob(CLAN_NEWS);
      expect(await standings()).toEqual(['auto bingo: standings', 'referee bingo: standings']);
      t.clock.set('2026-12-09T06:00:00.000Z');
      await t.runJob(CLAN_NEWS);
      await t.runJob(CLAN_NEWS);
      expect((await standings()).slice(2)).toEqual([
        'auto bingo: final standings',
        'referee bingo: final standings',
      ]);
    });
  });
}
