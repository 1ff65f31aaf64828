import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AdminMember } from '#core/members/admin-members.schema.ts';
import type { BaselineBackfillStatus } from '#core/members/baseline-backfill.ts';
import { createManualClock, createTestApp, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { signInRoles, type SignedInRoles } from '#test/roles.ts';
import { until } from '#test/server-process.ts';
import { startSimulator, type WomSimulator } from '#stand-ins/wom/index.ts';
import { BASELINE_BACKFILL, backfillResumeSchedule, backfillUnfinished } from './baseline-backfill.job.ts';
import { setHistoryBaseline } from './baseline-backfill.repository.ts';

const quietLog = { debug: () => undefined, warn: () => undefined, error: () => undefined };

for (const dialect of testDialects) {
  describe(`${dialect}: backfilling baselines from WOM's history`, () => {
    let simulator: WomSimulator;
    let t: TestApp;
    let roles: SignedInRoles;

    beforeEach(async () => {
      const clock = createManualClock();
      simulator = await startSimulator({ members: 8, seed: 21, clock });
      t = await createTestApp(dialect, { clock, wom: { url: simulator.url, groupId: simulator.groupId } });
      expect((await t.sync()).outcome).toBe('succeeded');
      roles = await signInRoles(t);
    });
    afterEach(async () => {
      await t.close();
      await simulator.close();
    });

    const members = async () =>
      new Map(
        (await roles.as('admin', { method: 'GET', url: '/api/admin/members' }))
          .json<AdminMember[]>()
          .map((member) => [member.wom_id, member]),
      );
    const backfillStatus = async () =>
      (await roles.as('admin', { method: 'GET', url: '/api/admin/sync' })).json<{
        baseline_backfill: BaselineBackfillStatus;
      }>().baseline_backfill;
    const start = () => roles.as('admin', { method: 'POST', url: '/api/admin/members/baselines/backfill' });
    const setSource = (womId: string, source: 'admin' | 'imported' | 'wom_history') =>
      t.database.db
        .updateTable('members')
        .set({ baseline_source: source })
        .where('wom_id', '=', womId)
        .execute();

    it("sets first-seen members' baselines from the snapshot nearest their join date, leaving admins' and imports alone", async () => {
      const before = await members();
      const [adminSet, imported] = [...before.keys()];
      await setSource(adminSet!, 'admin');
      await setSource(imported!, 'imported');
      expect((await backfillStatus()).remaining).toBe(6);
      // Slow, so the run is still going when the second start and the progress are checked.
      simulator.setFaults({ latencyMs: 150 });

      const started = await start();
      expect(started.statusCode).toBe(202);
      expect((await start()).statusCode).toBe(409);
      const progress = await until('the run reports its progress', async () => {
        const status = await backfillStatus();
        return status.current?.stage?.startsWith('Member ') && status;
      });
      expect(progress.running).toBe(true);
      expect(progress.current?.stage).toMatch(/^Member \d of 6$/);

      simulator.setFaults({ latencyMs: 0 });
      const done = await until('the run ends', async () => {
        const status = await backfillStatus();
        return !status.running && status.runs[0]?.outcome !== 'running' && status;
      });
      expect(done.runs[0]).toMatchObject({
        id: started.json<{ run_id: number }>().run_id,
        outcome: 'succeeded',
        counts: { members: 6, set: 6, no_history: 0, kept: 0 },
        wom_requests: 6,
      });
      expect(done.remaining).toBe(0);

      const after = await members();
      for (const [womId, member] of after) {
        const old = before.get(womId)!;
        if (womId === adminSet || womId === imported) {
          expect(member).toMatchObject({ first_xp: old.first_xp, first_lvl: old.first_lvl });
          continue;
        }
        expect(member.baseline_source).toBe('wom_history');
        expect(member.first_xp).toBeGreaterThan(0);
        expect(member.first_xp).toBeLessThanOrEqual(old.first_xp);
      }
      // Members joined before the site first saw them: most have gained since, now counted as clan XP.
      const grown = [...after].filter(([womId, member]) => member.clan_xp > before.get(womId)!.clan_xp);
      expect(grown.length).toBeGreaterThanOrEqual(4);
      const asked = simulator.requests.filter((request) => request.path.endsWith('/snapshots'));
      expect(asked).toHaveLength(6);
      expect(asked[0]?.query).toMatch(/startDate=.+&endDate=.+&limit=200/);
    });

    it('never writes over a baseline that stopped being first seen, checked in the writing statement', async () => {
      const [womId] = [...(await members()).keys()];
      await setSource(womId!, 'admin');
      const written = await t.database.db
        .transaction()
        .execute((trx) =>
          setHistoryBaseline(
            trx,
            womId!,
            { first_xp: 1, first_lvl: 1, taken_at: '2024-01-01T00:00:00.000Z' },
            '2026-11-21T12:00:00.000Z',
          ),
        );
      expect(written).toBe(false);
      expect((await members()).get(womId!)).toMatchObject({ baseline_source: 'admin' });
      expect((await members()).get(womId!)?.first_xp).not.toBe(1);
    });

    it('resumes after a restart from the members still first seen, and starts nothing once finished', async () => {
      const ids = [...(await members()).keys()];
      // A run that a stopped process left behind, after it had done two members.
      await setSource(ids[0]!, 'wom_history');
      await setSource(ids[1]!, 'wom_history');
      await t.database.db
        .insertInto('sync_runs')
        .values({
          kind: BASELINE_BACKFILL,
          started_at: '2026-11-21T11:00:00.000Z',
          outcome: 'running',
          stage: 'Member 3 of 8',
          wom_requests: 2,
        })
        .execute();
      await t.database.db
        .insertInto('job_leases')
        .values({
          name: BASELINE_BACKFILL,
          holder: 'stopped-process',
          acquired_at: new Date(Date.now() - 60_000).toISOString(),
          expires_at: new Date(Date.now() - 1_000).toISOString(),
        })
        .execute();
      expect(await backfillUnfinished(t.database.db)).toBe(true);

      const scheduler = t.jobs.schedule([backfillResumeSchedule(t.database.db)], quietLog);
      const done = await until('the resumed run succeeds', async () => {
        const status = await backfillStatus();
        return status.runs[0]?.outcome === 'succeeded' && status;
      });
      await scheduler.stop();
      expect(done.runs[0]?.counts).toMatchObject({ members: 6, set: 6 });
      expect(done.runs[1]).toMatchObject({ outcome: 'failed' });
      expect(done.remaining).toBe(0);
      expect(await backfillUnfinished(t.database.db)).toBe(false);

      // Finished: a later start of the server runs nothing.
      const runs = async () =>
        (
          await t.database.db
            .selectFrom('sync_runs')
            .select('id')
            .where('kind', '=', BASELINE_BACKFILL)
            .execute()
        ).length;
      const count = await runs();
      const again = t.jobs.schedule([backfillResumeSchedule(t.database.db)], quietLog);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await again.stop();
      expect(await runs()).toBe(count);
    });
  });
}
