import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RACE_MESSAGES } from '#core/races/races.schema.ts';
import type { WomPlayerItem } from '#core/wom/wom-data.schema.ts';
import { renderWithQueries, stubApi } from '#test/render-with-queries.tsx';
import { testRace } from '../race-test-data.ts';
import { RaceForm, type RacePlayer } from './race-form.tsx';

afterEach(() => vi.unstubAllGlobals());

/** The player's stored snapshot as `/api/pwom-player` sends it, with the given fishing XP. */
const fishingAt = (experience: number): WomPlayerItem => ({
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
      skills: { fishing: { experience, rank: 10, level: 90 } },
      bosses: {},
      activities: {},
      computed: {},
    },
  },
});

/** A 300-member clan, as the leader who found the plain select unusable had. */
const clan: RacePlayer[] = [
  { wom_id: '3', name: 'Lynx Titan' },
  { wom_id: '2', name: 'Iron Bob' },
  ...Array.from({ length: 298 }, (_, i) => ({ wom_id: String(1000 + i), name: `Alt ${i}` })),
];

const players = () => screen.getAllByRole('combobox', { name: 'Player' });

async function fillRow(index: number, typed: string, metric: string, target: string) {
  await userEvent.type(players()[index] as HTMLElement, `${typed}{Enter}`);
  await userEvent.selectOptions(screen.getAllByLabelText('Metric')[index] as HTMLElement, metric);
  await userEvent.type(
    screen.getAllByLabelText(/^(Target Value|Amount to Gain)$/)[index] as HTMLElement,
    target,
  );
}

function renderForm() {
  const onSaved = vi.fn();
  renderWithQueries(<RaceForm players={clan} onSaved={onSaved} />);
  return { onSaved };
}

describe('race form', () => {
  it("finds each participant by typing part of the name, and shows the chosen player's current value", async () => {
    stubApi({ 'GET /api/pwom-player': () => Response.json(fishingAt(1_500)) });
    renderForm();
    await userEvent.type(players()[0] as HTMLElement, 'titan');
    expect(
      within(screen.getByRole('listbox', { name: 'Player' }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Lynx Titan']);
    await userEvent.keyboard('{Enter}');
    expect(players()[0]).toHaveValue('Lynx Titan');
    await userEvent.selectOptions(screen.getByLabelText('Metric'), 'Fishing');
    expect(await screen.findByText('Current: 1,500')).toBeInTheDocument();
  });

  it('creates the race with the members chosen in each row', async () => {
    const fetch = stubApi({
      'GET /api/pwom-player': () => Response.json(fishingAt(1_500)),
      'POST /api/races': () => Response.json(testRace({ id: 41 }), { status: 201 }),
    });
    const { onSaved } = renderForm();
    await userEvent.type(screen.getByLabelText('Title'), 'Race');
    await fillRow(0, 'lynx', 'Fishing', '2000');
    await userEvent.click(screen.getByRole('button', { name: 'Add Participant' }));
    await fillRow(1, 'iron', 'Zulrah', '20');
    await userEvent.click(screen.getByRole('button', { name: 'Create Race' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    const post = fetch.mock.calls.find(([url, init]) => url === '/api/races' && init?.method === 'POST');
    expect((JSON.parse(post?.[1]?.body as string) as { participants: unknown }).participants).toEqual([
      { wom_id: '3', metric: 'fishing', mode: 'total', target_value: 2000 },
      { wom_id: '2', metric: 'zulrah', mode: 'total', target_value: 20 },
    ]);
  });

  it("says 'Value must be a whole number' for a decimal target, as goals do, sending nothing", async () => {
    const fetch = stubApi({ 'GET /api/pwom-player': () => Response.json(fishingAt(1_500)) });
    renderForm();
    await userEvent.type(screen.getByLabelText('Title'), 'Race');
    await fillRow(0, 'lynx', 'Fishing', '2000.5');
    await userEvent.click(screen.getByRole('button', { name: 'Create Race' }));
    expect(await screen.findByText('Value must be a whole number')).toBeInTheDocument();
    expect(screen.queryByText('Target value must be at least 1')).not.toBeInTheDocument();
    expect(fetch.mock.calls.map(([, init]) => init?.method ?? 'GET')).not.toContain('POST');
  });

  it('says which character is chosen twice for a metric, sending nothing, and shows the server refusing one', async () => {
    const fetch = stubApi({
      'GET /api/pwom-player': () => Response.json(fishingAt(1_500)),
      'POST /api/races': () =>
        Response.json(
          { code: 'VALIDATION_ERROR', message: RACE_MESSAGES.repeatedParticipant('Lynx Titan', 'Fishing') },
          { status: 400 },
        ),
    });
    renderForm();
    await userEvent.type(screen.getByLabelText('Title'), 'Race');
    await fillRow(0, 'lynx', 'Fishing', '2000');
    await userEvent.click(screen.getByRole('button', { name: 'Add Participant' }));
    await fillRow(1, 'lynx', 'Fishing', '3000');
    await userEvent.click(screen.getByRole('button', { name: 'Create Race' }));
    const message = 'Lynx Titan is in the race twice for Fishing: a character races once on each metric';
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(fetch.mock.calls.map(([, init]) => init?.method ?? 'GET')).not.toContain('POST');

    // Another tab may have added the character meanwhile: the server's refusal reads the same.
    await userEvent.click(screen.getAllByRole('button', { name: 'Remove' })[1] as HTMLElement);
    await vi.waitFor(() => expect(screen.queryByText(message)).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Create Race' }));
    expect(await screen.findByText(`Failed to create race: ${message}`)).toBeInTheDocument();
  });

  it('takes back a participant message once the rows are put right, before the next submit', async () => {
    stubApi({ 'GET /api/pwom-player': () => Response.json(fishingAt(1_500)) });
    renderForm();
    await userEvent.type(screen.getByLabelText('Title'), 'Race');
    await userEvent.click(screen.getByRole('button', { name: 'Create Race' }));
    expect(await screen.findByText('All participant details must be complete')).toBeInTheDocument();
    await fillRow(0, 'lynx', 'Fishing', '2000');
    await vi.waitFor(() =>
      expect(screen.queryByText('All participant details must be complete')).not.toBeInTheDocument(),
    );
  });
});
