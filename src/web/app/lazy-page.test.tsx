import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage } from './lazy-page.tsx';

function Stats() {
  return <h1>Clan Stats</h1>;
}

describe('lazyPage', () => {
  it('shows the loading state until the code arrives, then the page', async () => {
    const { Page } = lazyPage(async () => ({ Component: Stats }));
    render(<Page />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByRole('heading', { name: 'Clan Stats' })).toBeInTheDocument();
  });

  it('renders a preloaded page at once, with no loading state', async () => {
    const stats = lazyPage(async () => ({ Component: Stats }));
    await stats.preload();
    render(<stats.Page />);
    expect(screen.getByRole('heading', { name: 'Clan Stats' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('loads the code once however often it is asked for', async () => {
    const load = vi.fn(async () => ({ Component: Stats }));
    const stats = lazyPage(load);
    await Promise.all([stats.preload(), stats.preload()]);
    render(<stats.Page />);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows Error Loading Data when the code cannot be downloaded, and Try Again loads it', async () => {
    const load = vi
      .fn<() => Promise<{ Component: typeof Stats }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ Component: Stats });
    const { Page } = lazyPage(load);
    render(<Page />);
    const alert = await screen.findByRole('heading', { name: 'Error Loading Data' });
    expect(alert.parentElement).toHaveTextContent('Failed to load data');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Clan Stats' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
