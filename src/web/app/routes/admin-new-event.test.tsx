import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, testUser } from '#test/render.tsx';
import { apiError, stubApi } from '#test/render-with-queries.tsx';

afterEach(() => vi.unstubAllGlobals());

const admin = testUser({ is_admin: true });

async function openForm() {
  // The roster a competition's teams are named from is loaded with the page.
  const view = renderApp('/admin/events/new', { user: admin, queries: [[['admin', 'members'], []]] });
  await screen.findByRole('heading', { level: 1, name: 'New Event' });
  return view;
}

const setDate = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const chooseType = (type: string) => userEvent.selectOptions(screen.getByLabelText('Type'), type);

describe('new event page', () => {
  it('sends a visitor who is not signed in to /login', async () => {
    const { location } = renderApp('/admin/events/new');
    await vi.waitFor(() => expect(location.pathname).toBe('/login'));
  });

  it('shows Access Restricted to a signed-in member who is not an admin', async () => {
    renderApp('/admin/events/new', { user: testUser() });
    expect(await screen.findByRole('heading', { name: 'Access Restricted' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Event Name')).not.toBeInTheDocument();
  });

  it('offers the standard event types', async () => {
    await openForm();
    const options = Array.from(screen.getByLabelText<HTMLSelectElement>('Type').options, (o) => o.text);
    expect(options).toEqual([
      '-- Select Type --',
      'Weekly',
      'Skill of the Week',
      'Boss of the Week',
      'Competition',
      'Team Competition',
      'Other',
    ]);
  });

  it('ends a weekly event 7 days after its start, following the start while the admin has set no end', async () => {
    await openForm();
    setDate('Start (UTC)', '2026-11-25T18:00');
    await chooseType('Weekly');
    expect(screen.getByLabelText('End (UTC)')).toHaveValue('2026-12-02T18:00');
    setDate('Start (UTC)', '2026-11-26T12:30');
    expect(screen.getByLabelText('End (UTC)')).toHaveValue('2026-12-03T12:30');
  });

  it('ends a Skill of the Week or Boss of the Week event 7 days after its start, like a weekly one', async () => {
    await openForm();
    setDate('Start (UTC)', '2026-11-25T18:00');
    await chooseType('Skill of the Week');
    expect(screen.getByLabelText('End (UTC)')).toHaveValue('2026-12-02T18:00');
    await chooseType('Boss of the Week');
    setDate('Start (UTC)', '2026-11-26T12:30');
    expect(screen.getByLabelText('End (UTC)')).toHaveValue('2026-12-03T12:30');
  });

  it("picks the metric from WOM's catalogue, narrowed by a search", async () => {
    await openForm();
    const metric = screen.getByLabelText<HTMLSelectElement>('Metric');
    expect(metric.tagName).toBe('SELECT');
    expect(Array.from(metric.options, (o) => o.value)).toEqual(
      expect.arrayContaining(['fishing', 'zulrah', 'clue_scrolls_all', 'ehb']),
    );
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search metrics' }), 'clue scrolls (h');
    expect(Array.from(metric.options, (o) => o.text)).toEqual(['-- Select Metric --', 'Clue Scrolls (Hard)']);
    await userEvent.selectOptions(metric, 'clue_scrolls_hard');
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search metrics' }));
    expect(metric).toHaveValue('clue_scrolls_hard');
  });

  it('refuses a short event longer than 2 hours under its checkbox, without asking the server', async () => {
    const fetch = stubApi({});
    await openForm();
    await userEvent.type(screen.getByLabelText('Event Name'), 'Quick raid');
    setDate('Start (UTC)', '2026-11-25T18:00');
    setDate('End (UTC)', '2026-11-25T21:00');
    const short = screen.getByRole('checkbox', { name: /^Short event/ });
    await userEvent.click(short);
    await userEvent.click(screen.getByRole('button', { name: 'Create Event' }));
    expect(
      await screen.findByText('A short event (1 to 2 hours) must end within 2 hours of its start'),
    ).toBeInTheDocument();
    expect(short).toHaveAttribute('aria-invalid', 'true');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('keeps an end the admin set when they choose Weekly', async () => {
    await openForm();
    setDate('Start (UTC)', '2026-11-25T18:00');
    setDate('End (UTC)', '2026-11-28T18:00');
    await chooseType('Weekly');
    setDate('Start (UTC)', '2026-11-24T18:00');
    expect(screen.getByLabelText('End (UTC)')).toHaveValue('2026-11-28T18:00');
  });

  it('creates the event and goes to the events tab', async () => {
    const fetch = stubApi({
      'POST /api/admin/events': ({ body }) => Response.json({ id: 9, ...(body as object) }, { status: 201 }),
    });
    const { location } = await openForm();
    await userEvent.type(screen.getByLabelText('Event Name'), 'Bandos Bash');
    await chooseType('Boss of the Week');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search metrics' }), 'graar');
    await userEvent.selectOptions(screen.getByLabelText('Metric'), 'General Graardor');
    setDate('Start (UTC)', '2026-11-25T18:00');
    setDate('End (UTC)', '2026-11-25T20:00');
    await userEvent.type(screen.getByLabelText('WOM Competition ID (optional)'), '123');
    await userEvent.click(screen.getByRole('checkbox', { name: /^Short event/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Create Event' }));

    await vi.waitFor(() => expect(`${location.pathname}${location.search}`).toBe('/admin?tab=events'));
    // The events tab says so when it opens.
    expect(
      await screen.findByText('Bandos Bash was successfully saved.', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    const post = fetch.mock.calls.find(
      ([url, init]) => url === '/api/admin/events' && init?.method === 'POST',
    );
    expect(JSON.parse(post?.[1]?.body as string)).toEqual({
      name: 'Bandos Bash',
      type: 'Boss of the Week',
      metric: 'general_graardor',
      description: null,
      start_date: '2026-11-25T18:00:00.000Z',
      end_date: '2026-11-25T20:00:00.000Z',
      wom_id: '123',
      short_event: true,
    });
  });

  it('shows what is missing without asking the server', async () => {
    const fetch = stubApi({});
    await openForm();
    await userEvent.click(screen.getByRole('button', { name: 'Create Event' }));
    expect(await screen.findByText('Event name is required')).toBeInTheDocument();
    expect(screen.getByText('Start date is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Event Name')).toHaveAttribute('aria-invalid', 'true');
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows the server's message and keeps the input when the event is refused", async () => {
    stubApi({
      'POST /api/admin/events': () =>
        apiError(409, 'CONFLICT', 'Competition 123 is already linked to an event'),
    });
    const { location } = await openForm();
    await userEvent.type(screen.getByLabelText('Event Name'), 'Bandos Bash');
    setDate('Start (UTC)', '2026-11-25T18:00');
    await chooseType('Weekly');
    await userEvent.click(screen.getByRole('button', { name: 'Create Event' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to save event: Competition 123 is already linked to an event',
    );
    expect(screen.getByLabelText('Event Name')).toHaveValue('Bandos Bash');
    expect(location.pathname).toBe('/admin/events/new');
  });
});
