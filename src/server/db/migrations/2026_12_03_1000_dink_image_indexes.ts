import type { Kysely } from 'kysely';

/**
 * A screenshot is found from its moment and its post when it is served, evicted or dropped with its
 * moment: without these, each of those reads every moment and post.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('dink_moments_image_idx').on('dink_moments').column('image_id').execute();
  await db.schema.createIndex('dink_posts_image_idx').on('dink_posts').column('image_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('dink_posts_image_idx').execute();
  await db.schema.dropIndex('dink_moments_image_idx').execute();
}
