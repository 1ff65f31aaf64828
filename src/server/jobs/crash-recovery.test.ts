import { afterEach, describe, expect, it } from 'vitest';
import type { SyncStatus } from '#core/sync/sync.schema.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '#test/databases.ts';
import {
  signInOverHttp,
  startServerProcess,
  stopServerProcess,
  until,
  type ServerProcess,
} from '#test/server-process.ts';
import { startSimulator, type WomSimulator } from '#stand-ins/wom/index.ts';
import { INTERRUPTED } from './job-runs.repository.ts';

const ADMIN = { username: 'crashadmin', password: 'crash-test-password' };

async function syncStatus(server: ServerProcess, cookie: string): Promise<SyncStatus> {
  const response = await fetch(`${server.base}/api/admin/sync`, { headers: { cookie } });
  expect(response.status).toBe(200);
  return (await response.json()) as SyncStatus;
}

for (const dialect of testDialects) {
  describe(`${dialect}: a server killed in the middle of a sync`, () => {
    let simulator: WomSimulator | undefined;
    let database: TestDatabase | undefined;
    const servers: ServerProcess[] = [];
    afterEach(async () => {
      for (const server of servers.splice(0)) await stopServerProcess(server, 'SIGKILL');
      await database?.destroy();
      await simulator?.close();
    });

    it('is taken over by the next start within a lease lifetime: the killed run shows as failed and Sync now works', async () => {
      simulator = await startSimulator({ members: 30 });
      database = await createTestDatabase(dialect);
      const env = {
        DATABASE_URL: database.url,
        WOM_GROUP_ID: String(simulator.groupId),
        WOM_BASE_URL: simulator.url,
        WOM_REQUESTS_PER_MINUTE: '10000',
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        // Short, so the test waits seconds for the dead holder's lease; the default is 30 s.
        JOB_LEASE_SECONDS: '2',
        LOG_LEVEL: 'warn',
      };
      // Slow enough that the start-up sync is still fetching when the process dies.
      simulator.setFaults({ latencyMs: 1_000 });
      const first = await startServerProcess(env);
      servers.push(first);
      await until('the start-up sync is fetching', async () => simulator!.requests.length > 0);
      // The other jobs (Discord news, anniversaries) run at start too: only the sync's run is followed.
      const [killedRun] = await database.db
        .selectFrom('sync_runs')
        .select(['id', 'outcome'])
        .where('kind', '=', 'wom-sync')
        .execute();
      expect(killedRun).toMatchObject({ outcome: 'running' });
      await stopServerProcess(first, 'SIGKILL');
      expect(
        await database.db.selectFrom('job_leases').select('name').where('name', '=', 'wom-sync').execute(),
      ).toEqual([{ name: 'wom-sync' }]);

      simulator.setFaults({ latencyMs: 0 });
      const second = await startServerProcess(env);
      servers.push(second);
      const admin = await signInOverHttp(second.base, ADMIN);
      // The default interval is an hour: only a prompt takeover gets here before the test times out.
      const afterTakeover = await until('the start-up sync of the new process succeeds', async () => {
        const status = await syncStatus(second, admin);
        return status.runs.some((run) => run.outcome === 'succeeded') && status;
      });
      expect(afterTakeover.runs.filter((run) => run.outcome === 'running')).toEqual([]);
      expect(afterTakeover.current).toBeNull();
      expect(afterTakeover.runs.find((run) => run.id === killedRun!.id)).toMatchObject({
        outcome: 'failed',
        error: INTERRUPTED,
        finished_at: expect.any(String),
      });

      const syncNow = await fetch(`${second.base}/api/admin/sync`, {
        method: 'POST',
        headers: { cookie: admin, origin: second.base },
      });
      expect(syncNow.status).toBe(202);
      const { run_id: runId } = (await syncNow.json()) as { run_id: number };
      const done = await until('Sync now finishes', async () => {
        const status = await syncStatus(second, admin);
        const run = status.runs.find((r) => r.id === runId);
        return run && run.outcome !== 'running' && run;
      });
      expect(done).toMatchObject({ outcome: 'succeeded', error: null });

      await stopServerProcess(second, 'SIGTERM');
      expect(second.child.exitCode).toBe(0);
    }, 90_000);
  });
}
