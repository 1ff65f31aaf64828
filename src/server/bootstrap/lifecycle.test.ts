import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createManualClock, createTestApp, createUser, loginAs, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { startSimulator, type WomSimulator } from '#stand-ins/wom/index.ts';
import { createLifecycle, stopOnSignals } from './lifecycle.ts';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** A lifecycle whose exit is recorded instead of ending the test process. */
function testLifecycle(isUserError?: (error: unknown) => error is Error, shutdownDeadlineMs?: number) {
  const lines: string[] = [];
  const events: string[] = [];
  const exited = deferred();
  const exitCodes: number[] = [];
  const lifecycle = createLifecycle({
    log: { info: (m) => lines.push(m), error: (m) => lines.push(m) },
    exit: (code) => {
      exitCodes.push(code);
      exited.resolve();
    },
    isUserError,
    shutdownDeadlineMs,
  });
  const closes = (name: string) => () => {
    lifecycle.onShutdown(name, async () => {
      events.push(`close ${name}`);
    });
  };
  return { lifecycle, lines, events, exitCodes, exited: exited.promise, closes };
}

describe('lifecycle', () => {
  it('closes what start-up opened, newest first, and exits 0', async () => {
    const t = testLifecycle();
    await t.lifecycle.start(async () => {
      t.closes('database')();
      t.closes('server')();
      t.closes('scheduler')();
    });
    await t.lifecycle.stop('SIGTERM');
    expect(t.events).toEqual(['close scheduler', 'close server', 'close database']);
    expect(t.exitCodes).toEqual([0]);
    expect(t.lines).toEqual(['SIGTERM received, shutting down']);
  });

  it('exits 1 when shutdown outlives its deadline, as when a request hangs on a vanished database', async () => {
    const t = testLifecycle(undefined, 50);
    await t.lifecycle.start(async () => {
      t.lifecycle.onShutdown('HTTP server', () => new Promise<void>(() => undefined));
    });
    await t.lifecycle.stop('SIGTERM');
    expect(t.exitCodes).toEqual([1]);
    expect(t.lines.at(-1)).toBe('Shutdown did not finish within 0.05 s; exiting anyway');
  });

  it('logs a resource that fails to close, still closes the rest, and exits 1 without throwing', async () => {
    const t = testLifecycle();
    await t.lifecycle.start(async () => {
      t.closes('database')();
      t.lifecycle.onShutdown('server', async () => {
        throw new Error('socket stuck');
      });
    });
    await expect(t.lifecycle.stop('SIGINT')).resolves.toBeUndefined();
    expect(t.events).toEqual(['close database']);
    expect(t.lines).toContainEqual(
      expect.stringContaining('Could not close the server: Error: socket stuck'),
    );
    expect(t.exitCodes).toEqual([1]);
  });

  it('stops once however many signals arrive', async () => {
    const t = testLifecycle();
    const signals = new EventEmitter();
    stopOnSignals(t.lifecycle, signals as unknown as NodeJS.Process);
    await t.lifecycle.start(async () => t.closes('database')());
    signals.emit('SIGINT');
    signals.emit('SIGINT');
    signals.emit('SIGTERM');
    await t.exited;
    expect(t.events).toEqual(['close database']);
    expect(t.exitCodes).toEqual([0]);
    expect(t.lines).toEqual(['SIGINT received, shutting down']);
  });

  it('on a stop during start-up, lets the step in progress finish, starts nothing more, closes what is open', async () => {
    const t = testLifecycle();
    const migration = deferred();
    const migrating = deferred();
    const started = t.lifecycle.start(async () => {
      t.closes('database')();
      migrating.resolve();
      await migration.promise;
      t.events.push('migrated');
      t.lifecycle.checkpoint();
      t.closes('server')();
    });
    await migrating.promise;
    const stopped = t.lifecycle.stop('SIGINT');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(t.events).toEqual([]);

    migration.resolve();
    await started;
    await stopped;
    expect(t.events).toEqual(['migrated', 'close database']);
    expect(t.exitCodes).toEqual([0]);
  });

  it('reports a failed start-up, closes what it opened and exits 1', async () => {
    const t = testLifecycle();
    await t.lifecycle.start(async () => {
      t.closes('database')();
      throw new Error('listen EADDRINUSE');
    });
    await t.exited;
    expect(t.lines).toEqual([expect.stringContaining('Start-up failed: Error: listen EADDRINUSE')]);
    expect(t.events).toEqual(['close database']);
    expect(t.exitCodes).toEqual([1]);
  });

  it("reports a user's error by its message alone, without the stack", async () => {
    class SettingError extends Error {}
    const t = testLifecycle((error): error is Error => error instanceof SettingError);
    await t.lifecycle.start(async () => {
      throw new SettingError('Invalid configuration:\n  PORT: too big');
    });
    await t.exited;
    expect(t.lines).toEqual(['Invalid configuration:\n  PORT: too big']);
    expect(t.exitCodes).toEqual([1]);
  });
});

for (const dialect of testDialects) {
  describe(`${dialect}: shutdown with a sync in progress`, () => {
    let simulator: WomSimulator;
    let t: TestApp;

    beforeEach(async () => {
      const clock = createManualClock();
      simulator = await startSimulator({ members: 20, seed: 2, clock });
      t = await createTestApp(dialect, { clock, wom: { url: simulator.url, groupId: simulator.groupId } });
      await createUser(t, 'boss', { admin: true });
    });
    afterEach(async () => {
      await t.close();
      await simulator.close();
    });

    it('waits for a sync an admin started before closing the database', async () => {
      simulator.setFaults({ latencyMs: 150 });
      const sync = await t.app.inject({
        method: 'POST',
        url: '/api/admin/sync',
        headers: { cookie: await loginAs(t, 'boss') },
      });
      expect(sync.statusCode).toBe(202);

      const { lifecycle, exited, exitCodes } = testLifecycle();
      const runsAtDatabaseClose: string[] = [];
      await lifecycle.start(async () => {
        lifecycle.onShutdown('database', async () => {
          const runs = await t.database.db.selectFrom('sync_runs').select('outcome').execute();
          runsAtDatabaseClose.push(...runs.map((run) => run.outcome));
        });
        lifecycle.onShutdown('running jobs', () => t.jobs.stop());
        lifecycle.onShutdown('HTTP server', () => t.app.close());
      });
      void lifecycle.stop('SIGTERM');
      await exited;

      expect(runsAtDatabaseClose).toEqual(['succeeded']);
      expect(exitCodes).toEqual([0]);
    });
  });
}
