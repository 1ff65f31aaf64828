import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BingoBoardView } from '#core/bingo/board-view.ts';
import type { BingoSubmission } from '#core/bingo/submissions.schema.ts';
import { createTestApp, createUser, loginAs, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { addMember } from '../features/claims/claims.testing.ts';
import { DINK_MOMENTS } from '../features/dink/dink-moments.job.ts';
import { seedDemoBingo, type DemoBingoDeps } from './demo-bingo.ts';
import { seedDemoDinkHistory } from './demo-dink.ts';

const CAPS = { memberBytes: 10 * 1024 * 1024, siteBytes: 100 * 1024 * 1024 };
/** Enough members for three teams of five, and some who post without being in one. */
const CLAN = 20;

interface ListedBoard {
  id: number;
  status: 'upcoming' | 'running' | 'finished';
}

for (const dialect of testDialects) {
  describe(`${dialect}: demo mode's bingo boards`, () => {
    let t: TestApp;
    let deps: DemoBingoDeps;

    beforeEach(async () => {
      t = await createTestApp(dialect);
      deps = { db: t.database.db, clock: t.clock, imageCaps: CAPS, seed: 42 };
      for (let index = 1; index <= CLAN; index += 1) await addMember(t, String(index), `Member ${index}`);
      await createUser(t, 'admin', { admin: true });
      await seedDemoDinkHistory(deps);
    });
    afterEach(async () => t.close());

    const boards = async () => {
      const list = (await t.app.inject({ url: '/api/bingo' })).json<{ items: ListedBoard[] }>();
      const byStatus = new Map(list.items.map((item) => [item.status, item.id]));
      const view = async (status: ListedBoard['status']) =>
        (await t.app.inject({ url: `/api/bingo/${byStatus.get(status)}` })).json<BingoBoardView>();
      return { list: list.items, finished: await view('finished'), running: await view('running') };
    };

    /** Tiles a team completed from what Dink told (items and kills), over all teams. */
    const fromDink = (board: BingoBoardView) => {
      const goals = new Map(board.tiles.map((tile) => [tile.id, tile.goal.type]));
      return board.teams.flatMap((team) =>
        team.tiles.filter(
          (tile) => tile.state === 'complete' && ['item', 'kc'].includes(goals.get(tile.tile_id) ?? 'manual'),
        ),
      );
    };

    const counts = async () => {
      const db = t.database.db;
      const count = async (table: 'bingo_boards' | 'bingo_teams' | 'bingo_tiles' | 'bingo_submissions') =>
        Number(
          (
            await db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<number | string>().as('count'))
              .executeTakeFirstOrThrow()
          ).count,
        );
      return {
        boards: await count('bingo_boards'),
        teams: await count('bingo_teams'),
        tiles: await count('bingo_tiles'),
        submissions: await count('bingo_submissions'),
      };
    };

    it("makes a finished and a running board of three teams, filled by the demo's Dink posts, once", async () => {
      expect(await seedDemoBingo(deps)).toBe(2);
      // As main.ts runs it: the moments job reads the history after the boards exist.
      await t.runJob(DINK_MOMENTS);

      const { list, finished, running } = await boards();
      expect(list.map((item) => item.status).sort()).toEqual(['finished', 'running']);
      for (const board of [finished, running]) {
        expect(board.teams).toHaveLength(3);
        for (const team of board.teams) expect(team.members.length).toBeGreaterThanOrEqual(1);
      }
      expect(running.size).toBe(5);
      expect(running.tiles).toHaveLength(25);
      expect(new Set(running.tiles.map((tile) => tile.goal.type))).toEqual(
        new Set(['item', 'kc', 'xp', 'manual']),
      );
      expect(fromDink(running).length).toBeGreaterThanOrEqual(1);
      expect(fromDink(finished).length).toBeGreaterThanOrEqual(1);
      // One screenshot tile per team, approved while the finished board ran.
      const approved = finished.teams.flatMap((team) =>
        team.tiles.filter((tile) => tile.state === 'complete'),
      );
      expect(approved.length).toBeGreaterThan(fromDink(finished).length);

      const admin = await loginAs(t, 'admin');
      const queue = await t.app.inject({
        url: `/api/admin/bingo/${running.id}/submissions?status=pending`,
        headers: { cookie: admin },
      });
      expect(queue.statusCode).toBe(200);
      const pending = queue.json<BingoSubmission[]>();
      expect(pending).toHaveLength(2);
      for (const submission of pending) {
        expect(submission).toMatchObject({ source: 'member', status: 'pending' });
        expect(submission.screenshot).not.toBeNull();
      }
      const waiting = running.teams.flatMap((team) => team.tiles.filter((tile) => tile.state === 'pending'));
      expect(waiting).toHaveLength(2);

      const before = await counts();
      t.clock.advance(60_000);
      expect(await seedDemoBingo(deps)).toBe(0);
      expect(await counts()).toEqual(before);
      expect(before).toEqual({ boards: 2, teams: 6, tiles: 16 + 25, submissions: 5 });
    });

    it('counts the posts the moments job read before the boards existed', async () => {
      await t.runJob(DINK_MOMENTS);
      expect(await seedDemoBingo(deps)).toBe(2);
      const { finished, running } = await boards();
      expect(fromDink(running).length).toBeGreaterThanOrEqual(1);
      expect(fromDink(finished).length).toBeGreaterThanOrEqual(1);
    });

    it('waits for members, and makes no proofs without an account to send them', async () => {
      await t.database.db.deleteFrom('dink_posts').execute();
      await t.database.db.deleteFrom('members').execute();
      expect(await seedDemoBingo(deps)).toBe(0);
      for (let index = 1; index <= 3; index += 1) await addMember(t, String(index), `Member ${index}`);
      await t.database.db.deleteFrom('users').execute();
      expect(await seedDemoBingo(deps)).toBe(2);
      const { finished, running } = await boards();
      expect(running.teams.map((team) => team.members.length)).toEqual([1, 1, 1]);
      expect(finished.teams.map((team) => team.members.length)).toEqual([1, 1, 1]);
      expect((await counts()).submissions).toBe(0);
    });
  });
}
