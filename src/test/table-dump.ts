import { sql, type Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';

/** Every row of every table, as sorted JSON lines per table: two dumps are equal when nothing was written. */
export type TableDump = Record<string, string[]>;

/** Dumps whichever tables the database has now, so a table added by a later migration is compared too. */
export async function dumpTables(db: Kysely<Database>): Promise<TableDump> {
  const tables = await db.introspection.getTables();
  const dump: TableDump = {};
  for (const { name } of tables) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db);
    dump[name] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return dump;
}

/** The tables whose rows differ between two dumps. */
export function changedTables(before: TableDump, after: TableDump): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => JSON.stringify(before[name]) !== JSON.stringify(after[name]));
}
