import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';

const NOW = '2026-11-21T12:00:00.000Z';

function member(womId: string, name: string, siegeScore: number, extra: Record<string, unknown> = {}) {
  return {
    wom_id: womId,
    name,
    siege_score: siegeScore,
    hidden: false,
    created_at: NOW,
    updated_at: NOW,
    ...extra,
  };
}

for (const dialect of testDialects) {
  describe(`${dialect}: leaderboards API`, () => {
    let t: TestApp;
    beforeEach(async () => {
      t = await createTestApp(dialect);
      t.clock.set(NOW);
    });
    afterEach(async () => t.close());

    async function addEvent(name: string, womId: string | null): Promise<number> {
      const row = await t.database.db
        .insertInto('events')
        .values({
          name,
          wom_id: womId,
          start_date: '2026-11-01T00:00:00.000Z',
          end_date: '2026-11-08T00:00:00.000Z',
          created_at: NOW,
          updated_at: NOW,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    }

    async function addResults(eventId: number, placements: Array<[string, number]>) {
      await t.database.db
        .insertInto('event_results')
        .values(
          placements.map(([womId, placement]) => ({
            event_id: eventId,
            member_wom_id: womId,
            placement,
            gained: 1000 - placement,
            points: 2,
            won: placement === 1,
            created_at: NOW,
          })),
        )
        .execute();
    }

    const getBoards = () => t.app.inject({ method: 'GET', url: '/api/leaderboards' });

    it('answers two empty boards before anyone has points or wins', async () => {
      const response = await getBoards();
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ siege_score: [], event_wins: [] });
    });

    it('ranks visible members by siege score, ties sharing a place, leaving out scores of 0', async () => {
      await t.database.db
        .insertInto('members')
        .values([
          member('1', 'Alpha', 30),
          member('2', 'Bravo', 45),
          member('3', 'Charlie', 30),
          member('4', 'Delta', 12),
          member('5', 'Echo', 0),
          member('6', 'Hidden', 99, { hidden: true }),
          member('7', 'Deleted', 98, { deleted_at: NOW }),
          member('8', 'Gone', 97, { left_at: NOW }),
        ])
        .execute();
      const response = await getBoards();
      expect(response.statusCode).toBe(200);
      expect(response.json().siege_score).toEqual([
        { rank: 1, wom_id: '2', name: 'Bravo', value: 45 },
        { rank: 2, wom_id: '1', name: 'Alpha', value: 30 },
        { rank: 2, wom_id: '3', name: 'Charlie', value: 30 },
        { rank: 4, wom_id: '4', name: 'Delta', value: 12 },
      ]);
    });

    it('counts first places of WOM-linked events as wins, every member tied first winning', async () => {
      await t.database.db
        .insertInto('members')
        .values([member('1', 'Alpha', 0), member('2', 'Bravo', 0), member('3', 'Charlie', 0)])
        .execute();
      const sotw = await addEvent('SOTW', '501');
      const botw = await addEvent('BOTW', '502');
      const tied = await addEvent('Tied', '503');
      await addResults(sotw, [
        ['1', 1],
        ['2', 2],
        ['3', 3],
      ]);
      await addResults(botw, [
        ['1', 1],
        ['3', 2],
      ]);
      await addResults(tied, [
        ['2', 1],
        ['3', 1],
      ]);
      expect((await getBoards()).json().event_wins).toEqual([
        { rank: 1, wom_id: '1', name: 'Alpha', value: 2 },
        { rank: 2, wom_id: '2', name: 'Bravo', value: 1 },
        { rank: 2, wom_id: '3', name: 'Charlie', value: 1 },
      ]);
    });

    it('counts no wins from events not linked to WOM, nor from hidden, deleted or departed members', async () => {
      await t.database.db
        .insertInto('members')
        .values([
          member('1', 'Alpha', 0),
          member('6', 'Hidden', 0, { hidden: true }),
          member('7', 'Deleted', 0, { deleted_at: NOW }),
          member('8', 'Gone', 0, { left_at: NOW }),
        ])
        .execute();
      const manual = await addEvent('Manual event', null);
      const linked = await addEvent('Linked', '600');
      await addResults(manual, [['1', 1]]);
      await addResults(linked, [
        ['6', 1],
        ['7', 1],
        ['8', 1],
        ['1', 2],
      ]);
      expect((await getBoards()).json().event_wins).toEqual([]);
    });

    it('gives no win to the best member when a non-member gained the most', async () => {
      await t.database.db
        .insertInto('members')
        .values([member('1', 'Alpha', 0)])
        .execute();
      const event = await addEvent('Outsider won', '700');
      await t.database.db
        .insertInto('event_results')
        .values({
          event_id: event,
          member_wom_id: '1',
          placement: 1,
          gained: 500,
          points: 15,
          won: false,
          created_at: NOW,
        })
        .execute();
      expect((await getBoards()).json().event_wins).toEqual([]);
    });
  });
}
