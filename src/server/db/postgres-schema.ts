import type pg from 'pg';
import { dependencyOrder } from '#core/backups/dependency-order.ts';
import { BackupError } from './backup.ts';
import { APP_CONNECTION_NAME } from './client.ts';
import { pgDriver } from './pg-driver.ts';

/** An SQL identifier, quoted. */
export const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** A connection of the backup or restore itself: named apart from the app's, which it looks for. */
export async function connectAs(
  purpose: 'backup' | 'restore',
  connectionString: string,
  types?: pg.CustomTypesConfig,
): Promise<pg.Client> {
  const client: pg.Client = new (pgDriver().Client)({
    connectionString,
    application_name: `${APP_CONNECTION_NAME} ${purpose}`,
    ...(types === undefined ? {} : { types }),
  });
  await client.connect();
  return client;
}

/**
 * Refuses while an instance of the app is connected to the database, as SQLite's restore refuses
 * while the app has the file open. An app with no connection open at this moment is not seen; one
 * that connects during the restore waits for its locks and then finds the restored database.
 */
export async function refuseWhileAppConnected(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity
     where datname = current_database() and application_name = $1 and pid <> pg_backend_pid()`,
    [APP_CONNECTION_NAME],
  );
  const open = rows[0]?.n ?? 0;
  if (open > 0) {
    throw new BackupError(
      `Stop the app before restoring: ${open} of its connections to the database are open.`,
    );
  }
}

/** What the connection's schema holds that a restore replaces; extensions' objects are theirs. */
export interface SchemaObjects {
  schema: string;
  tables: string[];
  /** Each function's name and its signature as `drop function` takes it. */
  functions: Array<{ name: string; signature: string }>;
}

export async function schemaObjects(client: pg.Client): Promise<SchemaObjects> {
  const { rows } = await client.query<{ schema: string | null }>('select current_schema() as schema');
  const schema = rows[0]?.schema;
  if (!schema) throw new BackupError('The database has no schema to restore into: check its search_path.');
  const notOfAnExtension = `not exists (select 1 from pg_depend d where d.objid = o.oid and d.deptype = 'e')`;
  const tables = await client.query<{ name: string }>(
    `select relname as name from pg_class o
     where relnamespace = current_schema()::regnamespace and relkind in ('r', 'p') and ${notOfAnExtension}
     order by relname`,
  );
  const functions = await client.query<{ name: string; signature: string }>(
    `select proname as name, oid::regprocedure::text as signature from pg_proc o
     where pronamespace = current_schema()::regnamespace and ${notOfAnExtension}
     order by proname`,
  );
  return { schema, tables: tables.rows.map((row) => row.name), functions: functions.rows };
}

/** `drop` statements for the given tables and functions, with whatever depends on them. */
export function dropStatements(objects: Pick<SchemaObjects, 'tables' | 'functions'>): string[] {
  return [
    ...(objects.tables.length === 0 ? [] : [`drop table ${objects.tables.map(quoted).join(', ')} cascade`]),
    ...objects.functions.map((fn) => `drop function ${fn.signature} cascade`),
  ];
}

export interface SchemaTable {
  name: string;
  /** The columns a row is written with: every stored one, in table order. */
  columns: string[];
  /** The primary key's columns, which order its rows. */
  key: string[];
}

/** The tables of the connection's schema, each after the tables it references. */
export async function schemaTables(client: pg.Client): Promise<SchemaTable[]> {
  const columns = await client.query<{ table: string; column: string }>(
    `select c.relname as table, a.attname as column
     from pg_class c join pg_attribute a on a.attrelid = c.oid
     where c.relnamespace = current_schema()::regnamespace and c.relkind = 'r'
       and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     order by c.relname, a.attnum`,
  );
  const keys = await client.query<{ table: string; column: string }>(
    `select c.relname as table, a.attname as column
     from pg_index i
       join pg_class c on c.oid = i.indrelid
       join pg_attribute a on a.attrelid = c.oid and a.attnum = any(i.indkey)
     where c.relnamespace = current_schema()::regnamespace and i.indisprimary
     order by c.relname, array_position(i.indkey::int2[], a.attnum)`,
  );
  const references = await client.query<{ from: string; to: string }>(
    `select f.relname as from, t.relname as to
     from pg_constraint k join pg_class f on f.oid = k.conrelid join pg_class t on t.oid = k.confrelid
     where k.contype = 'f' and k.connamespace = current_schema()::regnamespace`,
  );
  const byName = new Map<string, SchemaTable>();
  for (const row of columns.rows) {
    const table = byName.get(row.table) ?? { name: row.table, columns: [], key: [] };
    table.columns.push(row.column);
    byName.set(row.table, table);
  }
  for (const row of keys.rows) byName.get(row.table)?.key.push(row.column);
  return dependencyOrder([...byName.keys()], references.rows).map((name) => byName.get(name)!);
}
