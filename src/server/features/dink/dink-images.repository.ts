import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { sharesPublicly } from './dink-visibility.ts';

type Images = ExpressionBuilder<Database, 'dink_images'>;

/**
 * A screenshot is public while it shows a public moment, or proves a bingo tile a public member
 * completed; a private, hidden or deleted member's is not found.
 */
function shownPublicly(eb: Images) {
  return eb.or([
    eb.exists(
      eb
        .selectFrom('dink_moments')
        .innerJoin('members', 'members.wom_id', 'dink_moments.wom_id')
        .leftJoin('dink_links', 'dink_links.wom_id', 'dink_moments.wom_id')
        .select('dink_moments.id')
        .whereRef('dink_moments.image_id', '=', 'dink_images.id')
        .where(sharesPublicly),
    ),
    eb.exists(
      eb
        .selectFrom('bingo_completions')
        .innerJoin('members', 'members.wom_id', 'bingo_completions.wom_id')
        .leftJoin('dink_links', 'dink_links.wom_id', 'bingo_completions.wom_id')
        .select('bingo_completions.tile_id')
        .whereRef('bingo_completions.image_id', '=', 'dink_images.id')
        .where(sharesPublicly),
    ),
  ]);
}

function publicImage(db: Kysely<Database>, id: number) {
  return db.selectFrom('dink_images').where('dink_images.id', '=', id).where(shownPublicly);
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
