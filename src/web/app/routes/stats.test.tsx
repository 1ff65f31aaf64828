import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WomGroupStats } from '#core/wom/wom-data.schema.ts';
import { renderApp, testClan } from '#test/render.tsx';

const stats: WomGroupStats = {
  maxedCombatCount: 12,
  maxedTotalCount: 3,
  maxed200msCount: 27,
  averageLevel: 1843.6,
  averageExperience: 84_528_862,
  memberCount: 1150,
  metricLeaders: { bosses: {}, activities: {} },
};

function figure(sectionName: string, label: string): string | null | undefined {
  const section = screen.getByRole('region', { name: sectionName });
  const term = within(section).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
}

function bandRows(tableName: string): string[][] {
  const table = screen.getByRole('table', { name: tableName });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from((row as HTMLTableRowElement).cells, (cell) => cell.textContent ?? ''));
}

afterEach(() => vi.unstubAllGlobals());

describe('stats page', () => {
  it('shows the maxed counts and the averages, with average XP in millions to one decimal', async () => {
    renderApp('/stats', { queries: [[['wom-group-stats'], stats]] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Clan Stats' })).toBeInTheDocument();
    expect(figure('Maxed Stats', 'Maxed Combat')).toBe('12');
    expect(figure('Maxed Stats', 'Maxed Total')).toBe('3');
    expect(figure('Maxed Stats', '200M Skills')).toBe('27');
    expect(figure('Average Stats', 'Average Total Level')).toBe('1,844');
    expect(figure('Average Stats', 'Average XP')).toBe('84.5M');
  });

  it('shows the clan info: founded date, home world, member count and the Discord link', async () => {
    renderApp('/stats', { queries: [[['wom-group-stats'], stats]] });
    await screen.findByRole('region', { name: 'Clan Info' });
    expect(figure('Clan Info', 'Founded')).toBe('23 April 2022');
    expect(figure('Clan Info', 'Home World')).toBe('World 517');
    expect(figure('Clan Info', 'Members')).toBe('1,150');
    expect(screen.getByRole('link', { name: 'Join our Discord' })).toHaveAttribute(
      'href',
      testClan.discord_url,
    );
  });

  it('leaves the Discord link out when the clan has none', async () => {
    renderApp('/stats', {
      clan: { ...testClan, discord_url: null },
      queries: [[['wom-group-stats'], stats]],
    });
    await screen.findByRole('region', { name: 'Clan Info' });
    expect(screen.queryByRole('link', { name: 'Join our Discord' })).not.toBeInTheDocument();
  });

  it('shows the clan ranks table: skiller tiers by XP and fighter tiers by EHB', async () => {
    renderApp('/stats', { queries: [[['wom-group-stats'], stats]] });
    await screen.findByRole('heading', { name: 'Clan Ranks' });
    const skillers = bandRows('Skillers');
    expect(skillers).toHaveLength(8);
    expect(skillers[0]).toEqual(['Opal', 'under 3M']);
    expect(skillers[1]).toEqual(['Sapphire', '3M to under 8M']);
    expect(skillers[7]).toEqual(['Zenyte', '500M and above']);
    const fighters = bandRows('Fighters');
    expect(fighters).toHaveLength(9);
    expect(fighters[0]).toEqual(['Mentor', 'under 100']);
    expect(fighters[8]).toEqual(['TzKal', '1500 and above']);
    expect(
      within(screen.getByRole('table', { name: 'Fighters' })).getByRole('columnheader', { name: 'EHB' }),
    ).toBeInTheDocument();
  });

  it('shows the error state when the stats fail to load, and Try Again loads them', async () => {
    renderApp('/stats');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Error Loading Clan Stats' })).toBeInTheDocument();
    expect(within(alert).getByText('Failed to load stats data')).toBeInTheDocument();

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(stats)),
    );
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('region', { name: 'Maxed Stats' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
