import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  type DialectAdapter,
  type SqliteDatabase as KyselySqliteDatabase,
  type PostgresCursor,
  type PostgresPool,
  type PostgresPoolClient,
  type PostgresQueryResult,
} from 'kysely';
import type pg from 'pg';
import type { DatabaseTarget } from '../config.ts';
import { isConnectionLost } from './errors.ts';
import { pgDriver } from './pg-driver.ts';
import { createRevisionListener } from './revision-listener.ts';
import { RevisionWatch, type RevisionRow } from './revision-watch.ts';
import { watchRevisions } from './revisions.ts';
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
export const pgTypes: pg.CustomTypesConfig = {
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
        return pgDriver().types.getTypeParser(oid, format) as (value: string) => unknown;
    }
  },
};

const REVISIONS_QUERY = 'select name, revision from data_revisions order by name';

/**
 * better-sqlite3 as Kysely uses it, telling `onWrite` after every statement that is not a read
 * (begin, a write, commit): the revisions this process knows may then be behind.
 */
function reportingWrites(sqlite: SqliteDatabase.Database, onWrite: () => void): KyselySqliteDatabase {
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      const statement = sqlite.prepare(sql);
      return {
        reader: statement.reader,
        all: (parameters) => statement.all(parameters),
        iterate: (parameters) => statement.iterate(parameters),
        run(parameters) {
          try {
            return statement.run(parameters);
          } finally {
            onWrite();
          }
        },
      };
    },
  };
}

/**
 * SQLite's DDL is transactional, but Kysely's adapter says it is not (a PRAGMA would be ignored in a
 * transaction), so its migrator ran each migration straight on the database, and one that failed
 * left the run's earlier ones applied. No migration of this app uses a PRAGMA: saying so makes the
 * migrator run all pending migrations in one transaction, as on PostgreSQL, so a failed upgrade
 * leaves the database as it was.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class AppSqliteDialect extends SqliteDialect {
  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}

export function openSqlite(path: string): DatabaseHandle {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SqliteDatabase(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  let revisions: SqliteDatabase.Statement<[], RevisionRow> | null = null;
  // One process owns the file, so what it knows changes only by its own writes.
  const watch = new RevisionWatch({
    readNow() {
      // Inside an open transaction the connection would show its own uncommitted bump: queue behind it.
      if (sqlite.inTransaction) return null;
      try {
        // Prepared on first use: the table exists only once the migrations have run.
        revisions ??= sqlite.prepare(REVISIONS_QUERY);
      } catch {
        return null;
      }
      return revisions.all();
    },
  });
  const db = new Kysely<Database>({
    dialect: new AppSqliteDialect({ database: reportingWrites(sqlite, () => watch.changed()) }),
    plugins: [new SqliteValuesPlugin()],
  });
  watchRevisions(db, watch);
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/** How long the app waits on PostgreSQL before it gives up; tests shorten them. */
export interface PostgresTimeouts {
  /** To open a connection, and to get one from a full pool: then the request fails with a 503. */
  connectionTimeoutMillis?: number;
  /** The server cancels a statement that runs longer (SQLSTATE 57014). */
  statementTimeoutMillis?: number;
  /** The server ends a session that sits this long inside a transaction, releasing its locks. */
  idleInTransactionTimeoutMillis?: number;
  /** The pool closes a connection left idle this long (pg's default, 10 s, when unset). */
  idleTimeoutMillis?: number;
}

/**
 * A database that vanishes without closing its connections (a failover whose old primary just
 * disappears, a network drop) would otherwise leave requests waiting for the operating system's TCP
 * timeout, many minutes, and once every pooled connection is stuck, every other request queues
 * behind them. 5 s is ample for a server under load to accept a connection; a request that would
 * wait longer for a busy pool's connection is better answered with a 503 than kept waiting.
 */
const CONNECTION_TIMEOUT_MS = 5_000;
/**
 * The server ends a transaction that has waited this long for its next statement: its client is
 * gone (an instance cut off mid-transaction), and its row locks would otherwise hold until the
 * server's own TCP keepalive notices, over two hours by default on Linux. The app never waits
 * inside a transaction (WOM fetches and password hashing happen before it begins), so the gaps
 * between its statements are milliseconds.
 */
const IDLE_IN_TRANSACTION_TIMEOUT_MS = 30_000;
/**
 * A last bound on one statement, so a runaway query cannot hold a pooled connection for good. The
 * largest statements (a sync's batches of 200 members; a migration on tables of a few thousand rows)
 * take well under a second. It is longer than the idle-in-transaction timeout, so a statement
 * waiting for the locks of an abandoned transaction gets them rather than failing first.
 */
const STATEMENT_TIMEOUT_MS = 60_000;
/**
 * TCP keepalive probes a connection on which nothing has moved for 10 s (one idle in the pool, or
 * one whose query the server received but never answers); Node then probes every second, ten times,
 * so a server that vanished is noticed in about 20 s and the connection fails like any lost one
 * instead of waiting for hours.
 */
const KEEPALIVE_DELAY_MS = 10_000;

/** Statements that change nothing: every other one (begin, a write, commit) may move a revision. */
const READ_STATEMENT = /^\s*select\b/i;

/**
 * Hands Kysely the pool's clients, returning to the pool with its error one whose connection was
 * lost under a query, so the pool discards it. A backend ended by the server (pg_terminate_backend,
 * a failover) fails its running query before the socket's close reaches pg, and Kysely releases
 * clients without an error: the dead client went back to the idle list, and the next request that
 * took it in that moment failed too.
 */
function discardingLostConnections(pool: pg.Pool, onWrite: () => void): PostgresPool {
  return {
    async connect() {
      const client: PostgresPoolClient & pg.PoolClient = await pool.connect();
      let lost: Error | undefined;
      function query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
      function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
      function query<R>(sqlOrCursor: string | PostgresCursor<R>, parameters: ReadonlyArray<unknown> = []) {
        if (typeof sqlOrCursor !== 'string') return client.query(sqlOrCursor);
        const writes = !READ_STATEMENT.test(sqlOrCursor);
        return client.query<R>(sqlOrCursor, parameters).then(
          (result) => {
            if (writes) onWrite();
            return result;
          },
          (error: unknown) => {
            if (writes) onWrite();
            if (isConnectionLost(error)) lost = error instanceof Error ? error : new Error(String(error));
            throw error;
          },
        );
      }
      return { query, release: () => client.release(lost) };
    },
    end: () => pool.end(),
  };
}

/**
 * Every connection of the app names itself so, in pg_stat_activity: `npm run restore` refuses while
 * an instance of the app is connected, as it does on SQLite while the app has the file open.
 */
export const APP_CONNECTION_NAME = 'clan-site';

export function openPostgres(connectionString: string, timeouts: PostgresTimeouts = {}): DatabaseHandle {
  const pool = new (pgDriver().Pool)({
    connectionString,
    application_name: APP_CONNECTION_NAME,
    max: 10,
    types: pgTypes,
    connectionTimeoutMillis: timeouts.connectionTimeoutMillis ?? CONNECTION_TIMEOUT_MS,
    ...(timeouts.idleTimeoutMillis === undefined ? {} : { idleTimeoutMillis: timeouts.idleTimeoutMillis }),
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
    statement_timeout: timeouts.statementTimeoutMillis ?? STATEMENT_TIMEOUT_MS,
    idle_in_transaction_session_timeout:
      timeouts.idleInTransactionTimeoutMillis ?? IDLE_IN_TRANSACTION_TIMEOUT_MS,
  });
  // The pool drops an idle connection that the server ends (a restart, a failover) and opens a new
  // one for the next query; without a listener that error would crash the process instead.
  pool.on('error', () => undefined);
  let connections = 0;
  let allEnded: (() => void) | undefined;
  pool.on('connect', (client) => {
    connections += 1;
    // A checked-out client whose server goes away while no query runs (a transaction between two
    // queries) emits 'error' where the pool no longer listens. Its next query rejects and the pool
    // discards it on release; the process must not die of it.
    client.on('error', () => undefined);
  });
  pool.on('remove', () => {
    connections -= 1;
    if (connections === 0) allEnded?.();
  });
  let listening = () => false;
  const watch = new RevisionWatch({ trusted: () => listening() });
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: discardingLostConnections(pool, () => watch.changed()) }),
  });
  const listener = createRevisionListener(
    {
      connectionString,
      application_name: APP_CONNECTION_NAME,
      keepAlive: true,
      keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
    },
    watch,
    () => db.selectFrom('data_revisions').select(['name', 'revision']).orderBy('name').execute(),
  );
  listening = () => listener.listening();
  watchRevisions(db, watch, () => listener.start());
  return {
    db,
    dialect: 'postgres',
    // pg's pool.end() resolves before its connections have finished closing; wait for them, so
    // that whoever closes the database next (a test dropping it) finds no session left.
    async close() {
      const ended =
        connections === 0 ? Promise.resolve() : new Promise<void>((resolve) => (allEnded = resolve));
      await listener.close();
      await db.destroy();
      await ended;
    },
  };
}

export function openDatabase(target: DatabaseTarget): DatabaseHandle {
  return target.dialect === 'sqlite' ? openSqlite(target.path) : openPostgres(target.connectionString);
}
