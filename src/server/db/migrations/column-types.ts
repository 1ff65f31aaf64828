import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

/**
 * The few column types that differ between SQLite and PostgreSQL, decided once so every migration
 * writes the same logical schema on both engines. Frozen: changing it would change old migrations.
 */
export function columnTypes(db: Kysely<unknown>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return {
    postgres,
    /** XP and other counters that pass 2^31. */
    bigint: postgres ? ('bigint' as const) : ('integer' as const),
    timestamp: postgres ? ('timestamptz' as const) : ('text' as const),
    date: postgres ? ('date' as const) : ('text' as const),
    json: postgres ? ('jsonb' as const) : ('text' as const),
    boolean: postgres ? ('boolean' as const) : ('integer' as const),
    /** An auto-incrementing integer primary key. */
    id: (column: ColumnDefinitionBuilder) =>
      postgres ? column.primaryKey().generatedByDefaultAsIdentity() : column.primaryKey().autoIncrement(),
  };
}
