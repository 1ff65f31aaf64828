import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EVENT_BOOKING_MESSAGES } from '#core/events/event-booking.ts';
import type { AdminMember } from '#core/members/admin-members.schema.ts';
import type { CharacterPage } from '#core/members/character.schema.ts';
import { createManualClock, createTestApp, createUser, inject, loginAs, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { RECORDED_GROUP_ID, recordedJson, startRecordedWom, type RecordedWom } from '#test/recorded-wom.ts';

/**
 * The sync applied to what a real WOM server answered (src/test/fixtures/wom-recorded): its first
 * sync, then the group after renames, a promotion, a join and late join dates, once the team
 * competition that was running has ended. Competition 5 ("Team Fishing", Minnows 200,000 against
 * Sharks 150,000) runs from 04:20:18 to 04:23:38 on 25 November; the others had ended or not begun.
 */

interface Membership {
  playerId: number;
  role: string;
  createdAt: string;
  clientSyncJoinedAt: string | null;
  player: { displayName: string };
}
interface Participation {
  playerId: number;
  teamName: string | null;
  progress: { gained: number };
  player: { displayName: string };
}
interface Achievement {
  playerId: number;
  name: string;
  createdAt: string;
}

const DURING_TEAM_FISHING = '2026-11-25T04:21:00.000Z';
/** Past its end and the default hour of grace for WOM's final update. */
const AFTER_TEAM_FISHING = '2026-11-25T05:30:00.000Z';

const firstSync = recordedJson<{ memberships: Membership[] }>('group-details.first-sync.json');
const afterChanges = recordedJson<{ memberships: Membership[] }>('group-details.after-changes.json');
const teamFishing = recordedJson<{ participations: Participation[] }>('competition-team-ongoing.json');
const teamSlayer = recordedJson<{ participations: Participation[] }>('competition-team-finished.json');
const achievementPages = [
  ...recordedJson<Achievement[]>('group-achievements.limit50-offset0.json'),
  ...recordedJson<Achievement[]>('group-achievements.limit50-offset50.json'),
];

let wom: RecordedWom;
beforeAll(async () => {
  wom = await startRecordedWom();
});
afterAll(async () => wom.close());

for (const dialect of testDialects) {
  describe(`${dialect}: WOM sync on a real WOM's answers`, () => {
    const clock = createManualClock(DURING_TEAM_FISHING);
    let t: TestApp;
    let logged: string[];

    beforeEach(async () => {
      clock.set(DURING_TEAM_FISHING);
      wom.moment = 'first-sync';
      logged = [];
      // A self-hosted WOM is reached without /v2.
      t = await createTestApp(dialect, {
        clock,
        wom: { url: wom.url, groupId: RECORDED_GROUP_ID },
        syncLog: { info: (message) => logged.push(message) },
      });
    });
    afterEach(async () => t.close());

    const members = () => t.database.db.selectFrom('members').selectAll().orderBy('wom_id').execute();
    const memberOf = async (womId: number) => (await members()).find((m) => m.wom_id === String(womId))!;

    it('takes in every member, event and achievement of the first sync, and pays nothing already over', async () => {
      expect((await t.sync()).outcome).toBe('succeeded');

      const stored = await members();
      expect(stored.map((m) => Number(m.wom_id)).sort((a, b) => a - b)).toEqual(
        firstSync.memberships.map((m) => m.playerId).sort((a, b) => a - b),
      );
      for (const membership of firstSync.memberships) {
        const member = stored.find((m) => m.wom_id === String(membership.playerId))!;
        expect(member).toMatchObject({ name: membership.player.displayName, womrole: membership.role });
      }

      const events = await t.database.db.selectFrom('events').select(['wom_id', 'name']).execute();
      expect(events.map((e) => e.name).sort()).toEqual([
        'Fishing Frenzy',
        'Overall Sprint',
        'Team Fishing',
        'Team Slayer',
        'Zulrah Week',
      ]);
      expect(await t.database.db.selectFrom('points').selectAll().execute()).toEqual([]);
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatch(
        /^WOM sync: 31 members \(31 joined\), 30 new snapshots, 99 new achievements, 5 events changed; 6 WOM requests in \d+\.\d s$/,
      );

      // The same (player, achievement) is on both recorded pages: stored once.
      const unique = new Set(achievementPages.map((a) => `${a.playerId}:${a.name}`));
      const achievements = await t.database.db.selectFrom('achievements').selectAll().execute();
      expect(achievements).toHaveLength(unique.size);
      const undated = new Set(
        achievementPages.filter((a) => Date.parse(a.createdAt) === 0).map((a) => `${a.playerId}:${a.name}`),
      );
      expect(achievements.filter((a) => a.achieved_at === null)).toHaveLength(undated.size);
    });

    it('lists dated achievements before the undated backlog, which never reads as 1970', async () => {
      await t.sync();
      const response = await inject(t, { method: 'GET', url: '/api/wom-group-achievements?limit=50' });
      const listed = response.json<Array<{ createdAt: string | null }>>();
      const dated = achievementPages.filter((a) => Date.parse(a.createdAt) > 0).length;
      expect(listed.slice(0, dated).every((a) => a.createdAt !== null)).toBe(true);
      expect(listed.slice(dated).every((a) => a.createdAt === null)).toBe(true);
      expect(response.body).not.toContain('1970-01-01');
    });

    it('keeps the first join date of a member WOM recorded leaving and rejoining, and records the return', async () => {
      // Quiet Quinn (30) left and rejoined between the two recordings: WOM dates the new membership.
      const rejoined = afterChanges.memberships.find((m) => m.playerId === 30)!;
      await t.sync();
      const first = (await memberOf(30)).join_date;
      wom.moment = 'after-changes';
      clock.set(AFTER_TEAM_FISHING);
      expect((await t.sync()).outcome).toBe('succeeded');

      const returnedOn = rejoined.createdAt.slice(0, 10);
      expect(first).not.toBe(returnedOn);
      expect(await memberOf(30)).toMatchObject({ join_date: first, wom_join_date_synced: returnedOn });
      const returns = await t.database.db.selectFrom('member_returns').selectAll().execute();
      expect(returns).toEqual([
        expect.objectContaining({
          wom_id: '30',
          left_at: null,
          returned_on: returnedOn,
          joined_before: first,
        }),
      ]);
      const audit = await t.database.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'member.return')
        .execute();
      expect(audit).toEqual([
        expect.objectContaining({ actor_label: 'wom-sync', target_type: 'member', target_id: '30' }),
      ]);

      const page = (await inject(t, { method: 'GET', url: '/api/members/30' })).json<CharacterPage>();
      expect(page.member.join_date).toBe(first);
      expect(page.returns).toEqual([{ left_at: null, returned_on: returnedOn, joined_before: first }]);

      // The admin sees the return and chooses the return date as the one that counts, audited.
      await createUser(t, 'leader', { admin: true });
      const cookie = await loginAs(t, 'leader');
      const admin = (await inject(t, { method: 'GET', url: '/api/admin/members', headers: { cookie } }))
        .json<AdminMember[]>()
        .find((member) => member.wom_id === '30')!;
      expect(admin.returns).toEqual(page.returns);
      const saved = await inject(t, {
        method: 'PATCH',
        url: '/api/admin/members/30',
        headers: { cookie },
        payload: { join_date: returnedOn, expected_updated_at: admin.updated_at },
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json<AdminMember>()).toMatchObject({ join_date: returnedOn, returns: admin.returns });
      const edit = await t.database.db
        .selectFrom('audit_log')
        .select(['before', 'after'])
        .where('action', '=', 'member.update')
        .executeTakeFirstOrThrow();
      expect([JSON.parse(edit.before ?? '{}'), JSON.parse(edit.after ?? '{}')]).toEqual([
        { join_date: first },
        { join_date: returnedOn },
      ]);
      // The next sync leaves the admin's choice alone and records no second return.
      await t.sync();
      expect((await memberOf(30)).join_date).toBe(returnedOn);
      expect(await t.database.db.selectFrom('member_returns').selectAll().execute()).toHaveLength(1);
    });

    it('shows the winners of competitions over before the first sync as before this site, paying only what an admin books', async () => {
      await t.sync();
      wom.moment = 'after-changes';
      clock.set(AFTER_TEAM_FISHING);
      expect((await t.sync()).outcome).toBe('succeeded');

      const events = (await inject(t, { method: 'GET', url: '/api/events' })).json<
        Array<{ id: number; name: string; winners: string[]; before_site: boolean }>
      >();
      const byName = new Map(events.map((event) => [event.name, event]));
      // Fishing Frenzy ended at 04:12, before the first sync at 04:21; Team Fishing was running then.
      expect(byName.get('Fishing Frenzy')).toMatchObject({ before_site: true, winners: ['Fish Finn'] });
      const blueTeam = teamSlayer.participations
        .filter((p) => p.teamName === 'Blue Team' && p.progress.gained > 0)
        .map((p) => p.player.displayName);
      expect(byName.get('Team Slayer')?.before_site).toBe(true);
      expect(byName.get('Team Slayer')?.winners.sort()).toEqual(blueTeam.sort());
      // The recorded WOM does not know competition 1: no winner to show, and the sync carried on.
      expect(byName.get('Zulrah Week')).toMatchObject({ before_site: true, winners: [] });
      expect(byName.get('Team Fishing')?.before_site).toBe(false);
      const eventPoints = async (name: string) =>
        t.database.db
          .selectFrom('points')
          .select(['member_wom_id', 'amount', 'kind'])
          .where('event_id', '=', byName.get(name)!.id)
          .orderBy('member_wom_id')
          .execute();
      expect(await eventPoints('Fishing Frenzy')).toEqual([]);

      await createUser(t, 'leader', { admin: true });
      const cookie = await loginAs(t, 'leader');
      const book = (name: string) =>
        inject(t, {
          method: 'POST',
          url: `/api/admin/events/${byName.get(name)!.id}/book-points`,
          headers: { cookie },
        });
      const booked = await book('Fishing Frenzy');
      expect(booked.statusCode).toBe(200);
      expect(booked.json()).toMatchObject({ before_site: true, points_awarded_at: AFTER_TEAM_FISHING });
      // Fish Finn first; Fish_Fiona and TzKal Tom tied second; everyone else who gained takes part.
      const expected = { '27': 15, '28': 10, '26': 10, '25': 2, '17': 2, '2': 2, '1': 2, '30': 2 };
      const ledger = await eventPoints('Fishing Frenzy');
      expect(Object.fromEntries(ledger.map((row) => [row.member_wom_id, row.amount]))).toEqual(expected);
      expect(ledger.every((row) => row.kind === 'award')).toBe(true);
      expect((await memberOf(27)).siege_score).toBe(15);
      const audit = await t.database.db
        .selectFrom('audit_log')
        .select(['target_id', 'after'])
        .where('action', '=', 'event.book-points')
        .execute();
      expect(audit.map((row) => [row.target_id, JSON.parse(row.after ?? '{}') as unknown])).toEqual([
        [
          String(byName.get('Fishing Frenzy')!.id),
          { points_awarded_at: AFTER_TEAM_FISHING, members: 8, points: 45 },
        ],
      ]);

      // Once only; the sync books what it pays itself; without results there is nothing to book.
      expect((await book('Fishing Frenzy')).json()).toMatchObject({
        message: EVENT_BOOKING_MESSAGES.alreadyBooked,
      });
      expect((await book('Team Fishing')).json()).toMatchObject({
        message: EVENT_BOOKING_MESSAGES.alreadyBooked,
      });
      expect((await book('Zulrah Week')).json()).toMatchObject({ message: EVENT_BOOKING_MESSAGES.noResults });
      expect((await book('Zulrah Week')).statusCode).toBe(409);

      // A booked award is undone through the ledger like any other.
      const award = await t.database.db
        .selectFrom('points')
        .select('id')
        .where('event_id', '=', byName.get('Fishing Frenzy')!.id)
        .where('member_wom_id', '=', '27')
        .executeTakeFirstOrThrow();
      const undo = await inject(t, {
        method: 'POST',
        url: `/api/admin/members/27/points/${award.id}/undo`,
        headers: { cookie },
      });
      expect(undo.statusCode).toBe(200);
      expect((await memberOf(27)).siege_score).toBe(0);
    });

    it('follows renames, promotions, joins and late join dates, and pays the team competition by team', async () => {
      await t.sync();
      const before = await memberOf(5);
      wom.moment = 'after-changes';
      clock.set(AFTER_TEAM_FISHING);
      expect((await t.sync()).outcome).toBe('succeeded');

      expect(await memberOf(14)).toMatchObject({ name: 'Diamond Dee', wom_name: 'Diamond Dee' });
      const promoted = afterChanges.memberships.find((m) => m.playerId === 18)!;
      expect((await memberOf(18)).womrole).toBe(promoted.role);
      expect(await memberOf(34)).toBeDefined();
      for (const womId of [5, 10]) {
        const joined = afterChanges.memberships.find((m) => m.playerId === womId)!.clientSyncJoinedAt;
        expect((await memberOf(womId)).join_date).toBe(joined!.slice(0, 10));
      }
      expect(before.join_date).not.toBe('2024-05-01');

      const memberIds = new Set((await members()).map((m) => m.wom_id));
      const points = await t.database.db
        .selectFrom('points')
        .select(['member_wom_id', 'amount', 'reason'])
        .execute();
      const expected = teamFishing.participations
        .filter((p) => p.progress.gained > 0 && memberIds.has(String(p.playerId)))
        .map((p) => ({
          member_wom_id: String(p.playerId),
          amount: p.teamName === 'Minnows' ? 15 : 10,
          reason: `Team Fishing: ${p.teamName}, ${p.teamName === 'Minnows' ? '1st' : '2nd'} place`,
        }));
      expect(expected.length).toBeGreaterThan(0);
      expect(points.sort((a, b) => a.member_wom_id.localeCompare(b.member_wom_id))).toEqual(
        expected.sort((a, b) => a.member_wom_id.localeCompare(b.member_wom_id)),
      );

      const events = (await inject(t, { method: 'GET', url: '/api/events' })).json<
        Array<{ name: string; winners: string[] }>
      >();
      const minnows = teamFishing.participations
        .filter((p) => p.teamName === 'Minnows' && p.progress.gained > 0)
        .map((p) => p.player.displayName);
      expect(events.find((e) => e.name === 'Team Fishing')?.winners.sort()).toEqual(minnows.sort());

      const competitions = (await inject(t, { method: 'GET', url: '/api/wom-competitions' })).json<
        Array<{
          id: number;
          metrics: string[];
          teams: Array<{ team: string; placement: number; gained: number }> | null;
        }>
      >();
      const teams = competitions.find((c) => c.id === 5)?.teams;
      expect(teams?.map((team) => [team.team, team.placement, team.gained])).toEqual([
        ['Minnows', 1, 200_000],
        ['Sharks', 2, 150_000],
      ]);
      expect(competitions.every((c) => c.metrics.length > 0)).toBe(true);
    });
  });
}
