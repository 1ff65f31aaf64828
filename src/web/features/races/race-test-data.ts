import type { Goal, GoalDetail } from '#core/goals/goals.schema.ts';
import type { Race, RaceDetail } from '#core/races/races.schema.ts';

/** A public race by user 1 between two players, as `GET /api/races` sends it; any field overridden. */
export function testRace(overrides: Partial<Race> = {}): Race {
  return {
    id: 12,
    creator_id: 1,
    creator_name: 'zezima',
    title: 'Fishing Frenzy',
    description: 'First to the target wins.',
    public: true,
    end_date: '2099-12-31T23:59:59.999Z',
    created_at: '2026-11-01T10:00:00.000Z',
    race_participants: [
      {
        id: 31,
        wom_id: '3',
        player_name: 'Lynx Titan',
        metric: 'fishing',
        start_value: 1_000,
        current_value: 1_600,
        target_value: 2_000,
        progress_percent: 60,
      },
      {
        id: 32,
        wom_id: '2',
        player_name: 'Iron Bob',
        metric: 'zulrah',
        start_value: 10,
        current_value: 12,
        target_value: 20,
        progress_percent: 20,
      },
    ],
    ...overrides,
  };
}

/** The race's page data: two values seen for each participant. */
export function testRaceDetail(overrides: Partial<RaceDetail> = {}): RaceDetail {
  return {
    ...testRace(),
    history: [
      {
        participant_id: 31,
        points: [
          { value: 1_000, recorded_at: '2026-11-01T10:00:00.000Z' },
          { value: 1_600, recorded_at: '2026-11-10T10:00:00.000Z' },
        ],
      },
      {
        participant_id: 32,
        points: [
          { value: 10, recorded_at: '2026-11-01T10:00:00.000Z' },
          { value: 12, recorded_at: '2026-11-10T10:00:00.000Z' },
        ],
      },
    ],
    ...overrides,
  };
}

/** A public gain goal by user 1, half done, as `GET /api/user-goals` sends it. */
export function testGoal(overrides: Partial<Goal> = {}): Goal {
  return {
    id: 7,
    user_id: 1,
    username: 'zezima',
    wom_id: '1',
    player_name: 'Zezima',
    goal_type: 'skill',
    metric: 'woodcutting',
    target_value: 2_000_000,
    start_value: 1_000_000,
    current_value: 1_500_000,
    start_date: '2026-11-01T10:00:00.000Z',
    target_date: '2099-01-01',
    completed: false,
    completed_date: null,
    public: true,
    progress_percent: 50,
    schedule: 'Ahead of schedule',
    ...overrides,
  };
}

export function testGoalDetail(overrides: Partial<GoalDetail> = {}): GoalDetail {
  return {
    ...testGoal(),
    history: [
      { value: 1_000_000, recorded_at: '2026-11-01T10:00:00.000Z' },
      { value: 1_500_000, recorded_at: '2026-11-10T10:00:00.000Z' },
    ],
    ...overrides,
  };
}
