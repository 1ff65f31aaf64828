import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { publicMember } from '#test/public-member.ts';
import { apiError, stubApi } from '#test/render-with-queries.tsx';
import { renderApp, testUser } from '#test/render.tsx';
import { testRace, testRaceDetail } from '../../features/races/race-test-data.ts';
import { preloadPageOf } from '../routes.tsx';

afterEach(() => vi.unstubAllGlobals());

beforeAll(() => preloadPageOf('/races/12/edit'), 30_000);

// Iron Bob has left the clan, so only the race still names him.
const roster = [publicMember('Lynx Titan', { wom_id: '3' })];
const seeded = [[['races', 'detail', 12], testRaceDetail()]] as Array<[unknown[], unknown]>;

describe('edit race page', () => {
  it("fills the form with the race, a former member's row included", async () => {
    renderApp('/races/12/edit', { user: testUser({ id: 1 }), members: roster, queries: seeded });
    expect(await screen.findByLabelText('Title')).toHaveValue('Fishing Frenzy');
    expect(screen.getByLabelText('Description')).toHaveValue('First to the target wins.');
    expect(screen.getByLabelText('Public')).toBeChecked();
    expect(screen.getByLabelText('End Date')).toHaveValue('2099-12-31');
    const players = screen.getAllByRole<HTMLInputElement>('combobox', { name: 'Player' });
    expect(players.map((combobox) => combobox.value)).toEqual(['Lynx Titan', 'Iron Bob']);
    expect(
      screen.getAllByLabelText('Target Value').map((input) => (input as HTMLInputElement).value),
    ).toEqual(['2000', '20']);
  });

  it('saves the race with PUT and opens its page', async () => {
    const fetch = stubApi({
      'PUT /api/races/12': () => Response.json(testRace({ title: 'Renamed' })),
      'GET /api/races/12': () => Response.json(testRaceDetail({ title: 'Renamed' })),
    });
    const { location } = renderApp('/races/12/edit', {
      user: testUser({ id: 1 }),
      members: roster,
      queries: seeded,
    });
    const title = await screen.findByLabelText('Title');
    await userEvent.clear(title);
    await userEvent.type(title, 'Renamed');
    await userEvent.click(screen.getByRole('button', { name: 'Save Race' }));
    await vi.waitFor(() => expect(location.pathname).toBe('/races/12'));
    const put = fetch.mock.calls.find(([url, init]) => url === '/api/races/12' && init?.method === 'PUT');
    expect(JSON.parse(put?.[1]?.body as string)).toMatchObject({
      title: 'Renamed',
      participants: [
        { wom_id: '3', metric: 'fishing', target_value: 2000 },
        { wom_id: '2', metric: 'zulrah', target_value: 20 },
      ],
    });
  });

  it('tells a user who did not create the race that only its creator can change it', async () => {
    renderApp('/races/12/edit', { user: testUser({ id: 2 }), members: roster, queries: seeded });
    expect(await screen.findByRole('alert')).toHaveTextContent('Only the creator of a race can change it');
    expect(screen.queryByLabelText('Title')).not.toBeInTheDocument();
  });

  it("shows the server's refusal when a save is not allowed", async () => {
    stubApi({
      'PUT /api/races/12': () => apiError(403, 'FORBIDDEN', 'Only the creator of a race can change it'),
    });
    renderApp('/races/12/edit', { user: testUser({ id: 1 }), members: roster, queries: seeded });
    await userEvent.click(await screen.findByRole('button', { name: 'Save Race' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to save race: Only the creator of a race can change it',
    );
  });
});
