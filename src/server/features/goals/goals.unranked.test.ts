import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Goal } from '#core/goals/goals.schema.ts';
import type { Race } from '#core/races/races.schema.ts';
import { createManualClock, createTestApp, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { signInRoles, type SignedInRoles } from '#test/roles.ts';
import { call } from '#test/http-call.ts';
import { startSimulator, type WomSimulator } from '#stand-ins/wom/index.ts';
import { createRaceAs, raceInput } from '../races/races.testing.ts';
import { PLAYER_REFRESH_MS } from '../wom-data/player-snapshots.ts';
import { claimCharacter } from './goals.testing.ts';

interface RawSnapshot {
  latestSnapshot: {
    data: {
      bosses: Record<string, { metric: string; kills: number; rank: number; ehb: number }>;
      activities: Record<string, { metric: string; score: number; rank: number }>;
    };
  };
}

/**
 * WOM answers -1 for a boss killed fewer times than the hiscores' threshold (and an activity under
 * its minimum): a first Vorkath goal starts from there, as 0.
 */
for (const dialect of testDialects) {
  describe(`${dialect}: goals and races from an unranked boss or activity`, () => {
    const clock = createManualClock('2026-11-21T12:00:00.000Z');
    let simulator: WomSimulator;
    let t: TestApp;
    let roles: SignedInRoles;
    let womId: string;
    let boss: string;
    let activity: string;

    beforeAll(async () => {
      simulator = await startSimulator({ members: 4, seed: 5, clock });
      t = await createTestApp(dialect, { clock, wom: { url: simulator.url, groupId: simulator.groupId } });
      expect((await t.sync()).outcome).toBe('succeeded');
      roles = await signInRoles(t);
      womId = String(simulator.memberIds()[0]);
      await claimCharacter(t, roles.userId, womId);
      const player = await call<RawSnapshot>(`${simulator.url}/players/id/${womId}`);
      const { bosses, activities } = player.body.latestSnapshot.data;
      // The shape the real WOM answers for an unranked boss and activity.
      boss = Object.values(bosses).find((entry) => entry.kills === -1)!.metric;
      expect(bosses[boss]).toEqual({ metric: boss, kills: -1, rank: -1, ehb: 0 });
      activity = Object.values(activities).find((entry) => entry.score === -1)!.metric;
      expect(activities[activity]).toEqual({ metric: activity, score: -1, rank: -1 });
    });
    afterAll(async () => {
      await t.close();
      await simulator.close();
    });

    const createGoal = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/user-goals', payload, headers: roles.headers('user') });

    it('sets a goal from 0 kills or score, read from the sync and from WOM itself, and keeps it at 0', async () => {
      const bossGoal = await createGoal({ wom_id: womId, metric: boss, mode: 'gain', value: 50 });
      expect(bossGoal.statusCode).toBe(201);
      expect(bossGoal.json<Goal>()).toMatchObject({
        goal_type: 'boss',
        start_value: 0,
        current_value: 0,
        target_value: 50,
      });

      // Past the player cache the goal reads the player from WOM, -1 and all.
      clock.advance(PLAYER_REFRESH_MS + 1);
      const activityGoal = await createGoal({ wom_id: womId, metric: activity, mode: 'total', value: 1 });
      expect(activityGoal.statusCode).toBe(201);
      expect(activityGoal.json<Goal>()).toMatchObject({
        goal_type: 'activity',
        start_value: 0,
        target_value: 1,
      });

      clock.advance(PLAYER_REFRESH_MS + 1);
      const synced = await t.app.inject({
        method: 'POST',
        url: '/api/user-goals/sync',
        payload: { wom_id: womId },
        headers: roles.headers('user'),
      });
      expect(synced.statusCode).toBe(200);
      const goals = await t.database.db
        .selectFrom('user_goals')
        .select(['metric', 'current_value'])
        .execute();
      expect(goals).toEqual(
        expect.arrayContaining([
          { metric: boss, current_value: 0 },
          { metric: activity, current_value: 0 },
        ]),
      );
    });

    it('races from 0 kills, and a refresh and a sync keep the participant at 0', async () => {
      const cookie = roles.headers('user').cookie!;
      const race = await createRaceAs(
        t,
        cookie,
        raceInput([{ wom_id: womId, metric: boss, mode: 'gain', target_value: 5 }]),
      );
      expect(race.race_participants[0]).toMatchObject({ start_value: 0, current_value: 0, target_value: 5 });

      clock.advance(PLAYER_REFRESH_MS + 1);
      const refreshed = await t.app.inject({
        method: 'POST',
        url: `/api/races/${race.id}/refresh`,
        headers: { cookie },
      });
      expect(refreshed.statusCode).toBe(200);
      expect(refreshed.json<Race>().race_participants[0]).toMatchObject({
        current_value: 0,
        progress_percent: 0,
      });

      clock.advance(PLAYER_REFRESH_MS + 1);
      expect((await t.sync()).outcome).toBe('succeeded');
      const participant = await t.database.db
        .selectFrom('race_participants')
        .select('current_value')
        .where('race_id', '=', race.id)
        .executeTakeFirstOrThrow();
      expect(participant.current_value).toBe(0);
    });
  });
}
