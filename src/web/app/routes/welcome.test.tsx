import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, testClan } from '#test/render.tsx';

const DISCORD_STEP = 'Join our Discord so you hear about events first.';

function joinSteps(): string[] {
  const heading = screen.getByRole('heading', { name: 'How to join' });
  return within(heading.parentElement!)
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');
}

afterEach(() => vi.unstubAllGlobals());

describe('welcome page', () => {
  it.each(['/', '/new-members'])(
    'at %s shows the intro, how to join and the minimum total levels',
    async (path) => {
      renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Siege' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'How to join' })).toBeInTheDocument();
      const table = screen.getByRole('table', { name: 'Minimum total level to join' });
      const rows = within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent);
      expect(rows[0]).toMatch(/^Skillers.*400$/);
      expect(rows[1]).toMatch(/^Ironmen.*600$/);
      expect(rows[2]).toMatch(/^Regular accounts.*1,750$/);
    },
  );

  it('shows the clan facts from the server: founded date, home world and Discord', async () => {
    renderApp('/');
    expect(await screen.findByText('23 April 2022')).toBeInTheDocument();
    expect(screen.getByText('World 517')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Join our Discord' })).toHaveAttribute(
      'href',
      testClan.discord_url,
    );
  });

  it("follows another clan's configuration", async () => {
    renderApp('/', {
      clan: {
        ...testClan,
        name: 'Iron Wolves',
        founded: '2019-12-01',
        home_world: 302,
        discord_url: null,
        requirements: { skiller: 500, ironman: 900, regular: 2000 },
      },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome to Iron Wolves' }),
    ).toBeInTheDocument();
    expect(screen.getByText('1 December 2019')).toBeInTheDocument();
    expect(screen.getByText('World 302')).toBeInTheDocument();
    expect(screen.getByText('2,000')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Join our Discord' })).not.toBeInTheDocument();
  });

  it('lists the Discord step when the clan has a Discord invite', async () => {
    renderApp('/');
    await screen.findByRole('heading', { name: 'How to join' });
    expect(joinSteps()).toContain(DISCORD_STEP);
    expect(joinSteps()).toHaveLength(4);
  });

  it('leaves out the Discord step when the clan has no Discord invite', async () => {
    renderApp('/', { clan: { ...testClan, discord_url: null } });
    await screen.findByRole('heading', { name: 'How to join' });
    expect(joinSteps()).not.toContain(DISCORD_STEP);
    expect(joinSteps()).toHaveLength(3);
    expect(screen.queryByText(/Discord/)).not.toBeInTheDocument();
  });

  it('shows Error Loading Data when the clan cannot be loaded, and Try Again loads it', async () => {
    renderApp('/', { clan: null });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Error Loading Data' })).toBeInTheDocument();
    expect(within(alert).getByText('Failed to load data')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome' })).toBeInTheDocument();

    const fetch = vi.fn(async () => Response.json(testClan));
    vi.stubGlobal('fetch', fetch);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Siege' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/api/clan', expect.anything());
  });
});
