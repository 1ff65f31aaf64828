import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createManualClock,
  createTestApp,
  createUser,
  loginAs,
  testConfig,
  type TestApp,
} from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { systemClock } from '#shared/clock.ts';
import { startSimulator, type WomSimulator } from '#stand-ins/wom/index.ts';
import { createWomGateway } from '../../wom/create-gateway.ts';
import type { WomGateway } from '../../wom/wom-gateway.ts';

const START = '2026-11-21T12:00:00.000Z';
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** The default WOM_RESULTS_GRACE_MINUTES. */
const RESULTS_GRACE = HOUR;

interface Competition {
  id: number;
  title: string;
  startsAt: string;
  endsAt: string;
}

interface Standings {
  participations: Array<{ playerId: number; progress: { gained: number } }>;
}

/** WOM as it looks when the group does not list a competition WOM still serves (another group's). */
function unlisting(gateway: WomGateway, competitionId: number): WomGateway {
  return new Proxy(gateway, {
    get(target, property) {
      if (property === 'withFreshCount') return () => unlisting(target.withFreshCount(), competitionId);
      if (property === 'getGroupCompetitions') {
        return async (groupId: number) =>
          (await target.getGroupCompetitions(groupId)).filter((c) => c.id !== competitionId);
      }
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      return (value as (...args: never[]) => unknown).bind(target);
    },
  });
}

for (const dialect of testDialects) {
  describe(`${dialect}: WOM sync and the admin's events`, () => {
    const clock = createManualClock(START);
    let simulator: WomSimulator;
    let t: TestApp | undefined;
    let adminCookie: string;

    beforeEach(async () => {
      clock.set(START);
      simulator = await startSimulator({ members: 40, seed: 3, clock });
    });
    afterEach(async () => {
      await t?.close();
      t = undefined;
      await simulator.close();
    });

    async function open(gateway?: WomGateway): Promise<TestApp> {
      const app = await createTestApp(dialect, {
        clock,
        wom: { url: simulator.url, groupId: simulator.groupId, gateway },
      });
      await createUser(app, 'boss', { admin: true });
      adminCookie = await loginAs(app, 'boss');
      return app;
    }

    async function competitions(): Promise<Competition[]> {
      const response = await fetch(`${simulator.url}/groups/${simulator.groupId}/competitions`);
      return (await response.json()) as Competition[];
    }

    /** The group's week-long competitions that had ended, grace included, by START. */
    async function finishedWeeks(): Promise<Competition[]> {
      return (await competitions())
        .filter((c) => Date.parse(c.endsAt) - Date.parse(c.startsAt) === 7 * DAY)
        .filter((c) => Date.parse(c.endsAt) + RESULTS_GRACE <= Date.parse(START))
        .sort((a, b) => Date.parse(a.endsAt) - Date.parse(b.endsAt));
    }

    async function standingsOf(id: number): Promise<Standings> {
      return (await (await fetch(`${simulator.url}/competitions/${id}`)).json()) as Standings;
    }

    async function createEvent(app: TestApp, payload: object) {
      const response = await app.app.inject({
        method: 'POST',
        url: '/api/admin/events',
        headers: { cookie: adminCookie },
        payload,
      });
      expect(response.statusCode).toBe(201);
      return response.json<{ id: number; wom_title: string | null; wom_missing_at: string | null }>();
    }

    async function eventRow(app: TestApp, id: number) {
      return app.database.db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    }

    async function ledgerOf(app: TestApp, eventId: number) {
      return app.database.db
        .selectFrom('points')
        .select(['member_wom_id', 'amount', 'reason'])
        .where('event_id', '=', eventId)
        .orderBy('member_wom_id')
        .execute();
    }

    /** Syncs until a run fetches no standings: every competition owed by then has paid. */
    async function syncUntilPaid(app: TestApp): Promise<void> {
      for (let run = 0; run < 5; run += 1) {
        const from = simulator.requests.length;
        expect((await app.sync()).outcome).toBe('succeeded');
        if (!simulator.requests.slice(from).some((r) => r.path.startsWith('/competitions/'))) return;
      }
      throw new Error('standings were still fetched after 5 runs');
    }

    it('pays a short event linked to a competition the group does not list: 2 points to each member who gained, once', async () => {
      const [competition] = await finishedWeeks();
      t = await open(unlisting(createWomGateway(testConfig(), systemClock, simulator.url), competition!.id));
      clock.set(new Date(Date.parse(START) - 40 * DAY).toISOString());
      await t.sync();
      const event = await createEvent(t, {
        name: 'Clan fishing cup',
        type: 'Competition',
        start_date: competition!.startsAt,
        // A short event lasts at most 2 hours; it is paid once the competition itself has ended.
        end_date: new Date(Date.parse(competition!.startsAt) + 2 * HOUR).toISOString(),
        wom_id: String(competition!.id),
        short_event: true,
      });

      clock.set(START);
      await syncUntilPaid(t);
      const members = new Set(simulator.memberIds());
      const gainers = (await standingsOf(competition!.id)).participations
        .filter((p) => members.has(p.playerId) && p.progress.gained > 0)
        .map((p) => String(p.playerId))
        .sort();
      expect(gainers.length).toBeGreaterThan(3);
      const ledger = await ledgerOf(t, event.id);
      expect(ledger).toEqual(
        gainers.map((id) => ({ member_wom_id: id, amount: 2, reason: 'Clan fishing cup: participation' })),
      );
      const paid = await eventRow(t, event.id);
      expect(paid).toMatchObject({ name: 'Clan fishing cup', points_awarded_at: START });
      const scores = await t.database.db.selectFrom('members').select(['wom_id', 'siege_score']).execute();

      clock.advance(60_000);
      await t.sync();
      await t.sync();
      expect(await ledgerOf(t, event.id)).toEqual(ledger);
      expect(await t.database.db.selectFrom('members').select(['wom_id', 'siege_score']).execute()).toEqual(
        scores,
      );
      expect(await eventRow(t, event.id)).toEqual(paid);
    });

    it("keeps an admin's event linked to a group competition as the admin wrote it, and pays it by place", async () => {
      const [competition] = await finishedWeeks();
      t = await open();
      clock.set(new Date(Date.parse(START) - 40 * DAY).toISOString());
      const event = await createEvent(t, {
        name: 'Our own week',
        type: 'Weekly',
        description: 'Written by an admin',
        start_date: competition!.startsAt,
        wom_id: String(competition!.id),
      });
      const written = await eventRow(t, event.id);
      await t.sync();
      expect(await eventRow(t, event.id)).toEqual(written);
      expect(await t.database.db.selectFrom('events').select('id').execute()).toHaveLength(8);

      clock.set(START);
      await syncUntilPaid(t);
      const paid = await eventRow(t, event.id);
      expect(paid).toMatchObject({
        name: 'Our own week',
        type: 'Weekly',
        description: 'Written by an admin',
        start_date: written.start_date,
        end_date: written.end_date,
        points_awarded_at: START,
      });
      expect(Boolean(paid.manual)).toBe(true);
      const ledger = await ledgerOf(t, event.id);
      expect(ledger.map((row) => row.amount).sort((a, b) => b - a)[0]).toBe(15);
      expect(ledger.every((row) => row.reason.startsWith('Our own week: '))).toBe(true);
    });

    it("waits for the competition's own end when an admin's event says it ended sooner", async () => {
      const ongoing = (await competitions()).find(
        (c) => Date.parse(c.startsAt) < Date.parse(START) && Date.parse(c.endsAt) > Date.parse(START) + DAY,
      );
      t = await open();
      clock.set(new Date(Date.parse(START) - 40 * DAY).toISOString());
      const event = await createEvent(t, {
        name: 'Cut short',
        type: 'Competition',
        start_date: ongoing!.startsAt,
        end_date: new Date(Date.parse(START) - 2 * HOUR).toISOString(),
        wom_id: String(ongoing!.id),
      });
      clock.set(START);
      await t.sync();
      expect(simulator.requests.map((r) => r.path)).toContain(`/competitions/${ongoing!.id}`);
      expect(await ledgerOf(t, event.id)).toEqual([]);
      expect((await eventRow(t, event.id)).points_awarded_at).toBeNull();
    });

    it('skips a linked competition WOM does not know, flags its event for the admin, and the sync still succeeds', async () => {
      t = await open();
      await t.sync();
      // Linked before the save checked links, or deleted on WOM since: the save now refuses the id.
      const at = clock.now().toISOString();
      const { id } = await t.database.db
        .insertInto('events')
        .values({
          name: 'Mistyped',
          type: 'Competition',
          start_date: new Date(Date.parse(START) - 3 * DAY).toISOString(),
          end_date: new Date(Date.parse(START) - 2 * DAY).toISOString(),
          wom_id: '999999',
          manual: true,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const result = await t.sync();
      expect(result).toMatchObject({ outcome: 'succeeded', counts: { missing_competitions: 1 } });
      expect(simulator.requests.map((r) => r.path)).toContain('/competitions/999999');
      expect((await eventRow(t, id)).points_awarded_at).toBeNull();
      expect((await eventRow(t, id)).wom_missing_at).toBe(clock.now().toISOString());
      const listed = await t.app.inject({
        method: 'GET',
        url: '/api/admin/events',
        headers: { cookie: adminCookie },
      });
      expect(listed.json()).toContainEqual(
        expect.objectContaining({ id, wom_id: '999999', wom_missing_at: clock.now().toISOString() }),
      );
    });

    it('names the competition an event links to, from what WOM served the sync', async () => {
      t = await open();
      const [week] = await finishedWeeks();
      clock.set(new Date(Date.parse(START) - 40 * DAY).toISOString());
      const event = await createEvent(t, {
        name: 'Ours',
        type: 'Competition',
        start_date: week!.startsAt,
        end_date: week!.endsAt,
        wom_id: String(week!.id),
      });
      expect(event).toMatchObject({ wom_title: week!.title, wom_missing_at: null });
    });
  });
}
