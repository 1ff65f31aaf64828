import type { Goal } from '#core/goals/goals.schema.ts';

/** A goal as the server sends it: Zezima's public Attack gain, half done, with any field overridden. */
export function testGoal(overrides: Partial<Goal> = {}): Goal {
  return {
    id: 1,
    user_id: 1,
    username: 'zezima',
    wom_id: '1',
    player_name: 'Zezima',
    goal_type: 'skill',
    metric: 'attack',
    target_value: 2_000_000,
    start_value: 1_000_000,
    current_value: 1_500_000,
    start_date: '2026-01-01T00:00:00.000Z',
    target_date: '2026-12-31',
    completed: false,
    completed_date: null,
    public: true,
    progress_percent: 50,
    schedule: 'Ahead of schedule',
    ...overrides,
  };
}
