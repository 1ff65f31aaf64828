// Vitest global setup of the server tests: every run tests PostgreSQL. It uses the server at
// TEST_DATABASE_URL when that is set (CI sets it), and otherwise starts an embedded one for the run
// (embedded-postgres.ts), so a machine with no PostgreSQL installed runs the same suites.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '#server/db/client.ts';
import { migrateToLatest } from '#server/db/migrator.ts';
import { onServer, withDatabase } from './postgres-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL server URL whose user may create and drop databases. */
    testDatabaseUrl: string;
    /** A migrated database on that server, copied as the template of each test's database. */
    testTemplateDatabase: string;
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

/**
 * Migrates one database for the run; each test's database is created as a copy of it, since running
 * every migration again per test cost seconds on a busy machine. Nothing connects to it afterwards,
 * which PostgreSQL requires of a template.
 */
async function createTemplate(url: string): Promise<{ name: string; drop(): Promise<void> }> {
  const name = `clan_template_${randomUUID().replaceAll('-', '')}`;
  await onServer(url, `create database ${name}`);
  const handle = openPostgres(withDatabase(url, name));
  try {
    await migrateToLatest(handle);
  } finally {
    await handle.close();
  }
  return { name, drop: () => onServer(url, `drop database ${name} with (force)`) };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const given = process.env.TEST_DATABASE_URL?.trim();
  const postgres = given ? { url: given, stop: async () => {} } : await startEmbeddedPostgres();
  project.provide('testDatabaseUrl', postgres.url);
  const template = await createTemplate(postgres.url);
  project.provide('testTemplateDatabase', template.name);
  return async () => {
    await template.drop();
    await postgres.stop();
  };
}
