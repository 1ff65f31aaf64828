import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { onePage, stubApi } from '#test/render-with-queries.tsx';
import { renderApp, testUser } from '#test/render.tsx';
import { testGoal, testRace } from '../../features/races/race-test-data.ts';
import { preloadPageOf } from '../routes.tsx';

afterEach(() => vi.unstubAllGlobals());

beforeAll(() => preloadPageOf('/progress'), 30_000);

describe('progress page', () => {
  it('opens a visitor on Public Races, with no My Races tab and no Create Race link', async () => {
    renderApp('/progress', { queries: [[['races', 'public'], onePage([])]] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Progress' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'My Races' })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Public Races' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('No Public Races')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create Race' })).not.toBeInTheDocument();
  });

  it('opens a signed-in user on My Races, empty until they make or join one', async () => {
    renderApp('/progress', { user: testUser(), queries: [[['races', 'mine'], onePage([])]] });
    expect(await screen.findByRole('tab', { name: 'My Races' })).toHaveAttribute('aria-selected', 'true');
    // On a phone the tabs wrap rather than hide in a scrolling row that clips the focus ring.
    expect(screen.getByRole('tablist', { name: 'Progress sections' })).toHaveClass('flex-wrap');
    expect(screen.getByText('No Races Yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Race' })).toHaveAttribute('href', '/races/new');
  });

  it("lists the user's races from the server, each linking to its page", async () => {
    const fetch = stubApi({
      'GET /api/races': () => Response.json({ items: [testRace()], next_cursor: null }),
    });
    renderApp('/progress', { user: testUser() });
    expect(await screen.findByRole('link', { name: 'Fishing Frenzy' })).toHaveAttribute('href', '/races/12');
    expect(screen.getByText('Leading: Lynx Titan (60%)')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/api/races?scope=mine', expect.anything());
  });

  it('names no leader while nobody in a race has progressed', async () => {
    const fresh = testRace();
    const race = testRace({
      race_participants: fresh.race_participants.map((p) => ({
        ...p,
        current_value: p.start_value,
        progress_percent: 0,
      })),
    });
    renderApp('/progress', { queries: [[['races', 'public'], onePage([race])]] });
    expect(await screen.findByRole('link', { name: 'Fishing Frenzy' })).toBeInTheDocument();
    expect(screen.queryByText(/Leading/)).not.toBeInTheDocument();
  });

  it('asks for public races on the Public Races tab', async () => {
    const fetch = stubApi({
      'GET /api/races': () => Response.json({ items: [testRace({ title: 'Open Race' })], next_cursor: null }),
    });
    renderApp('/progress', { user: testUser(), queries: [[['races', 'mine'], onePage([])]] });
    await userEvent.click(await screen.findByRole('tab', { name: 'Public Races' }));
    expect(await screen.findByRole('link', { name: 'Open Race' })).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/api/races?scope=public', expect.anything());
  });

  it('pages through the public races with Show more', async () => {
    const fetch = stubApi({
      'GET /api/races': ({ url }) =>
        Response.json(
          url.searchParams.get('cursor') === 'page-2'
            ? { items: [testRace({ id: 13, title: 'Second Race' })], next_cursor: null }
            : { items: [testRace({ title: 'First Race' })], next_cursor: 'page-2' },
        ),
    });
    renderApp('/progress');
    expect(await screen.findByRole('link', { name: 'First Race' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('link', { name: 'Second Race' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'First Race' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/api/races?scope=public', expect.anything());
    expect(fetch).toHaveBeenCalledWith('/api/races?scope=public&cursor=page-2', expect.anything());
  });

  it('shows No Public Goals when no member shares a goal', async () => {
    renderApp('/progress', { queries: [[['user-goals', 'public'], onePage([])]] });
    await userEvent.click(await screen.findByRole('tab', { name: 'Member Goals' }));
    expect(await screen.findByText('No Public Goals')).toBeInTheDocument();
  });

  it("shows members' public goals as cards linking to each goal's page", async () => {
    const fetch = stubApi({
      'GET /api/user-goals': () => Response.json({ items: [testGoal()], next_cursor: null }),
    });
    renderApp('/progress', { queries: [[['races', 'public'], onePage([])]] });
    await userEvent.click(await screen.findByRole('tab', { name: 'Member Goals' }));
    expect(await screen.findByRole('link', { name: 'Woodcutting' })).toHaveAttribute('href', '/goals/7');
    expect(screen.getByText('Zezima')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/api/user-goals?scope=public', expect.anything());
  });
});
