import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onePage, renderWithQueries, stubApi } from '#test/render-with-queries.tsx';
import { testRace } from '../race-test-data.ts';
import { MyRaces } from './my-races.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('my races', () => {
  it('shows No Races Yet with the ways to make a race and to see everyone’s', () => {
    renderWithQueries(<MyRaces />, [[['races', 'mine'], onePage([])]]);
    expect(screen.getByText('No Races Yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Race' })).toHaveAttribute('href', '/races/new');
    expect(screen.getByRole('link', { name: 'All Races and Goals' })).toHaveAttribute('href', '/progress');
  });

  it("lists the user's races with their creator and participants", () => {
    renderWithQueries(<MyRaces />, [[['races', 'mine'], onePage([testRace({ public: false })])]]);
    expect(screen.getByRole('link', { name: 'Fishing Frenzy' })).toHaveAttribute('href', '/races/12');
    expect(screen.getByText('Private')).toBeInTheDocument();
    expect(screen.getByText(/By zezima · 2 participants · Ends 31 December 2099/)).toBeInTheDocument();
  });

  it('shows the next page under the first with Show more, until the last page', async () => {
    const fetch = stubApi({
      'GET /api/races': ({ url }) => {
        expect(url.searchParams.get('cursor')).toBe('page-2');
        return Response.json({ items: [testRace({ id: 13, title: 'Slayer Sprint' })], next_cursor: null });
      },
    });
    renderWithQueries(<MyRaces />, [[['races', 'mine'], onePage([testRace()], 'page-2')]]);
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));

    expect(await screen.findByRole('link', { name: 'Slayer Sprint' })).toHaveAttribute('href', '/races/13');
    expect(screen.getByRole('link', { name: 'Fishing Frenzy' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/api/races?scope=mine&cursor=page-2', expect.anything());
  });
});
