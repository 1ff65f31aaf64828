import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithQueries } from '#test/render-with-queries.tsx';
import { characterGoalsQueryKey } from '../api/get-my-goals.ts';
import { testGoal } from '../testing/test-goal.ts';
import { CharacterGoals } from './character-goals.tsx';

describe("a character's inline goals", () => {
  it('shows at most 3 of its active goals, leaving out completed ones and other characters', () => {
    const goals = [
      testGoal({ id: 1, metric: 'attack', completed: true, schedule: 'Completed' }),
      testGoal({ id: 2, metric: 'strength' }),
      testGoal({ id: 3, metric: 'zulrah', wom_id: '2' }),
      testGoal({ id: 4, metric: 'defence' }),
      testGoal({ id: 5, metric: 'magic' }),
      testGoal({ id: 6, metric: 'ranged' }),
    ];
    renderWithQueries(<CharacterGoals womId="1" />, [
      [characterGoalsQueryKey('1'), { items: goals, next_cursor: null }],
    ]);
    expect(screen.getAllByRole('article').map((card) => card.textContent?.split('Zezima')[0])).toEqual([
      'Strength',
      'Defence',
      'Magic',
    ]);
    expect(screen.getByRole('button', { name: 'Sync Progress' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('shows only Sync Progress for a character without active goals', () => {
    renderWithQueries(<CharacterGoals womId="1" />, [
      [characterGoalsQueryKey('1'), { items: [], next_cursor: null }],
    ]);
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sync Progress' })).toBeInTheDocument();
  });
});
