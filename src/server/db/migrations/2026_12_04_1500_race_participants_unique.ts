import { sql, type Kysely } from 'kysely';

/**
 * A race lists a character once per metric (issue 29): the service refuses a repeat, and this index
 * makes the database refuse one too. Races saved before kept their copies (one character listed 50
 * times showed 50 entries): the first of each is kept, the others go with their progress rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    delete from race_participants
    where id not in (select min(id) from race_participants group by race_id, wom_id, metric)
  `.execute(db);
  await db.schema
    .createIndex('race_participants_race_character_metric_key')
    .on('race_participants')
    .columns(['race_id', 'wom_id', 'metric'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('race_participants_race_character_metric_key').execute();
}
