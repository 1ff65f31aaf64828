import { mkdirSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { DEFAULT_MIGRATION_TABLE } from 'kysely';
import type pg from 'pg';
import { BackupError, linkIntoPlace, refuseToOverwrite, syncToDisk } from './backup.ts';
import {
  exportHeader,
  openExportWriter,
  readExport,
  ROWS_PER_BATCH,
  type ExportWriter,
} from './postgres-export-file.ts';
import { connectAs, quoted, schemaTables, type SchemaTable } from './postgres-schema.ts';

/** Every value as the text PostgreSQL writes, which its input functions read back exactly. */
const asText: pg.CustomTypesConfig = { getTypeParser: () => (value: string) => value };

/** Writes one table's rows, read through a cursor a batch at a time, in primary key order. */
async function exportTable(client: pg.Client, table: SchemaTable, out: ExportWriter): Promise<number> {
  await out.write({ table: table.name, columns: table.columns });
  const order = table.key.length > 0 ? ` order by ${table.key.map(quoted).join(', ')}` : '';
  await client.query(
    `declare export_rows no scroll cursor for select ${table.columns.map(quoted).join(', ')} from ${quoted(table.name)}${order}`,
  );
  let rows = 0;
  for (;;) {
    const batch = await client.query<unknown[]>({
      text: `fetch forward ${ROWS_PER_BATCH} from export_rows`,
      rowMode: 'array',
    });
    for (const row of batch.rows) await out.write(row);
    rows += batch.rows.length;
    if (batch.rows.length < ROWS_PER_BATCH) break;
  }
  await client.query('close export_rows');
  await out.write({ end: table.name, rows });
  return rows;
}

export interface ExportedFile {
  path: string;
  bytes: number;
  /** Rows written per table, as counted again in the file. */
  rows: Record<string, number>;
}

/**
 * Writes a logical export of the database (postgres-export-file.ts) to `destination`, for a site
 * where pg_dump is not installed. Every table is read in one REPEATABLE READ transaction, so the
 * export is one consistent snapshot while the app keeps writing, and through a cursor a batch at a
 * time, so memory stays flat. The file is written under a temporary name, read again and its rows
 * counted against what was written, and only then linked into place.
 */
export async function exportPostgres(
  connectionString: string,
  destination: string,
  now: Date,
): Promise<ExportedFile> {
  refuseToOverwrite(destination);
  mkdirSync(dirname(destination), { recursive: true });
  const partial = `${destination}.${process.pid}.partial`;
  const client = await connectAs('backup', connectionString, asText);
  try {
    await client.query('begin isolation level repeatable read read only');
    const migrationsTable = await client.query<{ found: string | null }>(`select to_regclass($1) as found`, [
      DEFAULT_MIGRATION_TABLE,
    ]);
    if (migrationsTable.rows[0]?.found === null) {
      throw new BackupError(
        "No backup was made: the database has no migrations table. Is it this app's database?",
      );
    }
    const migrations = (
      await client.query<{ name: string }>(
        `select name from ${quoted(DEFAULT_MIGRATION_TABLE)} order by name`,
      )
    ).rows.map((row) => row.name);
    const tables = await schemaTables(client);
    const out = openExportWriter(partial);
    const written: Record<string, number> = {};
    try {
      await out.write(
        exportHeader(
          migrations,
          now,
          tables.map((table) => table.name),
        ),
      );
      for (const table of tables) written[table.name] = await exportTable(client, table, out);
      await out.write({ rows: written });
    } finally {
      await out.close();
    }
    await client.query('commit');
    syncToDisk(partial);
    const { rows } = await readExport(partial);
    if (JSON.stringify(rows) !== JSON.stringify(written)) {
      throw new BackupError('No backup was made: the export read back does not hold the rows written.');
    }
    linkIntoPlace(partial, destination);
    return { path: destination, bytes: statSync(destination).size, rows };
  } finally {
    await client.end();
    rmSync(partial, { force: true });
  }
}
