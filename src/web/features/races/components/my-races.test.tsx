import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithQueries } from '#test/render-with-queries.tsx';
import { testRace } from '../race-test-data.ts';
import { MyRaces } from './my-races.tsx';

describe('my races', () => {
  it('shows No Races Yet with the ways to make a race and to see everyone’s', () => {
    renderWithQueries(<MyRaces />, [[['races', 'mine'], []]]);
    expect(screen.getByText('No Races Yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Race' })).toHaveAttribute('href', '/races/new');
    expect(screen.getByRole('link', { name: 'All Races and Goals' })).toHaveAttribute('href', '/progress');
  });

  it("lists the user's races with their creator and participants", () => {
    renderWithQueries(<MyRaces />, [[['races', 'mine'], [testRace({ public: false })]]]);
    expect(screen.getByRole('link', { name: 'Fishing Frenzy' })).toHaveAttribute('href', '/races/12');
    expect(screen.getByText('Private')).toBeInTheDocument();
    expect(screen.getByText(/By zezima · 2 participants · Ends 31 December 2099/)).toBeInTheDocument();
  });
});
