import { sql, type Kysely } from 'kysely';
import { deleteImages } from '../../features/dink/dink-inbox.repository.ts';
import { encodeScreenshot } from '../../features/dink/screenshot-encoding.ts';
import { HttpError } from '../../http/http-error.ts';
import type { Database } from '../schema.ts';
import { columnTypes } from './column-types.ts';

/**
 * Screenshots are kept re-encoded (decision 031): each image gets its thumbnail, and a personal best
 * the screenshot of the kill that set it. Screenshots stored before are re-encoded here, one at a
 * time, as an upload is now; one that does not decode is dropped (its moment stays, without a
 * picture), as the receiver now refuses it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  const blob = t.postgres ? 'bytea' : 'blob';
  const empty = t.postgres ? sql`''::bytea` : sql`X''`;
  await db.schema
    .alterTable('dink_images')
    .addColumn('thumbnail', blob, (c) => c.notNull().defaultTo(empty))
    .execute();
  if (t.postgres) {
    await db.schema
      .alterTable('dink_images')
      .alterColumn('thumbnail', (c) => c.dropDefault())
      .execute();
  }
  await db.schema.alterTable('dink_personal_bests').addColumn('image_id', 'integer').execute();
  await db.schema
    .createIndex('dink_personal_bests_image_idx')
    .on('dink_personal_bests')
    .column('image_id')
    .execute();

  const tables = db as unknown as Kysely<Database>;
  const ids = await tables.selectFrom('dink_images').select('id').orderBy('id').execute();
  for (const { id } of ids) {
    const { bytes } = await tables
      .selectFrom('dink_images')
      .select('bytes')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    try {
      const { full, thumbnail } = await encodeScreenshot(bytes);
      await tables
        .updateTable('dink_images')
        .set({ content_type: 'image/webp', bytes: full, thumbnail, size: full.length + thumbnail.length })
        .where('id', '=', id)
        .execute();
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      await deleteImages(tables, [id]);
    }
  }
  // A personal best's moment was made from the same post, so it holds that post's screenshot.
  await tables
    .updateTable('dink_personal_bests')
    .set((eb) => ({
      image_id: eb
        .selectFrom('dink_moments')
        .select((inner) => inner.fn.max('dink_moments.image_id').as('image_id'))
        .whereRef('dink_moments.wom_id', '=', 'dink_personal_bests.wom_id')
        .whereRef('dink_moments.occurred_at', '=', 'dink_personal_bests.occurred_at')
        .where('dink_moments.kind', '=', 'kill_count'),
    }))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('dink_personal_bests_image_idx').execute();
  await db.schema.alterTable('dink_personal_bests').dropColumn('image_id').execute();
  await db.schema.alterTable('dink_images').dropColumn('thumbnail').execute();
}
