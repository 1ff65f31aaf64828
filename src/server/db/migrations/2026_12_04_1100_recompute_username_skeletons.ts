import type { Kysely } from 'kysely';
import { backfillUsernameSkeletons, clearUsernameSkeletons } from './username-skeleton-backfill.ts';

/**
 * Usernames fold with Unicode's confusables data now, not a hand-made table (decision 032), so every
 * stored skeleton is computed again. Names that only the new fold finds alike (`boss` and an older
 * `ƅoss`, `admin` and `adm1n`) keep working: the oldest holds the skeleton, the others none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await clearUsernameSkeletons(db);
  await backfillUsernameSkeletons(db);
}

/** The old fold is gone with its table: going back leaves the skeletons of the new one. */
export async function down(): Promise<void> {}
