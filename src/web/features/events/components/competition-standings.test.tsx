import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { WomCompetitionItem } from '#core/wom/wom-data.schema.ts';
import { CompetitionStandings } from './competition-standings.tsx';

function competition(gains: number[]): WomCompetitionItem {
  return {
    id: 4001,
    title: 'SOTW: Fishing',
    metric: 'fishing',
    metrics: ['fishing'],
    type: 'classic',
    startsAt: '2026-11-07T18:00:00.000Z',
    endsAt: '2026-11-14T18:00:00.000Z',
    participantCount: gains.length,
    participants: gains.map((gained, index) => ({
      playerId: index + 1,
      displayName: `Player ${index + 1}`,
      teamName: null,
      progress: { start: 0, end: gained, gained },
    })),
    teams: null,
  };
}

const playerRows = () =>
  within(screen.getByRole('table', { name: 'Players' }))
    .getAllByRole('row')
    .slice(1)
    .filter((row) => row.closest('tbody'));

describe('CompetitionStandings', () => {
  it('lists everyone tied at 10th before "and N more"', () => {
    render(
      <CompetitionStandings
        competition={competition([90, 89, 88, 87, 86, 85, 84, 83, 50, 50, 50, 50, 10, 0])}
      />,
    );
    expect(playerRows()).toHaveLength(12);
    expect(screen.getByRole('table', { name: 'Players' })).toHaveTextContent('and 2 more');
  });

  it('still fills the first 10 rows with players who gained nothing, who take no place', () => {
    render(<CompetitionStandings competition={competition([30, 20, ...Array<number>(12).fill(0)])} />);
    expect(playerRows()).toHaveLength(10);
    expect(screen.getByRole('table', { name: 'Players' })).toHaveTextContent('and 4 more');
  });
});
