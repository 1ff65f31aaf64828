import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** A moment's screenshot as stored by the Dink receiver; undefined once it was removed. */
export async function findMomentImage(
  db: Kysely<Database>,
  imageId: number,
): Promise<{ content_type: string; bytes: Buffer } | undefined> {
  return db
    .selectFrom('dink_images')
    .select(['content_type', 'bytes'])
    .where('id', '=', imageId)
    .executeTakeFirst();
}
