import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { sharesPublicly } from '../dink/dink-visibility.ts';

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

/**
 * Whether a moment may still be announced: it exists and its member still shares it publicly. A
 * member who takes their moments off the site's pages takes the queued ones off Discord too.
 */
export async function isMomentStillPublic(db: Kysely<Database>, momentId: number): Promise<boolean> {
  const row = await db
    .selectFrom('dink_moments')
    .innerJoin('members', 'members.wom_id', 'dink_moments.wom_id')
    .leftJoin('dink_links', 'dink_links.wom_id', 'dink_moments.wom_id')
    .select('dink_moments.id')
    .where('dink_moments.id', '=', momentId)
    .where(sharesPublicly)
    .executeTakeFirst();
  return row !== undefined;
}
