import type { Kysely } from 'kysely';
import { confusableSkeleton } from '#core/auth/confusables.ts';

type UsersTable = { users: { id: number; username: string; username_skeleton: string | null } };

/**
 * Gives every user the skeleton of today's fold, in the order they joined. Where names already
 * collide, the oldest keeps the skeleton and the later ones keep none (NULL, which the unique index
 * allows many of), so every account goes on working and the skeleton stays taken.
 */
export async function backfillUsernameSkeletons(db: Kysely<unknown>): Promise<void> {
  const users = db as unknown as Kysely<UsersTable>;
  const rows = await users.selectFrom('users').select(['id', 'username']).orderBy('id').execute();
  const taken = new Set<string>();
  for (const row of rows) {
    const skeleton = confusableSkeleton(row.username);
    if (taken.has(skeleton)) continue;
    taken.add(skeleton);
    await users.updateTable('users').set({ username_skeleton: skeleton }).where('id', '=', row.id).execute();
  }
}

/** Clears every skeleton, so a backfill never meets a value of the old fold under the unique index. */
export async function clearUsernameSkeletons(db: Kysely<unknown>): Promise<void> {
  const users = db as unknown as Kysely<UsersTable>;
  await users.updateTable('users').set({ username_skeleton: null }).execute();
}
