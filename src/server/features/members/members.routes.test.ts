import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';

const NOW = '2026-11-21T12:00:00.000Z';

function memberRow(
  womId: string,
  name: string,
  joinDate: string | null,
  extra: Record<string, unknown> = {},
) {
  return {
    wom_id: womId,
    name,
    join_date: joinDate,
    hidden: false,
    created_at: NOW,
    updated_at: NOW,
    ...extra,
  };
}

for (const dialect of testDialects) {
  describe(`${dialect}: anniversaries and events API`, () => {
    let t: TestApp;
    beforeEach(async () => {
      t = await createTestApp(dialect);
      t.clock.set(NOW);
    });
    afterEach(async () => t.close());

    it("lists today's anniversaries with the years since joining, not the join year, not hidden members", async () => {
      await t.database.db
        .insertInto('members')
        .values([
          memberRow('1', 'Veteran', '2022-11-21'),
          memberRow('2', 'Rookie', '2026-11-21'),
          memberRow('3', 'Tomorrow', '2023-11-22'),
          memberRow('4', 'Ghost', '2024-11-21', { hidden: true }),
          memberRow('5', 'Unknown', null),
        ])
        .execute();
      const response = await t.app.inject({ method: 'GET', url: '/api/anniversaries' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([{ wom_id: '1', name: 'Veteran', join_date: '2022-11-21', years: 4 }]);
    });

    it("serves EHB as a whole number, also for a row stored with WOM's fractional hours", async () => {
      await t.database.db
        .insertInto('members')
        .values([memberRow('7', 'Bosser', '2024-01-01', { ehb: 412.87 })])
        .execute();
      const response = await t.app.inject({ method: 'GET', url: '/api/members' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([expect.objectContaining({ wom_id: '7', ehb: 412 })]);
    });

    it('celebrates a 29 February join on 28 February in a year without one', async () => {
      await t.database.db
        .insertInto('members')
        .values([memberRow('9', 'Leapling', '2024-02-29')])
        .execute();
      t.clock.set('2027-02-28T08:00:00.000Z');
      expect((await t.app.inject({ method: 'GET', url: '/api/anniversaries' })).json()).toEqual([
        { wom_id: '9', name: 'Leapling', join_date: '2024-02-29', years: 3 },
      ]);
    });

    it('lists events newest start first, undated events last', async () => {
      const event = (name: string, start: string | null) => ({
        name,
        start_date: start,
        end_date: start,
        created_at: NOW,
        updated_at: NOW,
      });
      await t.database.db
        .insertInto('events')
        .values([
          event('Old', '2026-01-01T00:00:00.000Z'),
          event('Undated', null),
          event('New', '2026-11-01T00:00:00.000Z'),
        ])
        .execute();
      const events = (await t.app.inject({ method: 'GET', url: '/api/events' })).json();
      expect(events.map((e: { name: string }) => e.name)).toEqual(['New', 'Old', 'Undated']);
      expect(events[0]).toEqual({
        id: expect.any(Number),
        name: 'New',
        type: null,
        metric: null,
        description: null,
        start_date: '2026-11-01T00:00:00.000Z',
        end_date: '2026-11-01T00:00:00.000Z',
        wom_id: null,
        winner_username: null,
        winners: [],
        before_site: false,
      });
    });
  });
}
