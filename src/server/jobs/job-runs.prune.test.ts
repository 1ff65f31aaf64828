import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { signInRoles } from '#test/roles.ts';
import { pruneRuns } from './job-runs.repository.ts';

const NOW = '2026-11-21T12:00:00.000Z';

for (const dialect of testDialects) {
  describe(`${dialect}: pruning run records`, () => {
    let t: TestApp;

    beforeEach(async () => {
      t = await createTestApp(dialect);
    });
    afterEach(async () => t.close());

    const insertRuns = (kind: string, count: number, outcome: 'succeeded' | 'running' = 'succeeded') =>
      t.database.db
        .insertInto('sync_runs')
        .values(
          Array.from({ length: count }, () => ({
            kind,
            started_at: NOW,
            finished_at: outcome === 'running' ? null : NOW,
            outcome,
            wom_requests: 0,
            triggered_by: null,
          })),
        )
        .execute();
    const idsOf = async (kind: string) =>
      (
        await t.database.db
          .selectFrom('sync_runs')
          .select('id')
          .where('kind', '=', kind)
          .orderBy('id')
          .execute()
      ).map((row) => row.id);

    it("keeps a job's latest runs and one still running, and no other job's", async () => {
      await insertRuns('wom-sync', 3);
      await insertRuns('clan-news', 1, 'running');
      await insertRuns('clan-news', 10);
      const before = await idsOf('clan-news');

      await t.database.db.transaction().execute((trx) => pruneRuns(trx, 'clan-news', 4));

      expect(await idsOf('clan-news')).toEqual([before[0], ...before.slice(-4)]);
      expect(await idsOf('wom-sync')).toHaveLength(3);
    });

    it('leaves the Sync tab its WOM sync runs', async () => {
      await insertRuns('wom-sync', 3);
      await insertRuns('clan-news', 5);
      await t.database.db.transaction().execute((trx) => pruneRuns(trx, 'clan-news', 1));
      const roles = await signInRoles(t);
      const response = await roles.as('admin', { method: 'GET', url: '/api/admin/sync' });
      expect(response.statusCode).toBe(200);
      expect(response.json<{ runs: unknown[] }>().runs).toHaveLength(3);
    });

    it('keeps everything while a job has fewer runs than it keeps', async () => {
      await insertRuns('clan-news', 3);
      await t.database.db.transaction().execute((trx) => pruneRuns(trx, 'clan-news', 200));
      expect(await idsOf('clan-news')).toHaveLength(3);
    });
  });
}
