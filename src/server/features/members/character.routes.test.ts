import type { InjectOptions } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CharacterPage } from '#core/members/character.schema.ts';
import { createManualClock, createTestApp, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { signInRoles, type SignedInRoles } from '#test/roles.ts';
import { startSimulator, type WomSimulator } from '#stand-ins/wom/index.ts';
import type { NewMemberRow } from '../../db/schema.ts';
import { listSnapshotPoints } from '../member-history/member-history.repository.ts';

const NOW = '2026-11-21T12:00:00.000Z';
const HOUR = 60 * 60 * 1000;

function memberRow(womId: string, name: string, extra: Partial<NewMemberRow> = {}): NewMemberRow {
  return { wom_id: womId, name, hidden: false, created_at: NOW, updated_at: NOW, ...extra };
}

for (const dialect of testDialects) {
  describe(`${dialect}: character page API`, () => {
    let t: TestApp;
    let roles: SignedInRoles;

    beforeEach(async () => {
      t = await createTestApp(dialect);
      t.clock.set(NOW);
      roles = await signInRoles(t);
    });
    afterEach(async () => t.close());

    const db = () => t.database.db;
    const seed = async (...rows: NewMemberRow[]) => {
      // One row at a time: SQLite has no DEFAULT inside a multi-row VALUES list.
      for (const row of rows) await db().insertInto('members').values(row).execute();
    };
    const getPage = (womId: string) => t.app.inject({ method: 'GET', url: `/api/members/${womId}` });
    const page = async (womId: string) => {
      const response = await getPage(womId);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<CharacterPage>();
    };
    const asAdmin = (options: InjectOptions) => roles.as('admin', options);

    async function addGoal(womId: string, isPublic: boolean, metric: string) {
      const row = await db()
        .insertInto('user_goals')
        .values({
          user_id: roles.userId,
          wom_id: womId,
          player_name: 'Zezima',
          goal_type: 'skill',
          metric,
          target_value: 2_000_000,
          start_value: 1_000_000,
          current_value: 1_250_000,
          start_date: NOW,
          target_date: null,
          completed: false,
          public: isPublic,
          created_at: NOW,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    }

    async function addRace(title: string, isPublic: boolean, womId: string) {
      const race = await db()
        .insertInto('races')
        .values({
          creator_id: roles.userId,
          title,
          public: isPublic,
          end_date: null,
          created_at: NOW,
          updated_at: NOW,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db()
        .insertInto('race_participants')
        .values({
          race_id: race.id,
          wom_id: womId,
          player_name: 'Zezima',
          metric: 'attack',
          start_value: 100,
          current_value: 175,
          target_value: 200,
        })
        .execute();
      return race.id;
    }

    async function addEvent(name: string, womId: string | null, endDate: string) {
      const row = await db()
        .insertInto('events')
        .values({
          name,
          wom_id: womId,
          metric: 'fishing',
          start_date: '2026-01-01T00:00:00.000Z',
          end_date: endDate,
          created_at: NOW,
          updated_at: NOW,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    }

    async function addResult(eventId: number, womId: string, won: boolean) {
      await db()
        .insertInto('event_results')
        .values({
          event_id: eventId,
          member_wom_id: womId,
          placement: won ? 1 : 2,
          gained: 100,
          points: won ? 15 : 10,
          won,
          created_at: NOW,
        })
        .execute();
    }

    it("serves a member's page: the next rank in words, seasons, wins, public goals and races, a year of history", async () => {
      await seed(
        memberRow('42', 'Zezima', {
          wom_name: 'zezima',
          womrole: 'ruby',
          current_xp: 40_998_850,
          first_xp: 10_000_000,
          current_lvl: 1800,
          combat_level: 110,
          ehb: 412.87,
          siege_score: 17,
          wom_last_changed_at: '2026-11-20T08:00:00.000Z',
        }),
        memberRow('7', 'Other'),
      );
      const open = await db()
        .selectFrom('seasons')
        .select(['id', 'name'])
        .where('is_open', '=', true)
        .executeTakeFirstOrThrow();
      const archived = await db()
        .insertInto('seasons')
        .values({
          name: 'Season 0',
          is_open: false,
          started_at: '2025-01-01T00:00:00.000Z',
          ended_at: '2025-12-31T00:00:00.000Z',
          closed_by: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db()
        .insertInto('season_scores')
        .values([
          { season_id: archived.id, member_wom_id: '42', name: 'Zezima', siege_score: 55 },
          { season_id: archived.id, member_wom_id: '7', name: 'Other', siege_score: 3 },
        ])
        .execute();
      const won = await addEvent('Fishing week', '900', '2026-10-08T00:00:00.000Z');
      const lost = await addEvent('Mining week', '901', '2026-10-15T00:00:00.000Z');
      const manual = await addEvent('Bingo', null, '2026-10-20T00:00:00.000Z');
      await addResult(won, '42', true);
      await addResult(lost, '42', false);
      await addResult(manual, '42', true);
      const publicGoal = await addGoal('42', true, 'fishing');
      await addGoal('42', false, 'secret_skill');
      const publicRace = await addRace('Attack race', true, '42');
      await addRace('Secret race', false, '42');
      await db()
        .insertInto('member_snapshots')
        .values([
          // A year and a day ago: outside the page's history.
          {
            wom_id: '42',
            day: '2025-11-21',
            snapshot_at: '2025-11-21T10:00:00.000Z',
            exp: 1,
            ehb: 1,
            ehp: 1,
          },
          {
            wom_id: '42',
            day: '2025-11-22',
            snapshot_at: '2025-11-22T10:00:00.000Z',
            exp: 30_000_000,
            ehb: 300.5,
            ehp: 9,
          },
          {
            wom_id: '42',
            day: '2026-11-21',
            snapshot_at: '2026-11-21T11:00:00.000Z',
            exp: 40_998_850,
            ehb: 412.87,
            ehp: 9,
          },
          { wom_id: '7', day: '2026-11-21', snapshot_at: '2026-11-21T11:00:00.000Z', exp: 5, ehb: 5, ehp: 5 },
        ])
        .execute();
      await db()
        .insertInto('member_stats')
        .values({
          wom_id: '42',
          snapshot: 'null',
          snapshot_at: '2026-11-21T11:00:00.000Z',
          fetched_at: '2026-11-21T11:30:00.000Z',
        })
        .execute();

      const body = await page('42');
      expect(body.member).toMatchObject({ wom_id: '42', name: 'Zezima', womrole: 'ruby', ehb: 412 });
      expect(body.member.current_lvl).toBe(1800);
      expect(body.member.combat_level).toBe(110);
      // Clan XP 30,998,850 is in the Ruby band; Diamond starts at 40M.
      expect(body.next_rank_text).toBe('9,001,150 XP to Diamond');
      expect(body.wom_profile_url).toBe('https://wiseoldman.net/players/zezima');
      expect(body.last_updated_at).toBe('2026-11-21T11:00:00.000Z');
      expect(body.wom_last_changed_at).toBe('2026-11-20T08:00:00.000Z');
      expect(body.seasons).toEqual([
        {
          season_id: archived.id,
          name: 'Season 0',
          started_at: '2025-01-01T00:00:00.000Z',
          ended_at: '2025-12-31T00:00:00.000Z',
          open: false,
          siege_score: 55,
        },
        expect.objectContaining({
          season_id: open.id,
          name: open.name,
          open: true,
          ended_at: null,
          siege_score: 17,
        }),
      ]);
      expect(body.events_won).toEqual([
        { id: won, name: 'Fishing week', metric: 'fishing', end_date: '2026-10-08T00:00:00.000Z' },
      ]);
      expect(body.goals).toEqual([
        {
          id: publicGoal,
          goal_type: 'skill',
          metric: 'fishing',
          start_value: 1_000_000,
          current_value: 1_250_000,
          target_value: 2_000_000,
          progress_percent: 25,
          completed: false,
          target_date: null,
        },
      ]);
      expect(body.races).toEqual([
        expect.objectContaining({
          id: publicRace,
          title: 'Attack race',
          metric: 'attack',
          progress_percent: 75,
        }),
      ]);
      expect(JSON.stringify(body)).not.toContain('secret');
      expect(JSON.stringify(body)).not.toContain('Secret');
      expect(body.history).toEqual([
        { day: '2025-11-22', exp: 30_000_000, ehb: 300.5 },
        { day: '2026-11-21', exp: 40_998_850, ehb: 412.87 },
      ]);
    });

    it('says the words for a fighter, for the top band, and has none for a role without a rank path or a member WOM never measured', async () => {
      await seed(
        memberRow('1', 'Fighter', { womrole: 'prefect', ehb: 120, current_xp: 80_000_000 }),
        memberRow('2', 'Top', { womrole: 'zenyte', current_xp: 600_000_000 }),
        memberRow('3', 'Staff', { womrole: 'moderator' }),
        memberRow('4', 'Untracked', { womrole: 'opal', current_xp: 0, first_xp: 0 }),
      );
      expect((await page('1')).next_rank_text).toBe('180 EHB to Leader');
      expect((await page('2')).next_rank_text).toBe('Max rank achieved');
      expect((await page('3')).next_rank_text).toBeNull();
      // Wise Old Man never measured them: nothing to count from.
      expect((await page('4')).next_rank_text).toBeNull();
    });

    it('answers 404 for hidden, deleted, departed and unknown members, and 400 for an id that is no WOM id', async () => {
      await seed(
        memberRow('1', 'Hidden', { hidden: true }),
        memberRow('2', 'Deleted', { deleted_at: NOW }),
        memberRow('3', 'Departed', { left_at: NOW }),
      );
      for (const womId of ['1', '2', '3', '4']) {
        const response = await getPage(womId);
        expect(response.statusCode, womId).toBe(404);
        expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'No such member' });
      }
      for (const garbage of ['abc', '0', '-1', '1.5', '99999999999', '%20']) {
        const response = await getPage(garbage);
        expect(response.statusCode, garbage).toBe(400);
        expect(response.json().code).toBe('VALIDATION_ERROR');
      }
    });

    it('serves prebuilt bytes with an ETag and answers 304 to it', async () => {
      await seed(memberRow('1', 'Alpha'));
      const first = await t.app.inject({
        method: 'GET',
        url: '/api/members/1',
        headers: { 'accept-encoding': 'br' },
      });
      expect(first.headers['content-encoding']).toBe('br');
      const etag = first.headers.etag;
      expect(etag).toEqual(expect.any(String));
      const again = await t.app.inject({
        method: 'GET',
        url: '/api/members/1',
        headers: { 'if-none-match': String(etag) },
      });
      expect(again.statusCode).toBe(304);
    });

    it('shows a change at once: points, a goal removed, hiding the member', async () => {
      await seed(memberRow('1', 'Alpha', { siege_score: 3 }));
      const goal = await addGoal('1', true, 'fishing');
      expect((await page('1')).member.siege_score).toBe(3);
      expect((await page('1')).goals.map((g) => g.id)).toEqual([goal]);

      const points = await asAdmin({
        method: 'POST',
        url: '/api/admin/members/1/points',
        payload: { amount: 5 },
      });
      expect(points.statusCode).toBe(200);
      const afterPoints = await page('1');
      expect(afterPoints.member.siege_score).toBe(8);
      expect(afterPoints.seasons.at(-1)?.siege_score).toBe(8);

      const removed = await roles.as('user', { method: 'DELETE', url: `/api/user-goals/${goal}` });
      expect(removed.statusCode).toBe(204);
      expect((await page('1')).goals).toEqual([]);

      const hidden = await asAdmin({
        method: 'POST',
        url: '/api/admin/members/1/visibility',
        payload: { hidden: true },
      });
      expect(hidden.statusCode).toBe(200);
      expect((await getPage('1')).statusCode).toBe(404);
    });

    it("moves the history's first day with the date, without any write", async () => {
      await seed(memberRow('1', 'Alpha'));
      await db()
        .insertInto('member_snapshots')
        .values({
          wom_id: '1',
          day: '2025-11-22',
          snapshot_at: '2025-11-22T10:00:00.000Z',
          exp: 5,
          ehb: 0,
          ehp: 0,
        })
        .execute();
      expect((await page('1')).history).toHaveLength(1);
      t.clock.set('2026-11-22T00:30:00.000Z');
      expect((await page('1')).history).toEqual([]);
    });
  });

  describe(`${dialect}: character page after a WOM sync`, () => {
    let simulator: WomSimulator;
    let t: TestApp;
    const clock = createManualClock(NOW);

    beforeEach(async () => {
      clock.set(NOW);
      simulator = await startSimulator({ members: 8, seed: 3, clock, rateLimit: false });
      t = await createTestApp(dialect, { clock, wom: { url: simulator.url, groupId: simulator.groupId } });
    });
    afterEach(async () => {
      await t.close();
      await simulator.close();
    });

    it('shows the points each sync stored, the page having been read in between', async () => {
      await t.sync();
      const members = await t.database.db.selectFrom('members').select('wom_id').execute();
      const before = new Map<string, number>();
      for (const { wom_id } of members) {
        const response = await t.app.inject({ method: 'GET', url: `/api/members/${wom_id}` });
        expect(response.statusCode).toBe(200);
        before.set(wom_id, response.json<CharacterPage>().history.length);
      }
      clock.advance(30 * HOUR);
      await t.sync();
      let grown = 0;
      for (const { wom_id } of members) {
        const body = (
          await t.app.inject({ method: 'GET', url: `/api/members/${wom_id}` })
        ).json<CharacterPage>();
        const stored = await listSnapshotPoints(t.database.db, wom_id, '2000-01-01');
        expect(body.history).toEqual(stored.map(({ day, exp, ehb }) => ({ day, exp, ehb })));
        if (body.history.length > (before.get(wom_id) ?? 0)) grown += 1;
      }
      expect(grown).toBeGreaterThan(0);
    });
  });
}
