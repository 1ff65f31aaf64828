import { spawnSync } from 'node:child_process';
import pg from 'pg';

/**
 * Whether the pg_dump on PATH can dump the server at `url`: pg_dump refuses a server of a newer
 * major version, as the embedded PostgreSQL of a run without TEST_DATABASE_URL may be.
 */
export async function pgDumpCanDump(url: string): Promise<boolean> {
  const version = spawnSync('pg_dump', ['--version'], { encoding: 'utf8' });
  const clientMajor = Number(/ (\d+)\.\d+/.exec(version.stdout ?? '')?.[1] ?? 0);
  if (version.status !== 0 || clientMajor === 0) return false;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version_num: string }>('show server_version_num');
    return clientMajor >= Math.floor(Number(rows[0]?.server_version_num) / 10_000);
  } finally {
    await client.end();
  }
}
