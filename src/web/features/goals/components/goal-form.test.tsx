import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GOAL_MESSAGES } from '#core/goals/goals.schema.ts';
import type { WomPlayerItem } from '#core/wom/wom-data.schema.ts';
import { apiError, renderWithQueries, stubApi, type FakeRequest } from '#test/render-with-queries.tsx';
import { testGoal } from '../testing/test-goal.ts';
import { GoalForm } from './goal-form.tsx';

afterEach(() => vi.unstubAllGlobals());

const characters = [
  { wom_id: '1', name: 'Zezima' },
  { wom_id: '2', name: 'Iron Zezima' },
];

const player = (womId: string, attackXp: number): WomPlayerItem => ({
  id: Number(womId),
  displayName: 'Zezima',
  type: 'regular',
  build: 'main',
  exp: attackXp,
  ehb: 0,
  combatLevel: 126,
  fetchedAt: '2026-11-24T00:00:00.000Z',
  latestSnapshot: {
    createdAt: '2026-11-24T00:00:00.000Z',
    data: {
      skills: { attack: { experience: attackXp, rank: 10, level: 90 } },
      bosses: { zulrah: { kills: 0, rank: -1 } },
      activities: {},
      computed: {},
    },
  },
});

const stats = ({ url }: FakeRequest) => Response.json(player(url.searchParams.get('id') ?? '', 5_346_332));

async function fillGoal(choices: { metric?: string; mode?: 'Gain' | 'Total'; value?: string }) {
  const user = userEvent.setup();
  if (choices.metric) await user.selectOptions(screen.getByLabelText('Metric'), choices.metric);
  if (choices.mode) await user.click(screen.getByLabelText(choices.mode));
  if (choices.value) await user.type(screen.getByLabelText('Value'), choices.value);
  return user;
}

const create = () => screen.getByRole('button', { name: 'Create Goal' });

describe('set a goal form', () => {
  it('offers the claimed characters and the metrics grouped as Skills, Bosses and Activities', () => {
    stubApi({ 'GET /api/pwom-player': stats });
    renderWithQueries(<GoalForm characters={characters} />);
    const character = screen.getByLabelText<HTMLSelectElement>('Character');
    expect([...character.options].map((option) => option.textContent)).toEqual([
      '-- Select a character --',
      'Zezima',
      'Iron Zezima',
    ]);
    expect(character.value).toBe('1');
    const groups = [...screen.getByLabelText('Metric').querySelectorAll('optgroup')];
    expect(groups.map((group) => group.label)).toEqual(['Skills', 'Bosses', 'Activities']);
    expect(screen.getByRole('option', { name: 'Attack' }).parentElement).toBe(groups[0]);
    expect(screen.getByRole('option', { name: 'Zulrah' }).parentElement).toBe(groups[1]);
    expect(screen.getByRole('option', { name: 'Clue Scrolls (All)' }).parentElement).toBe(groups[2]);
  });

  it('asks for every required field and sends nothing', async () => {
    const fetch = stubApi({ 'GET /api/pwom-player': stats });
    renderWithQueries(<GoalForm characters={characters} />);
    const user = await fillGoal({ value: '100' });
    await user.click(create());
    expect(screen.getByRole('alert')).toHaveTextContent(GOAL_MESSAGES.requiredFields);
    expect(fetch.mock.calls.map(([, init]) => init?.method ?? 'GET')).not.toContain('POST');
  });

  it('says a decimal value must be a whole number and sends nothing', async () => {
    const fetch = stubApi({ 'GET /api/pwom-player': stats });
    renderWithQueries(<GoalForm characters={characters} />);
    const user = await fillGoal({ metric: 'Attack', value: '1.5' });
    await user.click(create());
    expect(screen.getByRole('alert')).toHaveTextContent('Value must be a whole number');
    expect(fetch.mock.calls.map(([, init]) => init?.method ?? 'GET')).not.toContain('POST');
  });

  it('asks the user to wait while the statistics load', async () => {
    stubApi({ 'GET /api/pwom-player': () => new Promise<Response>(() => undefined) });
    renderWithQueries(<GoalForm characters={characters} />);
    const user = await fillGoal({ metric: 'Attack', value: '100' });
    await user.click(create());
    expect(screen.getByRole('alert')).toHaveTextContent(GOAL_MESSAGES.statsLoading);
  });

  it('says the statistics could not be loaded when the request fails', async () => {
    stubApi({ 'GET /api/pwom-player': () => apiError(503, 'WOM_UNAVAILABLE', 'down') });
    renderWithQueries(<GoalForm characters={characters} />);
    const user = await fillGoal({ metric: 'Attack', value: '100' });
    // Until the failure arrives the form asks the user to wait; pressing again then says it failed.
    await vi.waitFor(async () => {
      await user.click(create());
      expect(screen.getByRole('alert')).toHaveTextContent(GOAL_MESSAGES.statsUnavailable);
    });
  });

  it('sets a first boss goal from 0 kills', async () => {
    const sent: unknown[] = [];
    stubApi({
      'GET /api/pwom-player': stats,
      'POST /api/user-goals': ({ body }) => {
        sent.push(body);
        return Response.json(testGoal({ metric: 'zulrah' }), { status: 201 });
      },
    });
    renderWithQueries(<GoalForm characters={characters} />);
    const user = await fillGoal({ metric: 'Zulrah', value: '10' });
    expect(await screen.findByText('Current: 0')).toBeInTheDocument();
    await user.click(create());
    expect(await screen.findByText('Goal created.')).toBeInTheDocument();
    expect(sent).toEqual([expect.objectContaining({ metric: 'zulrah', mode: 'gain', value: 10 })]);
  });

  it('says a boss the snapshot lacks cannot be tracked', async () => {
    stubApi({ 'GET /api/pwom-player': stats });
    renderWithQueries(<GoalForm characters={characters} />);
    // Once the statistics are in (Zulrah shows its 0), Vorkath, which they lack, is chosen.
    await fillGoal({ metric: 'Zulrah' });
    await screen.findByText('Current: 0');
    const user = await fillGoal({ metric: 'Vorkath', value: '10' });
    await user.click(create());
    expect(screen.getByRole('alert')).toHaveTextContent(GOAL_MESSAGES.noKills('Vorkath'));
  });

  it('shows the current value and sets the minimum one above it in total mode', async () => {
    stubApi({ 'GET /api/pwom-player': stats });
    renderWithQueries(<GoalForm characters={characters} />);
    const user = await fillGoal({ metric: 'Attack' });
    expect(await screen.findByText('Current: 5,346,332')).toBeInTheDocument();
    expect(screen.getByLabelText('Value')).toHaveAttribute('min', '1');
    await user.click(screen.getByLabelText('Total'));
    expect(screen.getByLabelText('Value')).toHaveAttribute('min', '5346333');

    await user.type(screen.getByLabelText('Value'), '5346332');
    await user.click(create());
    expect(screen.getByRole('alert')).toHaveTextContent(GOAL_MESSAGES.targetNotAboveCurrent);
  });

  it('refuses a target date in the past', async () => {
    stubApi({ 'GET /api/pwom-player': stats });
    renderWithQueries(<GoalForm characters={characters} />);
    const user = await fillGoal({ metric: 'Attack', value: '100' });
    await screen.findByText(/Current:/);
    fireEvent.change(screen.getByLabelText('Target Date'), { target: { value: '2000-01-01' } });
    await user.click(create());
    expect(screen.getByRole('alert')).toHaveTextContent(GOAL_MESSAGES.pastTargetDate);
  });

  it('sends only what the user chose', async () => {
    const sent: unknown[] = [];
    stubApi({
      'GET /api/pwom-player': stats,
      'POST /api/user-goals': ({ body }) => {
        sent.push(body);
        return Response.json(testGoal({ wom_id: '2' }), { status: 201 });
      },
    });
    renderWithQueries(<GoalForm characters={characters} />);
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Character'), 'Iron Zezima');
    await fillGoal({ metric: 'Attack', mode: 'Total', value: '6000000' });
    fireEvent.change(screen.getByLabelText('Target Date'), { target: { value: '2099-01-01' } });
    await user.click(screen.getByLabelText('Public (visible to others)'));
    await screen.findByText(/Current:/);
    await user.click(create());

    expect(await screen.findByText('Goal created.')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        wom_id: '2',
        metric: 'attack',
        mode: 'total',
        value: 6_000_000,
        target_date: '2099-01-01',
        public: true,
      },
    ]);
    expect(screen.getByLabelText('Value')).toHaveValue(null);
  });

  it("shows the server's refusal as it is", async () => {
    stubApi({
      'GET /api/pwom-player': stats,
      'POST /api/user-goals': () => apiError(403, 'FORBIDDEN', GOAL_MESSAGES.notYourCharacter),
    });
    renderWithQueries(<GoalForm characters={characters} />);
    const user = await fillGoal({ metric: 'Attack', value: '100' });
    await screen.findByText(/Current:/);
    await user.click(create());
    expect(await screen.findByRole('alert')).toHaveTextContent(GOAL_MESSAGES.notYourCharacter);
  });

  it.each([
    ['a server error', () => apiError(500, 'INTERNAL_ERROR', 'Something went wrong on our side')],
    ['no answer', () => Promise.reject(new TypeError('offline'))],
  ])('says Failed to create goal after %s', async (_, answer) => {
    stubApi({ 'GET /api/pwom-player': stats, 'POST /api/user-goals': answer });
    renderWithQueries(<GoalForm characters={characters} />);
    const user = await fillGoal({ metric: 'Attack', value: '100' });
    await screen.findByText(/Current:/);
    await user.click(create());
    expect(await screen.findByRole('alert')).toHaveTextContent(GOAL_MESSAGES.createFailed);
  });
});
