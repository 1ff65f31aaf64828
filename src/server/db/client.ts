import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseTarget } from '../config.ts';
import type { Database } from './schema.ts';
import { SqliteValuesPlugin } from './sqlite-values.ts';

export type Dialect = DatabaseTarget['dialect'];

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

const PG_INT8 = 20;
const PG_NUMERIC = 1700;
const PG_DATE = 1082;
const PG_TIMESTAMPTZ = 1184;
const PG_JSON = 114;
const PG_JSONB = 3802;

/** pg sends '2026-11-21 21:30:00.123456+00'; the API speaks ISO 8601 in UTC. */
function pgTimestampToIso(value: string): string {
  return new Date(value.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')).toISOString();
}

/**
 * Makes pg return what better-sqlite3 returns for the same columns: numbers for 64-bit integers (XP
 * stays far below 2^53), 'YYYY-MM-DD' for dates, ISO strings for timestamps and JSON as text.
 */
const pgTypes: pg.CustomTypesConfig = {
  getTypeParser(oid: number, format?: 'text' | 'binary'): (value: string) => unknown {
    switch (oid) {
      case PG_INT8:
      case PG_NUMERIC:
        return (value: string) => Number(value);
      case PG_DATE:
      case PG_JSON:
      case PG_JSONB:
        return (value: string) => value;
      case PG_TIMESTAMPTZ:
        return pgTimestampToIso;
      default:
        return pg.types.getTypeParser(oid, format) as (value: string) => unknown;
    }
  },
};

export function openSqlite(path: string): DatabaseHandle {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SqliteDatabase(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: sqlite }),
    plugins: [new SqliteValuesPlugin()],
  });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

export function openPostgres(connectionString: string): DatabaseHandle {
  const pool = new pg.Pool({ connectionString, max: 10, types: pgTypes });
  // The pool drops an idle connection that the server ends (a restart, a failover) and opens a new
  // one for the next query; without a listener that error would crash the process instead.
  pool.on('error', () => undefined);
  let connections = 0;
  let allEnded: (() => void) | undefined;
  pool.on('connect', () => {
    connections += 1;
  });
  pool.on('remove', () => {
    connections -= 1;
    if (connections === 0) allEnded?.();
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    dialect: 'postgres',
    // pg's pool.end() resolves before its connections have finished closing; wait for them, so
    // that whoever closes the database next (a test dropping it) finds no session left.
    async close() {
      const ended =
        connections === 0 ? Promise.resolve() : new Promise<void>((resolve) => (allEnded = resolve));
      await db.destroy();
      await ended;
    },
  };
}

export function openDatabase(target: DatabaseTarget): DatabaseHandle {
  return target.dialect === 'sqlite' ? openSqlite(target.path) : openPostgres(target.connectionString);
}
