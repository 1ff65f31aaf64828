import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { WomGroupStats } from '#core/wom/wom-data.schema.ts';
import { reloadPage } from '#web/features/group-stats/lib/reload-page.ts';
import { renderApp } from '#test/render.tsx';

vi.mock('#web/features/group-stats/lib/reload-page.ts', () => ({ reloadPage: vi.fn() }));

const zezima = { id: 1, displayName: 'Zezima' };
const lynx = { id: 2, displayName: 'Lynx Titan' };

const stats: WomGroupStats = {
  maxedCombatCount: 0,
  maxedTotalCount: 0,
  maxed200msCount: 0,
  averageLevel: 0,
  averageExperience: 0,
  memberCount: 2,
  metricLeaders: {
    bosses: {
      vorkath: { metric: 'vorkath', kills: 12_345, rank: 678, player: zezima },
      chambers_of_xeric: { metric: 'chambers_of_xeric', kills: 410, rank: 9_001, player: lynx },
      nex: { metric: 'nex', kills: -1, rank: -1, player: zezima },
      zulrah: { metric: 'zulrah', kills: 50, rank: 2, player: null },
    },
    activities: {
      clue_scrolls_all: { metric: 'clue_scrolls_all', score: 1_500, rank: 321, player: lynx },
      last_man_standing: { metric: 'last_man_standing', score: 0, rank: -1, player: zezima },
    },
  },
};

const seeded = { queries: [[['wom-group-stats'], stats]] as Array<[string[], unknown]> };

function cards() {
  return within(screen.getByRole('list')).getAllByRole('listitem');
}

describe('hall of fame page', () => {
  it("shows each boss's clan leader with the icon, kills and rank, leaving out bosses nobody leads", async () => {
    renderApp('/bosses', seeded);
    expect(await screen.findByRole('heading', { level: 1, name: 'Hall of Fame' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Boss Kills' })).toHaveAttribute('aria-pressed', 'true');
    expect(cards().map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Chambers Of Xeric',
      'Vorkath',
    ]);
    const vorkath = cards()[1]!;
    expect(vorkath).toHaveTextContent('Zezima');
    expect(vorkath).toHaveTextContent('Kills12,345');
    expect(vorkath).toHaveTextContent('Rank678');
    expect(vorkath.querySelector('img')?.getAttribute('src')).toBe('/icons/vorkath.png');
    expect(cards()[0]!.querySelector('img')?.getAttribute('src')).toBe('/icons/chambers_of_xeric.png');
  });

  it('toggles to activities and keeps the choice in the URL', async () => {
    const { location } = renderApp('/bosses', seeded);
    await userEvent.click(await screen.findByRole('button', { name: 'Activities' }));
    expect(screen.getByRole('button', { name: 'Activities' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Boss Kills' })).toHaveAttribute('aria-pressed', 'false');
    expect(location.search).toBe('?view=activities');
    expect(cards()).toHaveLength(1);
    expect(cards()[0]).toHaveTextContent('Clue Scrolls (All)');
    expect(cards()[0]).toHaveTextContent('Lynx Titan');
    expect(cards()[0]).toHaveTextContent('Score1,500');

    await userEvent.click(screen.getByRole('button', { name: 'Boss Kills' }));
    expect(location.search).toBe('');
    expect(cards()).toHaveLength(2);
  });

  it('narrows the list by metric or player name and keeps the search in the URL', async () => {
    const { location } = renderApp('/bosses', seeded);
    await userEvent.type(await screen.findByRole('searchbox', { name: 'Search bosses or players' }), 'lynx');
    expect(location.search).toBe('?search=lynx');
    expect(cards()).toHaveLength(1);
    expect(cards()[0]).toHaveTextContent('Chambers Of Xeric');
  });

  it('opens at the view and search of a shared link', async () => {
    renderApp('/bosses?view=activities&search=clue', seeded);
    expect(await screen.findByRole('searchbox')).toHaveValue('clue');
    expect(screen.getByRole('button', { name: 'Activities' })).toHaveAttribute('aria-pressed', 'true');
    expect(cards()[0]).toHaveTextContent('Clue Scrolls (All)');
  });

  it.each([
    ['/bosses?search=jad', 'No boss kills found matching your search'],
    ['/bosses?view=activities&search=jad', 'No activities found matching your search'],
  ])('at %s says nothing matches the search', async (path, text) => {
    renderApp(path, seeded);
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it.each([
    ['/bosses', 'No boss kills found'],
    ['/bosses?view=activities', 'No activities found'],
  ])('at %s without a search says there is nothing yet', async (path, text) => {
    const empty = { ...stats, metricLeaders: { bosses: {}, activities: {} } };
    renderApp(path, { queries: [[['wom-group-stats'], empty]] });
    expect(await screen.findByText(text, { exact: true })).toBeInTheDocument();
    expect(screen.queryByText(/matching your search/)).not.toBeInTheDocument();
  });

  it('shows the error card when the stats fail to load, and Try Again reloads the page', async () => {
    renderApp('/bosses');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Unable to Load Clan Stats' })).toBeInTheDocument();
    expect(
      within(alert).getByText(
        "We're having trouble connecting to the stats service right now. Please try again later.",
      ),
    ).toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(reloadPage).toHaveBeenCalledOnce();
  });

  it("links each leader's name to their page", async () => {
    renderApp('/bosses', seeded);
    await screen.findByRole('heading', { level: 1, name: 'Hall of Fame' });
    const vorkath = cards()[1]!;
    expect(within(vorkath).getByRole('link', { name: 'Zezima' })).toHaveAttribute('href', '/members/1');
    expect(within(cards()[0]!).getByRole('link', { name: 'Lynx Titan' })).toHaveAttribute(
      'href',
      '/members/2',
    );
  });
});
