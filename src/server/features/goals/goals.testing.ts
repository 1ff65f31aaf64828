import type { PlayerSnapshot } from '#core/wom/wom-data.schema.ts';
import type { TestApp } from '#test/app.ts';

/** A snapshot with the given skills' experience and bosses' kills, everything else absent. */
export function snapshotWith(values: { skills?: Record<string, number>; bosses?: Record<string, number> }) {
  const snapshot: PlayerSnapshot = {
    createdAt: '2026-11-21T11:00:00.000Z',
    data: {
      skills: Object.fromEntries(
        Object.entries(values.skills ?? {}).map(([key, experience]) => [
          key,
          { experience, level: 50, rank: 1 },
        ]),
      ),
      bosses: Object.fromEntries(
        Object.entries(values.bosses ?? {}).map(([key, kills]) => [key, { kills, rank: 1 }]),
      ),
      activities: {},
      computed: {},
    },
  };
  return snapshot;
}

/** Stores the character's snapshot as fetched now (so no request goes to WOM), or 'null' for none. */
export async function storeSnapshot(
  t: TestApp,
  womId: string,
  snapshot: PlayerSnapshot | null,
): Promise<void> {
  const row = {
    snapshot: JSON.stringify(snapshot),
    snapshot_at: snapshot?.createdAt ?? null,
    fetched_at: t.clock.now().toISOString(),
  };
  await t.database.db
    .insertInto('member_stats')
    .values({ wom_id: womId, ...row })
    .onConflict((oc) => oc.column('wom_id').doUpdateSet(row))
    .execute();
}

export async function claimCharacter(t: TestApp, userId: number, womId: string): Promise<void> {
  await t.database.db
    .insertInto('player_claims')
    .values({ user_id: userId, wom_id: womId, claimed_at: t.clock.now().toISOString() })
    .execute();
}

/** The goal's stored history, oldest first. */
export async function goalHistory(t: TestApp, goalId: number) {
  return t.database.db
    .selectFrom('goal_progress')
    .select(['value', 'recorded_at'])
    .where('goal_id', '=', goalId)
    .orderBy('id')
    .execute();
}
