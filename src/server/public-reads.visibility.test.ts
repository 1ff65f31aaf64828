import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock, createUser, loginAs, type TestApp } from '#test/app.ts';
import { createAppWithClanHistory } from '#test/clan-history.ts';
import { testDialects } from '#test/databases.ts';
import type { ClanEvent } from '#core/events/events.schema.ts';
import type { Leaderboards } from '#core/leaderboards/leaderboards.schema.ts';
import type { PublicMember } from '#core/members/members.schema.ts';
import type { Race, RaceDetail, RacesPage } from '#core/races/races.schema.ts';
import { normaliseRsn } from '#core/members/names.ts';
import type { WomCompetitionItem, WomGroup, WomGroupStats } from '#core/wom/wom-data.schema.ts';
import type { WomSimulator } from '#stand-ins/wom/index.ts';
import { bumpRevision } from './db/revisions.ts';
import { createRaceAs, measuredMembers, raceInput } from './features/races/races.testing.ts';

const START = '2026-11-21T12:00:00.000Z';

interface Member {
  wom_id: string;
  name: string;
  wom_name: string | null;
}

/** Keys whose value is a player's WOM id; `player.id` is an `id` inside a `player` object. */
const PLAYER_ID_KEYS = ['wom_id', 'playerId', 'player_wom_id', 'player.id'];

/**
 * Whether a JSON body names the member anywhere: a string that is one of their names (as RSNs
 * compare), or their WOM id under a key that holds player ids.
 */
function names(body: string, member: Member, idKeys: readonly string[] = PLAYER_ID_KEYS): boolean {
  const theirNames = new Set([member.name, member.wom_name ?? member.name].map(normaliseRsn));
  const visit = (value: unknown, key: string): boolean => {
    if (typeof value === 'string' && theirNames.has(normaliseRsn(value))) return true;
    if ((typeof value === 'string' || typeof value === 'number') && idKeys.includes(key)) {
      return String(value) === member.wom_id;
    }
    if (Array.isArray(value)) return value.some((item) => visit(item, key));
    if (typeof value === 'object' && value !== null) {
      return Object.entries(value).some(([k, v]) => visit(v, key === 'player' ? `player.${k}` : k));
    }
    return false;
  };
  return visit(JSON.parse(body), '');
}

for (const dialect of testDialects) {
  describe(`${dialect}: no public read names a hidden member`, () => {
    let simulator: WomSimulator;
    let t: TestApp;
    let race: Race;
    let creator: string;
    let admin: string;
    const clock = createManualClock(START);

    const get = (url: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url, headers });
    const json = async <T>(url: string): Promise<T> => (await get(url)).json<T>();

    const member = (womId: string | number): Promise<Member> =>
      t.database.db
        .selectFrom('members')
        .select(['wom_id', 'name', 'wom_name'])
        .where('wom_id', '=', String(womId))
        .executeTakeFirstOrThrow();

    /** As an admin's edit would: the change, then the roster's revision (decision 007). */
    async function hide(womId: string) {
      await t.database.db.updateTable('members').set({ hidden: true }).where('wom_id', '=', womId).execute();
      await bumpRevision(t.database.db, 'members');
    }

    /** A member who won an event, found by the name the event shows. */
    async function eventWinner(): Promise<Member> {
      const events = await json<ClanEvent[]>('/api/events');
      const members = await t.database.db
        .selectFrom('members')
        .select(['wom_id', 'name', 'wom_name'])
        .execute();
      for (const event of events) {
        if (event.winner_username === null) continue;
        const winner = normaliseRsn(event.winner_username);
        const found = members.find((m) => normaliseRsn(m.wom_name ?? m.name) === winner);
        if (found) return found;
      }
      throw new Error('no event won by a member');
    }

    beforeAll(async () => {
      ({ t, simulator } = await createAppWithClanHistory(dialect, clock, START));
      // Someone joined on this day three years ago, so the anniversaries name them.
      const joiner = simulator.memberIds()[7]!;
      await t.database.db
        .updateTable('members')
        .set({ join_date: '2023-11-21' })
        .where('wom_id', '=', String(joiner))
        .execute();
      await bumpRevision(t.database.db, 'members');
      await createUser(t, 'racer');
      await createUser(t, 'boss', { admin: true });
      creator = await loginAs(t, 'racer');
      admin = await loginAs(t, 'boss');
      const players = (await measuredMembers(t)).slice(0, 3);
      race = await createRaceAs(
        t,
        creator,
        raceInput(
          players.map((p) => ({ wom_id: p.wom_id, metric: 'attack', target_value: p.attack + 1_000 })),
        ),
      );
    });
    afterEach(async () => {
      await t.database.db.updateTable('members').set({ hidden: false, deleted_at: null }).execute();
      await bumpRevision(t.database.db, 'members');
    });
    afterAll(async () => {
      await t.close();
      await simulator.close();
    });

    const reads: Array<{
      read: string;
      url: (id: string) => string;
      /** A member the read names now. */
      shown: () => Promise<Member>;
      idKeys?: readonly string[];
      /** The status once the member is hidden: a read of that one player finds nobody. */
      statusOnceHidden?: number;
    }> = [
      {
        read: '/api/members',
        url: () => '/api/members',
        shown: async () => member((await json<PublicMember[]>('/api/members'))[0]!.wom_id),
      },
      {
        read: '/api/events',
        url: () => '/api/events',
        shown: eventWinner,
        // An event's wom_id is its competition's, not a player's.
        idKeys: [],
      },
      {
        read: '/api/leaderboards (siege score)',
        url: () => '/api/leaderboards',
        shown: async () => member((await json<Leaderboards>('/api/leaderboards')).siege_score[0]!.wom_id),
      },
      {
        read: '/api/leaderboards (event wins)',
        url: () => '/api/leaderboards',
        shown: async () => member((await json<Leaderboards>('/api/leaderboards')).event_wins[0]!.wom_id),
      },
      {
        read: '/api/wom-group',
        url: () => '/api/wom-group',
        shown: async () => member((await json<WomGroup>('/api/wom-group')).memberships[0]!.playerId),
      },
      {
        read: '/api/wom-group-stats',
        url: () => '/api/wom-group-stats',
        shown: async () => {
          const stats = await json<WomGroupStats>('/api/wom-group-stats');
          return member(Object.values(stats.metricLeaders.bosses).find((l) => l.player)!.player!.id);
        },
      },
      {
        read: '/api/wom-group-achievements',
        url: () => '/api/wom-group-achievements?limit=100',
        shown: async () =>
          member(
            (await json<Array<{ player: { id: number } }>>('/api/wom-group-achievements?limit=100'))[0]!
              .player.id,
          ),
      },
      {
        read: '/api/wom-competitions',
        url: () => '/api/wom-competitions',
        shown: async () => {
          const members = new Set(simulator.memberIds());
          const competitions = await json<WomCompetitionItem[]>('/api/wom-competitions');
          const participant = competitions
            .flatMap((c) => c.participants ?? [])
            .find((p) => members.has(p.playerId));
          return member(participant!.playerId);
        },
      },
      {
        read: '/api/wom-player',
        url: (id) => `/api/wom-player?id=${id}`,
        shown: () => member(simulator.memberIds()[3]!),
        statusOnceHidden: 404,
      },
      {
        read: '/api/pwom-player',
        url: (id) => `/api/pwom-player?id=${id}`,
        shown: () => member(simulator.memberIds()[4]!),
        statusOnceHidden: 404,
      },
      {
        read: '/api/races?scope=public',
        url: () => '/api/races?scope=public',
        shown: async () =>
          member((await json<RacesPage>('/api/races?scope=public')).items[0]!.race_participants[0]!.wom_id),
      },
      {
        read: '/api/races/:id',
        url: () => `/api/races/${race.id}`,
        shown: async () =>
          member((await json<RaceDetail>(`/api/races/${race.id}`)).race_participants[0]!.wom_id),
      },
      {
        read: '/api/anniversaries',
        url: () => '/api/anniversaries',
        shown: async () => member((await json<Array<{ wom_id: string }>>('/api/anniversaries'))[0]!.wom_id),
      },
    ];

    it.each(reads)('$read stops naming a member once they are hidden', async (read) => {
      const { url, shown, idKeys, statusOnceHidden = 200 } = read;
      const hidden = await shown();
      const before = await get(url(hidden.wom_id));
      expect(before.statusCode).toBe(200);
      expect(names(before.body, hidden, idKeys)).toBe(true);

      await hide(hidden.wom_id);
      const after = await get(url(hidden.wom_id));
      expect(after.statusCode).toBe(statusOnceHidden);
      expect(names(after.body, hidden, idKeys)).toBe(false);
      if (statusOnceHidden === 404) {
        expect(after.json()).toEqual({ code: 'NOT_FOUND', message: expect.any(String) });
      }
      // A body cached or prebuilt for the old roster is not served again, not even as a 304.
      const revalidated = await get(url(hidden.wom_id), { 'if-none-match': before.headers.etag as string });
      expect(revalidated.statusCode).not.toBe(304);
      expect(names(revalidated.body, hidden, idKeys)).toBe(false);
    });

    it("leaves a hidden, then deleted, member out of a race's standings and history for all but admins", async () => {
      const gone = race.race_participants[0]!;
      const stays = race.race_participants[1]!;
      await hide(gone.wom_id);
      await t.database.db
        .updateTable('members')
        .set({ deleted_at: START })
        .where('wom_id', '=', gone.wom_id)
        .execute();
      const hidden = await member(gone.wom_id);

      const other = await createUser(t, 'onlooker');
      for (const cookie of [undefined, creator, await loginAs(t, other.username)]) {
        const response = await get(`/api/races/${race.id}`, cookie ? { cookie } : {});
        expect(response.statusCode).toBe(200);
        expect(names(response.body, hidden)).toBe(false);
        const detail = response.json<RaceDetail>();
        expect(detail.race_participants.map((p) => p.id)).not.toContain(gone.id);
        expect(detail.race_participants.map((p) => p.id)).toContain(stays.id);
        expect(detail.history.map((h) => h.participant_id)).not.toContain(gone.id);
        const list = await get('/api/races?scope=mine', cookie ? { cookie } : {});
        if (list.statusCode === 200) expect(names(list.body, hidden)).toBe(false);
      }
      const seenByAdmin = (await get(`/api/races/${race.id}`, { cookie: admin })).json<RaceDetail>();
      expect(seenByAdmin.race_participants.map((p) => p.id)).toContain(gone.id);
      expect(seenByAdmin.history.map((h) => h.participant_id)).toContain(gone.id);

      // The creator's next edit, sent from what they see, keeps the participant they cannot see.
      const edit = await t.app.inject({
        method: 'PUT',
        url: `/api/races/${race.id}`,
        headers: { cookie: creator },
        payload: raceInput(
          race.race_participants
            .filter((p) => p.id !== gone.id)
            .map((p) => ({ wom_id: p.wom_id, metric: p.metric, target_value: p.target_value })),
          { title: 'Renamed' },
        ),
      });
      expect(edit.statusCode).toBe(200);
      expect(names(edit.body, hidden)).toBe(false);
      const afterEdit = (await get(`/api/races/${race.id}`, { cookie: admin })).json<RaceDetail>();
      expect(afterEdit.race_participants.find((p) => p.id === gone.id)).toEqual(
        seenByAdmin.race_participants.find((p) => p.id === gone.id),
      );
    });

    it('shows the best visible participant as the winner of an event a hidden member won', async () => {
      const winner = await eventWinner();
      const events = await json<ClanEvent[]>('/api/events');
      const won = events.filter(
        (e) =>
          e.winner_username !== null &&
          normaliseRsn(e.winner_username) === normaliseRsn(winner.wom_name ?? winner.name),
      );
      await hide(winner.wom_id);
      const after = await json<ClanEvent[]>('/api/events');

      for (const event of won) {
        const details = (await (await fetch(`${simulator.url}/competitions/${event.wom_id}`)).json()) as {
          type: string;
          participations: Array<{
            playerId: number;
            teamName: string | null;
            player: { displayName: string };
            progress: { gained: number };
          }>;
        };
        const visible = details.participations.filter(
          (p) => String(p.playerId) !== winner.wom_id && p.progress.gained > 0,
        );
        let expected: string | null;
        if (details.type === 'team') {
          // The team still won (its total counts every player); its first visible player is shown.
          const totals = new Map<string | null, number>();
          for (const p of details.participations)
            totals.set(p.teamName, (totals.get(p.teamName) ?? 0) + p.progress.gained);
          const best = Math.max(...totals.values());
          expected = visible.find((p) => totals.get(p.teamName) === best)?.player.displayName ?? null;
        } else {
          const top = Math.max(...visible.map((p) => p.progress.gained));
          expected = visible.find((p) => p.progress.gained === top)?.player.displayName ?? null;
        }
        expect(after.find((e) => e.id === event.id)?.winner_username).toBe(expected);
      }
      // An event they won beside others (a tie, or a team) names the others only; every other event
      // keeps its winners.
      const isTheirs = (name: string) => normaliseRsn(name) === normaliseRsn(winner.wom_name ?? winner.name);
      const shared = events.filter((e) => !won.some((w) => w.id === e.id) && e.winners.some(isTheirs));
      for (const event of shared) {
        expect(after.find((e) => e.id === event.id)?.winners).toEqual(
          event.winners.filter((w) => !isTheirs(w)),
        );
      }
      const untouched = (e: ClanEvent) =>
        !won.some((w) => w.id === e.id) && !shared.some((s) => s.id === e.id);
      expect(after.filter(untouched)).toEqual(events.filter(untouched));
    });
  });
}
