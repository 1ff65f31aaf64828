import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WomAchievementItem } from '#core/wom/wom-data.schema.ts';
import { renderApp } from '#test/render.tsx';

function achievement(index: number): WomAchievementItem {
  const day = String(28 - (index % 28)).padStart(2, '0');
  return {
    name: `${index + 1} Vorkath kills`,
    metric: 'vorkath',
    threshold: index + 1,
    createdAt: `2026-03-${day}T10:00:00.000Z`,
    player: { id: index, displayName: `Player ${index}` },
  };
}

const latest: WomAchievementItem[] = [
  {
    name: '99 Attack',
    metric: 'attack',
    threshold: 13_034_431,
    createdAt: '2026-04-21T18:30:00.000Z',
    player: { id: 1, displayName: 'Zezima' },
  },
  ...Array.from({ length: 9 }, (_, index) => achievement(index)),
];
const more = [...latest, ...Array.from({ length: 15 }, (_, index) => achievement(index + 9))];

function rows() {
  return within(screen.getByRole('list', { name: 'Recent achievements' })).getAllByRole('listitem');
}

afterEach(() => vi.unstubAllGlobals());

describe('achievements page', () => {
  it('lists the 10 most recent achievements with icon, player, achievement and date', async () => {
    renderApp('/achievements', { queries: [[['wom-group-achievements', 10], latest]] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Achievements' })).toBeInTheDocument();
    expect(rows()).toHaveLength(10);
    const first = rows()[0]!;
    expect(first).toHaveTextContent('Zezima');
    expect(first).toHaveTextContent('99 Attack');
    expect(within(first).getByText('21 Apr 2026')).toHaveAttribute('datetime', '2026-04-21T18:30:00.000Z');
    expect(first.querySelector('img')?.getAttribute('src')).toBe('/icons/attack.png');
  });

  it('shows up to 100 after Show More, and 10 again after Show Less', async () => {
    renderApp('/achievements', {
      queries: [
        [['wom-group-achievements', 10], latest],
        [['wom-group-achievements', 100], more],
      ],
    });
    const showMore = await screen.findByRole('button', { name: 'Show More' });
    expect(showMore).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(showMore);
    expect(rows()).toHaveLength(25);
    const showLess = screen.getByRole('button', { name: 'Show Less' });
    expect(showLess).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(showLess);
    expect(rows()).toHaveLength(10);
  });

  it('keeps the 10 shown, and the focus on the button, while the 100 load', async () => {
    renderApp('/achievements', { queries: [[['wom-group-achievements', 10], latest]] });
    let answer: (response: Response) => void = () => {};
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetch);

    const showMore = await screen.findByRole('button', { name: 'Show More' });
    await userEvent.click(showMore);
    expect(fetch).toHaveBeenCalledWith('/api/wom-group-achievements?limit=100', expect.anything());
    expect(rows()).toHaveLength(10);
    expect(screen.getByRole('list', { name: 'Recent achievements' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(showMore).toHaveFocus();

    answer(Response.json(more));
    await vi.waitFor(() => expect(rows()).toHaveLength(25));
    expect(screen.getByRole('list', { name: 'Recent achievements' })).toHaveAttribute('aria-busy', 'false');
    expect(screen.getByRole('button', { name: 'Show Less' })).toBe(showMore);
    expect(showMore).toHaveFocus();
  });

  it('offers no Show More when fewer than 10 achievements exist', async () => {
    renderApp('/achievements', { queries: [[['wom-group-achievements', 10], latest.slice(0, 4)]] });
    expect(await screen.findByText('99 Attack')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show More' })).not.toBeInTheDocument();
  });

  it('says so when there are no achievements', async () => {
    renderApp('/achievements', { queries: [[['wom-group-achievements', 10], []]] });
    expect(await screen.findByText('No achievements found')).toBeInTheDocument();
  });

  it('shows the error state when achievements fail to load, and Try Again loads them', async () => {
    renderApp('/achievements');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Unable to Load Achievements' })).toBeInTheDocument();
    expect(
      within(alert).getByText(
        "We're having trouble loading recent achievements right now. Please try again later.",
      ),
    ).toBeInTheDocument();

    const fetch = vi.fn(async () => Response.json(latest));
    vi.stubGlobal('fetch', fetch);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('99 Attack')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/api/wom-group-achievements?limit=10', expect.anything());
  });
});
