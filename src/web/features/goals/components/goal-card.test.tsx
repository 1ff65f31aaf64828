import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithQueries } from '#test/render-with-queries.tsx';
import { testGoal } from '../testing/test-goal.ts';
import { GoalCard } from './goal-card.tsx';

describe('goal card', () => {
  it('shows the metric linked to its page, the player linked to theirs, current and target values and the target date', () => {
    renderWithQueries(<GoalCard goal={testGoal({ id: 7 })} />);
    const card = screen.getByRole('article', { name: 'Attack' });
    expect(within(card).getByRole('link', { name: 'Attack' })).toHaveAttribute('href', '/goals/7');
    expect(within(card).getByRole('link', { name: 'Zezima' })).toHaveAttribute('href', '/members/1');
    expect(within(card).getByText('1,500,000 / 2,000,000')).toBeInTheDocument();
    expect(within(card).getByText('Target date: 31 December 2026')).toBeInTheDocument();
    expect(within(card).getByText('Ahead of schedule')).toBeInTheDocument();
    expect(within(card).getByText('Public')).toBeInTheDocument();
    expect(within(card).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
  });

  it('never fills the bar past 100 percent', () => {
    renderWithQueries(<GoalCard goal={testGoal({ progress_percent: 140, schedule: 'Completed' })} />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByText('100%')).toBeInTheDocument();
    expect(screen.getByText('Completed')).toBeInTheDocument();
  });

  it('marks a private goal, and shows no schedule or date for a goal without a target date', () => {
    renderWithQueries(<GoalCard goal={testGoal({ public: false, target_date: null, schedule: null })} />);
    expect(screen.getByText('Private')).toBeInTheDocument();
    expect(screen.queryByText(/Target date/)).not.toBeInTheDocument();
    expect(screen.queryByText(/schedule/)).not.toBeInTheDocument();
  });

  it("shows the metric's icon and the actions it is given", () => {
    const { container } = renderWithQueries(
      <GoalCard goal={testGoal({ metric: 'zulrah' })} actions={<button type="button">Delete</button>} />,
    );
    expect(container.querySelector('img')).toHaveAttribute('src', '/icons/zulrah.png');
    expect(screen.getByRole('link', { name: 'Zulrah' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });
});
