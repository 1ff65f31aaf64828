import type { Kysely, Transaction } from 'kysely';
import type { DinkLinkCreated, MyDinkLink } from '#core/dink/dink.schema.ts';
import type { Clock } from '#shared/clock.ts';
import type { Database } from '../../db/schema.ts';
import { bumpRevision } from '../../db/revisions.ts';
import { notFound } from '../../http/http-error.ts';
import { listMyLinks, revokeLinkToken, saveLinkSharing, saveLinkToken } from './dink-links.repository.ts';
import { hashDinkToken, newDinkToken } from './dink-token.ts';

export interface DinkLinksDeps {
  db: Kysely<Database>;
  clock: Clock;
  /** The site's address when a request names none (PUBLIC_URL, else this server's local one). */
  siteUrl: string;
}

export const NOT_YOUR_CHARACTER = 'You have not claimed this character';

async function requireOwnCharacter(
  db: Kysely<Database> | Transaction<Database>,
  userId: number,
  womId: string,
): Promise<void> {
  const claim = await db
    .selectFrom('player_claims')
    .select('id')
    .where('wom_id', '=', womId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!claim) throw notFound(NOT_YOUR_CHARACTER);
}

export function dinkUrls(siteUrl: string, token: string): DinkLinkCreated {
  const base = `${siteUrl.replace(/\/+$/, '')}/api/dink/${token}`;
  return { url: base, config_url: `${base}/config` };
}

/**
 * A new address for the user's character, replacing any earlier one; only its hash is kept. The URLs
 * start with `siteUrl`: the address the member reached the site at, which their game can reach too.
 */
export async function createDinkLink(
  deps: DinkLinksDeps,
  userId: number,
  womId: string,
  siteUrl: string,
): Promise<DinkLinkCreated> {
  const token = newDinkToken();
  await deps.db.transaction().execute(async (trx) => {
    await requireOwnCharacter(trx, userId, womId);
    await saveLinkToken(trx, {
      womId,
      userId,
      tokenHash: hashDinkToken(token),
      now: deps.clock.now().toISOString(),
    });
  });
  return dinkUrls(siteUrl, token);
}

export async function revokeDinkLink(deps: DinkLinksDeps, userId: number, womId: string): Promise<void> {
  await requireOwnCharacter(deps.db, userId, womId);
  await revokeLinkToken(deps.db, womId, userId);
}

export async function setDinkSharing(
  deps: DinkLinksDeps,
  userId: number,
  womId: string,
  sharePublic: boolean,
): Promise<MyDinkLink> {
  const links = await deps.db.transaction().execute(async (trx) => {
    await requireOwnCharacter(trx, userId, womId);
    await saveLinkSharing(trx, { womId, userId, sharePublic, now: deps.clock.now().toISOString() });
    // The feed, the boards and the character page show or hide the moments at once.
    await bumpRevision(trx, 'dink');
    return listMyLinks(trx, userId);
  });
  const link = links.find((entry) => entry.wom_id === womId);
  if (!link) throw notFound(NOT_YOUR_CHARACTER);
  return link;
}
