import type { TestApp } from '#test/app.ts';
import { readRevision } from '../../db/revisions.ts';
import type { NewMemberRow } from '../../db/schema.ts';

const ADDED = '2026-01-01T00:00:00.000Z';

/** A visible member straight in the database, with any column overridden. */
export async function addMember(
  t: TestApp,
  womId: string,
  name: string,
  extra: Partial<NewMemberRow> = {},
): Promise<void> {
  await t.database.db
    .insertInto('members')
    .values({
      wom_id: womId,
      name,
      wom_name: name.toLowerCase(),
      womrole: 'ruby',
      combat_level: 110,
      current_lvl: 2000,
      current_xp: 150_000_000,
      ehb: 250,
      siege_score: 7,
      created_at: ADDED,
      updated_at: ADDED,
      ...extra,
    })
    .execute();
}

/** A stored claim code (normalised, as the server keeps it) for a test to redeem. */
export async function addClaimCode(
  t: TestApp,
  code: { code: string; wom_id: string; expires_at?: string | null; is_claimed?: boolean },
): Promise<number> {
  const row = await t.database.db
    .insertInto('claim_codes')
    .values({
      expires_at: '2026-11-28T12:00:00.000Z',
      created_at: t.clock.now().toISOString(),
      ...code,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Who owns which character, in wom_id order. */
export async function playerClaims(t: TestApp) {
  return t.database.db
    .selectFrom('player_claims')
    .select(['user_id', 'wom_id', 'claimed_at'])
    .orderBy('wom_id')
    .execute();
}

/** The public roster's claimed flags, by wom_id: it is cached per revision, so it shows whether claims bump it. */
export async function rosterClaimedFlags(t: TestApp): Promise<Record<string, boolean>> {
  const response = await t.app.inject({ method: 'GET', url: '/api/members' });
  const members = response.json<Array<{ wom_id: string; claimed: boolean }>>();
  return Object.fromEntries(members.map((member) => [member.wom_id, member.claimed]));
}

export function membersRevision(t: TestApp): Promise<number> {
  return readRevision(t.database.db, 'members');
}
