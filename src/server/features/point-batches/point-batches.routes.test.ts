import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POINT_BATCH_MESSAGES, type PointBatch } from '#core/members/point-batches.schema.ts';
import { createManualClock, createTestApp, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { signInRoles, type SignedInRoles } from '#test/roles.ts';
import type { NewMemberRow } from '../../db/schema.ts';

const NOW = '2026-11-21T12:00:00.000Z';

function memberRow(womId: string, name: string, extra: Partial<NewMemberRow> = {}): NewMemberRow {
  return {
    wom_id: womId,
    name,
    wom_name: name,
    womrole: 'opal',
    wom_role_synced: 'opal',
    current_xp: 1_000_000,
    first_xp: 1_000_000,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

for (const dialect of testDialects) {
  describe(`${dialect}: awarding an event's points in one go`, () => {
    let t: TestApp;
    let roles: SignedInRoles;
    let eventId: number;

    beforeAll(async () => {
      t = await createTestApp(dialect, { clock: createManualClock(NOW) });
      roles = await signInRoles(t);
      for (const row of [
        memberRow('21', 'Alpha'),
        memberRow('22', 'Bravo', { siege_score: 4 }),
        memberRow('23', 'Charlie'),
        memberRow('24', 'Delta', { siege_score: 2_147_483_640 }),
      ])
        await t.database.db.insertInto('members').values(row).execute();
      const event = await t.database.db
        .insertInto('events')
        .values({
          name: 'Clan Hour',
          type: 'Competition',
          metric: 'fishing',
          description: null,
          start_date: '2026-11-20T18:00:00.000Z',
          end_date: '2026-11-20T19:00:00.000Z',
          wom_id: null,
          manual: true,
          created_at: NOW,
          updated_at: NOW,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      eventId = event.id;
    });
    afterAll(async () => t.close());

    const asAdmin = (options: InjectOptions) => roles.as('admin', options);
    const award = (payload: object) => asAdmin({ method: 'POST', url: '/api/admin/point-batches', payload });
    const scores = async () =>
      Object.fromEntries(
        (
          await t.database.db.selectFrom('members').select(['name', 'siege_score']).orderBy('name').execute()
        ).map((row) => [row.name, row.siege_score]),
      );
    const ledgerCount = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('points')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    it('refuses the whole award, writing nothing, when a member is unknown, repeated or would overflow', async () => {
      const before = { scores: await scores(), ledger: await ledgerCount() };
      const cases: Array<[object, string]> = [
        [
          {
            reason: 'Clan Hour',
            entries: [
              { wom_id: '21', amount: 5 },
              { wom_id: '99', amount: 5 },
            ],
          },
          POINT_BATCH_MESSAGES.unknownMember('99'),
        ],
        [
          {
            reason: 'Clan Hour',
            entries: [
              { wom_id: '21', amount: 5 },
              { wom_id: '21', placement: 1 },
            ],
          },
          'A member can be in an award only once',
        ],
        [
          {
            reason: 'Clan Hour',
            entries: [
              { wom_id: '21', amount: 5 },
              { wom_id: '24', amount: 15 },
            ],
          },
          'Delta',
        ],
        [{ reason: ' ', entries: [{ wom_id: '21', amount: 5 }] }, 'A reason is required'],
        [{ reason: 'Clan Hour', entries: [] }, 'Pick at least one member'],
      ];
      for (const [payload, message] of cases) {
        const response = await award(payload);
        expect(response.statusCode, message).toBe(400);
        expect(response.json<{ message: string }>().message).toContain(message);
      }
      expect({ scores: await scores(), ledger: await ledgerCount() }).toEqual(before);
    });

    it("books one ledger row per member, placements paid by the clan's values, with one reason and one audit row", async () => {
      const response = await award({
        event_id: eventId,
        reason: 'Clan Hour: fishing',
        entries: [
          { wom_id: '21', placement: 1 },
          { wom_id: '22', placement: 2 },
          { wom_id: '23', amount: 7 },
        ],
      });
      expect(response.statusCode).toBe(201);
      const batch = response.json<PointBatch>();
      expect(batch).toMatchObject({
        event_id: eventId,
        reason: 'Clan Hour: fishing',
        undone_at: null,
        total: 32,
        entries: [
          { wom_id: '21', name: 'Alpha', amount: 15 },
          { wom_id: '22', name: 'Bravo', amount: 10 },
          { wom_id: '23', name: 'Charlie', amount: 7 },
        ],
      });
      expect(await scores()).toMatchObject({ Alpha: 15, Bravo: 14, Charlie: 7 });
      const rows = await t.database.db
        .selectFrom('points')
        .select(['member_wom_id', 'amount', 'reason', 'kind', 'batch_id'])
        .where('batch_id', '=', batch.id)
        .orderBy('member_wom_id')
        .execute();
      expect(rows).toEqual([
        { member_wom_id: '21', amount: 15, reason: 'Clan Hour: fishing', kind: 'award', batch_id: batch.id },
        { member_wom_id: '22', amount: 10, reason: 'Clan Hour: fishing', kind: 'award', batch_id: batch.id },
        { member_wom_id: '23', amount: 7, reason: 'Clan Hour: fishing', kind: 'award', batch_id: batch.id },
      ]);
      const audit = await t.database.db
        .selectFrom('audit_log')
        .select('action')
        .where('action', 'like', 'points.batch%')
        .execute();
      expect(audit).toEqual([{ action: 'points.batch' }]);
      const listed = await asAdmin({ method: 'GET', url: '/api/admin/point-batches' });
      expect(listed.json<PointBatch[]>().map((entry) => entry.id)).toEqual([batch.id]);
    });

    it('undoes the award as a whole with reversing rows, once', async () => {
      const [batch] = (await asAdmin({ method: 'GET', url: '/api/admin/point-batches' })).json<
        PointBatch[]
      >();
      if (!batch) throw new Error('no award to undo');
      const undone = await asAdmin({ method: 'POST', url: `/api/admin/point-batches/${batch.id}/undo` });
      expect(undone.statusCode).toBe(200);
      expect(undone.json<PointBatch>().undone_at).toBe(NOW);
      expect(await scores()).toMatchObject({ Alpha: 0, Bravo: 4, Charlie: 0 });
      const reversing = await t.database.db
        .selectFrom('points')
        .select(['amount', 'kind'])
        .where('batch_id', '=', batch.id)
        .where('kind', '=', 'undo')
        .execute();
      expect(reversing.map((row) => row.amount).sort((a, b) => a - b)).toEqual([-15, -10, -7]);
      const again = await asAdmin({ method: 'POST', url: `/api/admin/point-batches/${batch.id}/undo` });
      expect(again.statusCode).toBe(409);
      expect(again.json<{ message: string }>().message).toBe(POINT_BATCH_MESSAGES.alreadyUndone);
      expect(await scores()).toMatchObject({ Alpha: 0, Bravo: 4, Charlie: 0 });
    });

    it('refuses to undo an award whose points were spent below zero, writing nothing', async () => {
      const batch = (
        await award({ reason: 'Raffle', entries: [{ wom_id: '23', amount: 10 }] })
      ).json<PointBatch>();
      // An admin took points off by hand since: undoing would go below zero.
      await t.database.db.updateTable('members').set({ siege_score: 3 }).where('wom_id', '=', '23').execute();
      const refused = await asAdmin({ method: 'POST', url: `/api/admin/point-batches/${batch.id}/undo` });
      expect(refused.statusCode).toBe(409);
      expect(refused.json<{ message: string }>().message).toBe(POINT_BATCH_MESSAGES.belowZero('Charlie'));
      const stored = await t.database.db
        .selectFrom('point_batches')
        .select('undone_at')
        .where('id', '=', batch.id)
        .executeTakeFirstOrThrow();
      expect(stored.undone_at).toBeNull();
    });

    it('pages the list of awards, newest first', async () => {
      for (let i = 0; i < 21; i += 1)
        await award({ reason: `Bingo ${i}`, entries: [{ wom_id: '21', amount: 2 }] });
      const first = (await asAdmin({ method: 'GET', url: '/api/admin/point-batches' })).json<PointBatch[]>();
      expect(first).toHaveLength(20);
      expect(first[0]?.reason).toBe('Bingo 20');
      const next = (
        await asAdmin({ method: 'GET', url: `/api/admin/point-batches?before=${first.at(-1)?.id ?? 0}` })
      ).json<PointBatch[]>();
      expect(next.map((entry) => entry.reason)).toEqual(['Bingo 0', 'Raffle', 'Clan Hour: fishing']);
    });
  });
}
