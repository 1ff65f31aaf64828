import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { sharesPublicly } from './dink-visibility.ts';

/** The screenshot of a public moment; a private, hidden or deleted one is not found. */
function publicImage(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('dink_images')
    .innerJoin('dink_moments', 'dink_moments.image_id', 'dink_images.id')
    .innerJoin('members', 'members.wom_id', 'dink_moments.wom_id')
    .leftJoin('dink_links', 'dink_links.wom_id', 'dink_moments.wom_id')
    .where('dink_images.id', '=', id)
    .where(sharesPublicly);
}

/** A public moment's screenshot at its full size. */
export async function readPublicImage(
  db: Kysely<Database>,
  id: number,
): Promise<{ content_type: string; bytes: Buffer } | undefined> {
  return publicImage(db, id).select(['dink_images.content_type', 'dink_images.bytes']).executeTakeFirst();
}

/** A public moment's screenshot as lists show it. */
export async function readPublicThumbnail(db: Kysely<Database>, id: number): Promise<Buffer | undefined> {
  const row = await publicImage(db, id).select('dink_images.thumbnail').executeTakeFirst();
  return row?.thumbnail;
}
