// Vitest global setup of the server tests: every run tests PostgreSQL. It uses the server at
// TEST_DATABASE_URL when that is set (CI sets it), and otherwise starts an embedded one for the run
// (embedded-postgres.ts), so a machine with no PostgreSQL installed runs the same suites.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL server URL whose user may create and drop databases. */
    testDatabaseUrl: string;
  }
}

interface RunningPostgres {
  url: string;
  stop(): Promise<void>;
}

async function startEmbeddedPostgres(): Promise<RunningPostgres> {
  // A process group of its own: Ctrl-C stops the test run, whose exit closes the pipe, and the server
  // then shuts down in order instead of receiving the interrupt itself halfway.
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('embedded-postgres.ts', import.meta.url))],
    { stdio: ['pipe', 'pipe', 'inherit'], detached: true },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const lines = createInterface({ input: child.stdout });
  const url = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`Embedded PostgreSQL did not start (exit code ${code})`)));
  });
  lines.close();
  return {
    url,
    async stop() {
      child.stdin.end();
      await exited;
    },
  };
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const given = process.env.TEST_DATABASE_URL?.trim();
  if (given) {
    project.provide('testDatabaseUrl', given);
    return undefined;
  }
  const postgres = await startEmbeddedPostgres();
  project.provide('testDatabaseUrl', postgres.url);
  return () => postgres.stop();
}
