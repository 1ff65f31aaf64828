import { Kysely, PostgresDialect, type PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { BackupError } from './backup.ts';
import { pgTypes } from './client.ts';
import { migrateWithin } from './migrator.ts';
import { readExport, type ExportHeader, type ExportTable, type ExportValue } from './postgres-export-file.ts';
import { connectAs, dropStatements, quoted, schemaObjects } from './postgres-schema.ts';

/** PostgreSQL takes at most 65,535 parameters a statement. */
const MAX_PARAMETERS = 60_000;

/** Kysely on one connection, whose transaction the caller holds: the migrator runs inside it. */
function kyselyOn(client: pg.Client): Kysely<unknown> {
  // Handed out as a pool's client would be; releasing it does nothing, as it stays the restore's.
  const connection: PostgresPoolClient = Object.assign(client, { release: () => undefined });
  return new Kysely<unknown>({
    dialect: new PostgresDialect({ pool: { connect: async () => connection, end: async () => undefined } }),
  });
}

/** Inserts one batch of a table's rows, keeping their ids (`overriding system value`). */
async function insertRows(client: pg.Client, table: ExportTable, rows: ExportValue[][]): Promise<void> {
  const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / table.columns.length));
  const columns = table.columns.map(quoted).join(', ');
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement);
    const width = table.columns.length;
    const values = chunk
      .map((_, row) => `(${table.columns.map((__, column) => `$${row * width + column + 1}`).join(', ')})`)
      .join(', ');
    await client.query(
      `insert into ${quoted(table.table)} (${columns}) overriding system value values ${values}`,
      chunk.flat(),
    );
  }
}

/** Moves every identity and serial sequence past the highest id restored, so new rows get new ids. */
async function resetSequences(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ table: string; column: string }>(
    `select c.relname as table, a.attname as column
     from pg_class c join pg_attribute a on a.attrelid = c.oid
     where c.relnamespace = current_schema()::regnamespace and c.relkind = 'r'
       and a.attnum > 0 and not a.attisdropped
       and pg_get_serial_sequence(quote_ident(c.relname), a.attname) is not null`,
  );
  for (const { table, column } of rows) {
    await client.query(
      `select setval(pg_get_serial_sequence($1, $2), coalesce(max(${quoted(column)}), 1), max(${quoted(column)}) is not null)
       from ${quoted(table)}`,
      [quoted(table), column],
    );
  }
}

async function countRows(client: pg.Client, tables: readonly string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from ${quoted(table)}`);
    counts[table] = rows[0]?.n ?? 0;
  }
  return counts;
}

const sameNames = (a: readonly string[], b: readonly string[]) =>
  JSON.stringify([...a].sort()) === JSON.stringify([...b].sort());

/**
 * Restores a logical export (postgres-export-file.ts) into the database in one transaction: what
 * the schema holds is dropped, the export's migrations build its schema again, every table is
 * emptied of what the migrations wrote and filled with the export's rows in the file's order (each
 * table after those it references), the sequences move past the restored ids, the counts are
 * checked against the file, and the later migrations of this version bring it up to date. Any
 * failure rolls all of it back.
 */
export async function importExport(
  connectionString: string,
  path: string,
  header: ExportHeader,
): Promise<Record<string, number>> {
  // The app's own value types, which the migrations that run here read their data with.
  const client = await connectAs('restore', connectionString, pgTypes);
  const db = kyselyOn(client);
  try {
    await client.query('begin');
    for (const statement of dropStatements(await schemaObjects(client))) await client.query(statement);
    await migrateWithin(db, header.migrations.at(-1) ?? null);
    const built = (await schemaObjects(client)).tables;
    if (!sameNames(built, header.tables)) {
      throw new BackupError(
        `${path} holds other tables than its migrations make: ${header.tables.join(', ')} against ${built.join(', ')}.`,
      );
    }
    await client.query(`truncate ${header.tables.map(quoted).join(', ')}`);
    const { rows } = await readExport(path, { rows: (table, batch) => insertRows(client, table, batch) });
    await resetSequences(client);
    if (JSON.stringify(await countRows(client, header.tables)) !== JSON.stringify(rows)) {
      throw new BackupError(`The rows restored from ${path} do not add up to what it holds.`);
    }
    await migrateWithin(db, null);
    await client.query('commit');
    return rows;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    throw new BackupError(`Nothing was restored: ${reason}`, { cause: error });
  } finally {
    await db.destroy();
    await client.end();
  }
}
