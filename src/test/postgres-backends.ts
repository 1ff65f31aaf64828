import { execFileSync } from 'node:child_process';
import { setTimeout as settle } from 'node:timers/promises';
import pg from 'pg';
import { testDatabaseUrl } from './databases.ts';

/**
 * Ends every backend of the app's database, as a failover or a pooler restart would, or only those
 * running `query`.
 */
export async function terminateBackends(databaseUrl: string, query?: string): Promise<number> {
  const name = new URL(databaseUrl).pathname.slice(1);
  const admin = new pg.Client({ connectionString: testDatabaseUrl });
  await admin.connect();
  try {
    const result = await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = $1 and pid <> pg_backend_pid() and ($2::text is null or query = $2)`,
      [name, query ?? null],
    );
    return result.rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

/** Waits until every backend ended before this call has exited, so their goodbyes are on the wire. */
export async function untilBackendsGone(databaseUrl: string): Promise<void> {
  const name = new URL(databaseUrl).pathname.slice(1);
  const admin = new pg.Client({ connectionString: testDatabaseUrl });
  await admin.connect();
  try {
    // Only backends older than this call: the app reconnects at once (its revision listener within
    // 100 ms), and a new connection is not one that was ended.
    const started = (await admin.query<{ at: Date }>('select clock_timestamp() as at')).rows[0]!.at;
    for (;;) {
      const left = await admin.query(
        `select 1 from pg_stat_activity
         where datname = $1 and pid <> pg_backend_pid() and backend_start < $2`,
        [name, started],
      );
      if (!left.rowCount) return;
      await settle(20);
    }
  } finally {
    await admin.end();
  }
}

/**
 * Ends every backend of the database and returns once they are gone, blocking this process meanwhile:
 * for a test that must cut an in-process app's connections between two of its steps.
 */
export function terminateBackendsNow(databaseUrl: string): void {
  const name = new URL(databaseUrl).pathname.slice(1);
  execFileSync('psql', [
    testDatabaseUrl,
    '-tAc',
    `select pg_terminate_backend(pid, 5000) from pg_stat_activity where datname = '${name.replace(/'/g, "''")}' and pid <> pg_backend_pid()`,
  ]);
}
