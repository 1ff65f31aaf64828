import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { sharesPublicly } from './dink-visibility.ts';

/** A screenshot of a public moment; a private, hidden or deleted one is not found. */
export async function readPublicImage(
  db: Kysely<Database>,
  id: number,
): Promise<{ content_type: string; bytes: Buffer } | undefined> {
  return db
    .selectFrom('dink_images')
    .innerJoin('dink_moments', 'dink_moments.image_id', 'dink_images.id')
    .innerJoin('members', 'members.wom_id', 'dink_moments.wom_id')
    .leftJoin('dink_links', 'dink_links.wom_id', 'dink_moments.wom_id')
    .select(['dink_images.content_type', 'dink_images.bytes'])
    .where('dink_images.id', '=', id)
    .where(sharesPublicly)
    .executeTakeFirst();
}
