import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WomPlayerItem } from '#core/wom/wom-data.schema.ts';
import { memberCombobox, offeredMembers, pickMember } from '#test/member-combobox.ts';
import { publicMember } from '#test/public-member.ts';
import { apiError, stubApi } from '#test/render-with-queries.tsx';
import { renderApp, testUser } from '#test/render.tsx';
import { testRace } from '../../features/races/race-test-data.ts';
import { preloadPageOf } from '../routes.tsx';

afterEach(() => vi.unstubAllGlobals());

beforeAll(() => preloadPageOf('/races/new'), 30_000);

/** The player's stored snapshot as `/api/pwom-player` sends it, with the given skill XP. */
const playerWith = (skills: Record<string, number>): WomPlayerItem => ({
  id: 3,
  displayName: 'Lynx Titan',
  type: 'regular',
  build: 'main',
  exp: 0,
  ehb: 0,
  combatLevel: 126,
  fetchedAt: '2026-11-24T00:00:00.000Z',
  latestSnapshot: {
    createdAt: '2026-11-24T00:00:00.000Z',
    data: {
      skills: Object.fromEntries(
        Object.entries(skills).map(([skill, experience]) => [skill, { experience, rank: 10, level: 90 }]),
      ),
      bosses: {},
      activities: {},
      computed: {},
    },
  },
});

const roster = [publicMember('Lynx Titan', { wom_id: '3' }), publicMember('Iron Bob', { wom_id: '2' })];

async function openForm() {
  const view = renderApp('/races/new', { user: testUser(), members: roster });
  await screen.findByRole('heading', { level: 1, name: 'Create Race' });
  return view;
}

const create = () => userEvent.click(screen.getByRole('button', { name: 'Create Race' }));

async function fillRow(index: number, player: string, metric: string, target: string) {
  await pickMember(player, { index });
  await userEvent.selectOptions(screen.getAllByLabelText('Metric')[index] as HTMLElement, metric);
  await userEvent.type(screen.getAllByLabelText('Target Value')[index] as HTMLElement, target);
}

describe('new race page', () => {
  it('asks a visitor to log in', async () => {
    renderApp('/races/new');
    expect(await screen.findByRole('heading', { name: 'Please Log In' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Title')).not.toBeInTheDocument();
  });

  it('has every field a race needs, with one participant row to start', async () => {
    await openForm();
    for (const label of ['Title', 'Description', 'Public', 'End Date']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getAllByRole('combobox', { name: 'Player' })).toHaveLength(1);
    expect(screen.getByLabelText('Target Value')).toHaveAttribute('min', '1');
    expect(await offeredMembers()).toEqual(['Iron Bob', 'Lynx Titan']);
    const metric = screen.getByLabelText<HTMLSelectElement>('Metric');
    expect(Array.from(metric.querySelectorAll('optgroup'), (group) => group.label)).toEqual([
      'Skills',
      'Bosses',
      'Activities',
    ]);
  });

  it('refuses a race without a title or with an incomplete participant, sending nothing', async () => {
    const fetch = stubApi({});
    await openForm();
    await create();
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(screen.getByText('All participant details must be complete')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('refuses a target below 1 and an end date in the past', async () => {
    await openForm();
    await userEvent.type(screen.getByLabelText('Title'), 'Race');
    await fillRow(0, 'Iron Bob', 'Zulrah', '0');
    fireEvent.change(screen.getByLabelText('End Date'), { target: { value: '2020-01-01' } });
    await create();
    expect(await screen.findByText('Target value must be at least 1')).toBeInTheDocument();
    expect(screen.getByText('The end date cannot be in the past')).toBeInTheDocument();
  });

  it('adds and removes participant rows, always keeping one', async () => {
    await openForm();
    expect(screen.getByRole('button', { name: 'Remove' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Add Participant' }));
    expect(screen.getAllByRole('combobox', { name: 'Player' })).toHaveLength(2);
    const [first] = screen.getAllByRole('button', { name: 'Remove' });
    await userEvent.click(first as HTMLElement);
    expect(screen.getAllByRole('combobox', { name: 'Player' })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Remove' })).toBeDisabled();
  });

  it('creates the race with what the user chose and opens its page', async () => {
    const fetch = stubApi({
      'POST /api/races': () => Response.json(testRace({ id: 41 }), { status: 201 }),
      'GET /api/races/41': () => apiError(404, 'NOT_FOUND', 'Race not found'),
    });
    const { location } = await openForm();
    await userEvent.type(screen.getByLabelText('Title'), '  Fishing Frenzy ');
    await userEvent.type(screen.getByLabelText('Description'), 'First to the target wins.');
    await userEvent.click(screen.getByLabelText('Public'));
    fireEvent.change(screen.getByLabelText('End Date'), { target: { value: '2099-12-31' } });
    await fillRow(0, 'Lynx Titan', 'Fishing', '2000');
    await userEvent.click(screen.getByRole('button', { name: 'Add Participant' }));
    await fillRow(1, 'Iron Bob', 'Zulrah', '20');
    await create();

    await vi.waitFor(() => expect(location.pathname).toBe('/races/41'));
    const post = fetch.mock.calls.find(([url, init]) => url === '/api/races' && init?.method === 'POST');
    expect(JSON.parse(post?.[1]?.body as string)).toEqual({
      title: 'Fishing Frenzy',
      description: 'First to the target wins.',
      public: true,
      end_date: '2099-12-31T23:59:59.999Z',
      participants: [
        { wom_id: '3', metric: 'fishing', mode: 'total', target_value: 2000 },
        { wom_id: '2', metric: 'zulrah', mode: 'total', target_value: 20 },
      ],
    });
  });

  it("shows the chosen player's current value and refuses a total at or below it, sending nothing", async () => {
    const fetch = stubApi({
      'GET /api/pwom-player': () => Response.json(playerWith({ fishing: 1_500 })),
    });
    await openForm();
    await userEvent.type(screen.getByLabelText('Title'), 'Race');
    await fillRow(0, 'Lynx Titan', 'Fishing', '1500');
    expect(await screen.findByText('Current: 1,500')).toBeInTheDocument();
    expect(screen.getByLabelText('Target Value')).toHaveAttribute('min', '1501');
    await create();
    expect(await screen.findByText('Target value must be greater than current value')).toBeInTheDocument();
    expect(fetch.mock.calls.map(([, init]) => init?.method ?? 'GET')).not.toContain('POST');
  });

  it('offers a gain on top of the current value instead of a total', async () => {
    const fetch = stubApi({
      'GET /api/pwom-player': () => Response.json(playerWith({ fishing: 1_500 })),
      'POST /api/races': () => Response.json(testRace({ id: 41 }), { status: 201 }),
      'GET /api/races/41': () => apiError(404, 'NOT_FOUND', 'Race not found'),
    });
    await openForm();
    await userEvent.type(screen.getByLabelText('Title'), 'Race');
    // By keyboard this time: part of the name, then Enter on the one member it matches.
    await userEvent.type(memberCombobox(), 'titan{Enter}');
    expect(memberCombobox()).toHaveValue('Lynx Titan');
    await userEvent.selectOptions(screen.getByLabelText('Metric'), 'Fishing');
    await userEvent.click(screen.getByLabelText('Gain'));
    await userEvent.type(screen.getByLabelText('Amount to Gain'), '200');
    await create();
    await vi.waitFor(() =>
      expect(fetch.mock.calls.some(([url, init]) => url === '/api/races' && init?.method === 'POST')).toBe(
        true,
      ),
    );
    const post = fetch.mock.calls.find(([url, init]) => url === '/api/races' && init?.method === 'POST');
    expect((JSON.parse(post?.[1]?.body as string) as { participants: unknown }).participants).toEqual([
      { wom_id: '3', metric: 'fishing', mode: 'gain', target_value: 200 },
    ]);
  });

  it("shows the server's reason when the race cannot be created, keeping the input", async () => {
    stubApi({ 'POST /api/races': () => apiError(400, 'VALIDATION_ERROR', 'Player has no snapshot') });
    await openForm();
    await userEvent.type(screen.getByLabelText('Title'), 'Race');
    await fillRow(0, 'Iron Bob', 'Zulrah', '5');
    await create();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to create race: Player has no snapshot',
    );
    expect(screen.getByLabelText('Title')).toHaveValue('Race');
  });
});
