import type { Kysely, Transaction } from 'kysely';
import type { AdminDink, MyDinkLink } from '#core/dink/dink.schema.ts';
import type { Database } from '../../db/schema.ts';
import { toBool } from '../../db/values.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** What the receiver needs to know of the address a post came to. */
export interface ReceivingLink {
  womId: string;
  /** The account that made the address: its posts count against that account's limits. */
  userId: number;
  accountHash: string | null;
  /** The maker still owns the character and it is a member of the clan: otherwise posts are refused. */
  current: boolean;
}

export async function findLinkByTokenHash(db: Db, tokenHash: string): Promise<ReceivingLink | undefined> {
  const row = await db
    .selectFrom('dink_links')
    .leftJoin('player_claims', (join) =>
      join
        .onRef('player_claims.wom_id', '=', 'dink_links.wom_id')
        .onRef('player_claims.user_id', '=', 'dink_links.user_id'),
    )
    .leftJoin('members', 'members.wom_id', 'dink_links.wom_id')
    .select([
      'dink_links.wom_id',
      'dink_links.user_id',
      'dink_links.account_hash',
      'player_claims.id as claim_id',
      'members.left_at',
      'members.deleted_at',
      'members.wom_id as member_wom_id',
    ])
    .where('dink_links.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return undefined;
  const current =
    row.claim_id !== null && row.member_wom_id !== null && row.left_at === null && row.deleted_at === null;
  return { womId: row.wom_id, userId: row.user_id, accountHash: row.account_hash, current };
}

/**
 * A new token for the character. The binding to a game account stays when its maker replaces their
 * own token; a new owner starts unbound (the earlier owner's binding says nothing of theirs).
 */
export async function saveLinkToken(
  db: Db,
  link: { womId: string; userId: number; tokenHash: string; now: string },
): Promise<void> {
  const existing = await db
    .selectFrom('dink_links')
    .select('user_id')
    .where('wom_id', '=', link.womId)
    .executeTakeFirst();
  if (existing?.user_id === link.userId) {
    await db
      .updateTable('dink_links')
      .set({ token_hash: link.tokenHash })
      .where('wom_id', '=', link.womId)
      .execute();
    return;
  }
  if (existing) await db.deleteFrom('dink_links').where('wom_id', '=', link.womId).execute();
  await db
    .insertInto('dink_links')
    .values({
      wom_id: link.womId,
      user_id: link.userId,
      token_hash: link.tokenHash,
      account_hash: null,
      share_public: true,
      created_at: link.now,
    })
    .execute();
}

export async function revokeLinkToken(db: Db, womId: string, userId: number): Promise<void> {
  await db
    .updateTable('dink_links')
    .set({ token_hash: null })
    .where('wom_id', '=', womId)
    .where('user_id', '=', userId)
    .execute();
}

/** Sets the owner's sharing choice, creating the link (without a token) when there is none yet. */
export async function saveLinkSharing(
  db: Db,
  link: { womId: string; userId: number; sharePublic: boolean; now: string },
): Promise<void> {
  const updated = await db
    .updateTable('dink_links')
    .set({ share_public: link.sharePublic })
    .where('wom_id', '=', link.womId)
    .where('user_id', '=', link.userId)
    .executeTakeFirst();
  if (updated.numUpdatedRows > 0n) return;
  await db.deleteFrom('dink_links').where('wom_id', '=', link.womId).execute();
  await db
    .insertInto('dink_links')
    .values({
      wom_id: link.womId,
      user_id: link.userId,
      token_hash: null,
      account_hash: null,
      share_public: link.sharePublic,
      created_at: link.now,
    })
    .execute();
}

/** Binds the character to the account hash of its first post; false when another hash got there first. */
export async function bindAccountHash(db: Db, womId: string, accountHash: string): Promise<boolean> {
  await db
    .updateTable('dink_links')
    .set({ account_hash: accountHash })
    .where('wom_id', '=', womId)
    .where('account_hash', 'is', null)
    .execute();
  const row = await db
    .selectFrom('dink_links')
    .select('account_hash')
    .where('wom_id', '=', womId)
    .executeTakeFirst();
  return row?.account_hash === accountHash;
}

export async function countLinkPost(db: Db, womId: string, now: string): Promise<void> {
  await db
    .updateTable('dink_links')
    .set((eb) => ({ posts: eb('posts', '+', 1), last_post_at: now }))
    .where('wom_id', '=', womId)
    .execute();
}

/** The user's claimed characters, each with its Dink connection (or none yet). */
export async function listMyLinks(db: Db, userId: number): Promise<MyDinkLink[]> {
  const rows = await db
    .selectFrom('player_claims')
    .leftJoin('members', 'members.wom_id', 'player_claims.wom_id')
    .leftJoin('dink_links', (join) =>
      join
        .onRef('dink_links.wom_id', '=', 'player_claims.wom_id')
        .onRef('dink_links.user_id', '=', 'player_claims.user_id'),
    )
    .select([
      'player_claims.wom_id',
      'members.name',
      'dink_links.token_hash',
      'dink_links.account_hash',
      'dink_links.share_public',
      'dink_links.posts',
      'dink_links.last_post_at',
    ])
    .where('player_claims.user_id', '=', userId)
    .orderBy('player_claims.claimed_at')
    .orderBy('player_claims.id')
    .execute();
  return rows.map((row) => ({
    wom_id: row.wom_id,
    player_name: row.name ?? row.wom_id,
    connected: row.token_hash !== null,
    bound: row.account_hash !== null,
    share_public: row.share_public === null ? true : toBool(row.share_public),
    posts: row.posts ?? 0,
    last_post_at: row.last_post_at,
  }));
}

/** Every character with a Dink link, most recently posting first, for the admin's tab. */
export async function listAdminLinks(db: Db): Promise<AdminDink['members']> {
  const rows = await db
    .selectFrom('dink_links')
    .innerJoin('users', 'users.id', 'dink_links.user_id')
    .leftJoin('members', 'members.wom_id', 'dink_links.wom_id')
    .select([
      'dink_links.wom_id',
      'members.name',
      'users.username',
      'dink_links.token_hash',
      'dink_links.account_hash',
      'dink_links.share_public',
      'dink_links.posts',
      'dink_links.created_at',
      'dink_links.last_post_at',
    ])
    // Never-posting links last on both databases (they sort NULLs apart).
    // A link made only to keep a character off the feed was never connected: not the admin's concern.
    .where((eb) => eb.or([eb('dink_links.token_hash', 'is not', null), eb('dink_links.posts', '>', 0)]))
    .orderBy((eb) => eb('dink_links.last_post_at', 'is', null))
    .orderBy('dink_links.last_post_at', 'desc')
    .orderBy('members.name')
    .limit(2000)
    .execute();
  return rows.map((row) => ({
    wom_id: row.wom_id,
    player_name: row.name ?? row.wom_id,
    username: row.username,
    connected: row.token_hash !== null,
    bound: row.account_hash !== null,
    share_public: toBool(row.share_public),
    posts: row.posts,
    created_at: row.created_at,
    last_post_at: row.last_post_at,
  }));
}
