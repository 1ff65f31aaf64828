import type { LightMyRequestResponse } from 'fastify';
import type { Race, RaceInput } from '#core/races/races.schema.ts';
import type { PlayerSnapshot } from '#core/wom/wom-data.schema.ts';
import type { TestApp } from '#test/app.ts';

/** Members the sync stored a snapshot for, with their attack experience, in wom_id order. */
export async function measuredMembers(t: TestApp): Promise<Array<{ wom_id: string; attack: number }>> {
  const rows = await t.database.db
    .selectFrom('member_stats')
    .select(['wom_id', 'snapshot'])
    .where('snapshot', '!=', 'null')
    .orderBy('wom_id')
    .execute();
  return rows
    .map((row) => ({
      wom_id: row.wom_id,
      attack: (JSON.parse(row.snapshot) as PlayerSnapshot).data.skills.attack?.experience ?? 0,
    }))
    .filter((member) => member.attack > 0);
}

/** A race body with any field overridden. */
export function raceInput(
  participants: RaceInput['participants'],
  extra: Partial<RaceInput> = {},
): RaceInput {
  return { title: 'Attack race', description: 'First to the target', public: true, participants, ...extra };
}

export function postRace(t: TestApp, cookie: string, body: unknown): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url: '/api/races', headers: { cookie }, payload: body as object });
}

export async function createRaceAs(t: TestApp, cookie: string, body: RaceInput): Promise<Race> {
  const response = await postRace(t, cookie, body);
  if (response.statusCode !== 201)
    throw new Error(`race not created: ${response.statusCode} ${response.body}`);
  return response.json<Race>();
}

/** Every stored row of the race tables, to show that a refused request changed nothing. */
export async function raceTables(t: TestApp) {
  const db = t.database.db;
  return {
    races: await db.selectFrom('races').selectAll().orderBy('id').execute(),
    participants: await db.selectFrom('race_participants').selectAll().orderBy('id').execute(),
    progress: await db.selectFrom('race_progress').selectAll().orderBy('id').execute(),
  };
}
