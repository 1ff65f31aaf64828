import pg from 'pg';

/**
 * Every row of every table of the database's schema, each value as PostgreSQL writes it as text
 * (timestamps to the microsecond, jsonb and bytea as stored), as sorted JSON lines per table.
 */
export async function tablesAsText(url: string): Promise<Record<string, string[]>> {
  const client = new pg.Client({
    connectionString: url,
    types: { getTypeParser: () => (value: string) => value },
  });
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>(
      `select relname as name from pg_class
       where relnamespace = current_schema()::regnamespace and relkind = 'r' order by relname`,
    );
    const dump: Record<string, string[]> = {};
    for (const { name } of tables.rows) {
      const { rows } = await client.query(`select * from "${name}"`);
      dump[name] = rows.map((row) => JSON.stringify(row)).sort();
    }
    return dump;
  } finally {
    await client.end();
  }
}

/** Drops every table and function of the database's schema: a database wiped of the app. */
export async function wipeSchema(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`
      do $$ declare item record; begin
        for item in select relname from pg_class
          where relnamespace = current_schema()::regnamespace and relkind = 'r' loop
          execute format('drop table if exists %I cascade', item.relname);
        end loop;
        for item in select oid::regprocedure as signature from pg_proc
          where pronamespace = current_schema()::regnamespace loop
          execute format('drop function %s cascade', item.signature);
        end loop;
      end $$`);
  } finally {
    await client.end();
  }
}
