import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testRace } from '../race-test-data.ts';
import { RaceStandings } from './race-standings.tsx';

describe('race standings', () => {
  it('reflows each row into a card on a phone instead of a table that scrolls sideways', () => {
    const { container } = render(<RaceStandings participants={testRace().race_participants} />);
    const table = screen.getByRole('table', { name: 'Standings' });
    expect(container.querySelector('.overflow-x-auto')).toBeNull();
    const [, first] = within(table).getAllByRole('row');
    expect(first).toHaveClass('grid', 'sm:table-row');
    // Without the headings on a phone, each number names itself.
    const cells = within(first!).getAllByRole('cell');
    expect(cells.slice(3).map((c) => c.textContent)).toEqual([
      'Start1,000',
      'Current1,600',
      'Target2,000',
      expect.stringContaining('60%'),
    ]);
  });

  it("links each player's name to their member page", () => {
    render(<RaceStandings participants={testRace().race_participants} />);
    const table = screen.getByRole('table', { name: 'Standings' });
    expect(within(table).getByRole('link', { name: 'Lynx Titan' })).toHaveAttribute('href', '/members/3');
    expect(within(table).getByRole('link', { name: 'Iron Bob' })).toHaveAttribute('href', '/members/2');
  });

  it('keeps the headings for wide screens', () => {
    render(<RaceStandings participants={testRace().race_participants} />);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      '#',
      'Player',
      'Metric',
      'Start',
      'Current',
      'Target',
      'Progress',
    ]);
  });
});
