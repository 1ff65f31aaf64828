import type { QueryKey } from '@tanstack/react-query';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminEvent } from '#core/events/admin-events.schema.ts';
import { apiError, renderWithQueries, stubApi } from '#test/render-with-queries.tsx';
import { answerConfirm } from '#test/confirm-dialog.ts';
import { adminEventsQueryKey } from '../api/get-admin-events.ts';
import { rememberCreatedEvent } from '../utils/created-event-notice.ts';
import { EventsTab } from './events-tab.tsx';

afterEach(() => vi.unstubAllGlobals());

function adminEvent(id: number, name: string, overrides: Partial<AdminEvent> = {}): AdminEvent {
  return {
    id,
    name,
    type: 'Weekly',
    metric: 'fishing',
    description: 'Catch the most',
    start_date: '2026-11-25T18:00:00.000Z',
    end_date: '2026-12-02T18:00:00.000Z',
    wom_id: null,
    winner_username: null,
    before_site: false,
    manual: true,
    short_event: false,
    wom_title: null,
    wom_missing_at: null,
    points_awarded_at: null,
    results_at: null,
    created_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

const manual = adminEvent(1, 'Fishing Week');
const synced = adminEvent(2, 'Zulrah Race', {
  manual: false,
  type: 'Competition',
  metric: 'zulrah',
  wom_id: '4242',
  points_awarded_at: '2026-11-10T19:00:00.000Z',
});

const queries = (...entries: Array<[QueryKey, unknown]>) => entries;

const ROSTER = [
  { wom_id: '21', name: 'Alpha' },
  { wom_id: '22', name: 'Bravo' },
];

function renderEvents(events: AdminEvent[] | null = [manual, synced]) {
  const notify = vi.fn();
  const view = renderWithQueries(<EventsTab notify={notify} members={ROSTER} />, [
    ...(events === null ? [] : queries([adminEventsQueryKey, events])),
    [['admin', 'point-batches'], []],
  ]);
  return { ...view, notify };
}

const row = (name: string) => screen.getByRole('rowheader', { name: new RegExp(`^${name}`) }).closest('tr')!;

describe('events tab', () => {
  it("shows the sync's old types in the form's one vocabulary", () => {
    renderEvents([adminEvent(3, 'SOTW: Mining', { manual: false, type: 'skill', metric: 'mining' })]);
    expect(within(row('SOTW: Mining')).getByRole('cell', { name: /Skill of the Week$/ })).toBeInTheDocument();
  });

  it('names a linked competition as WOM does, and flags one WOM cannot find', () => {
    renderEvents([
      adminEvent(3, 'Linked', { wom_id: '4242', wom_title: 'Clan Zulrah Race' }),
      adminEvent(4, 'Mistyped', { wom_id: '999999', wom_missing_at: '2026-11-21T12:00:00.000Z' }),
    ]);
    expect(within(row('Linked')).getByText('Clan Zulrah Race')).toBeInTheDocument();
    expect(within(row('Mistyped')).getByText('WOM cannot find competition 999999')).toBeInTheDocument();
    expect(within(row('Linked')).queryByText(/cannot find/)).not.toBeInTheDocument();
  });

  it("shows the linked competition's title beside its id in the edit form, until the id changes", async () => {
    renderEvents([adminEvent(3, 'Linked', { wom_id: '4242', wom_title: 'Clan Zulrah Race' })]);
    await userEvent.click(within(row('Linked')).getByRole('button', { name: 'Edit' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit Event' }));
    expect(dialog.getByText('On Wise Old Man: Clan Zulrah Race')).toBeInTheDocument();
    await userEvent.type(dialog.getByLabelText('WOM Competition ID (optional)'), '1');
    expect(dialog.queryByText(/Clan Zulrah Race/)).not.toBeInTheDocument();
    expect(dialog.getByText('The id is checked with Wise Old Man when you save.')).toBeInTheDocument();
  });

  it('says an event was created when the new event page opens the tab, once', () => {
    rememberCreatedEvent({ name: 'Bandos Bash' });
    const { notify } = renderEvents();
    expect(notify).toHaveBeenCalledExactlyOnceWith({
      kind: 'success',
      text: 'Bandos Bash was successfully saved.',
    });
    expect(renderEvents().notify).not.toHaveBeenCalled();
  });

  it("says what Wise Old Man created with the event, when the event's competition was made too", () => {
    rememberCreatedEvent({
      name: 'Fishing week',
      wom_competition: { id: 812, title: 'Fishing week', type: 'classic', participant_count: 31, url: '' },
    });
    expect(renderEvents().notify).toHaveBeenCalledExactlyOnceWith({
      kind: 'success',
      text: 'Fishing week was successfully saved. Wise Old Man created competition 812 "Fishing week" (classic) with 31 participants.',
    });
  });

  it('names each cell for a phone, where the table is a card per event under hidden headings', () => {
    renderEvents();
    const table = screen.getByRole('table', { name: 'Events' });
    expect(table.querySelector('thead')).toHaveClass('max-sm:sr-only');
    // The actions' cell needs no name: its buttons say what they do.
    const cells = within(row('Fishing Week')).getAllByRole('cell').slice(0, -1);
    expect(cells.map((cell) => cell.firstElementChild?.textContent)).toEqual([
      'Type',
      'Start',
      'End',
      'Source',
      'Points',
    ]);
  });

  it('marks each event as manual or synced, and offers edit and delete only for manual ones', () => {
    renderEvents();
    expect(screen.getByRole('link', { name: 'New Event' })).toHaveAttribute('href', '/admin/events/new');
    const fishing = within(row('Fishing Week'));
    expect(fishing.getByText('Manual')).toBeInTheDocument();
    expect(fishing.getByRole('cell', { name: /25 Nov 2026, 18:00 UTC$/ })).toBeInTheDocument();
    expect(fishing.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(fishing.getByRole('button', { name: 'Delete' })).toBeInTheDocument();

    const zulrah = within(row('Zulrah Race'));
    expect(zulrah.getByText('Synced from WOM')).toBeInTheDocument();
    expect(zulrah.getByText('Competition 4242')).toBeInTheDocument();
    expect(zulrah.getByText('Awarded 10 Nov 2026, 19:00 UTC')).toBeInTheDocument();
    // Any event can award points in one go; only a manual one can be edited or deleted.
    expect(zulrah.getAllByRole('button').map((button) => button.textContent)).toEqual(['Award points']);
  });

  it('books the points of an event from before this site with one confirmed button', async () => {
    const history = adminEvent(5, 'Zulrah Week', {
      manual: false,
      wom_id: '1',
      before_site: true,
      results_at: '2026-11-25T05:30:00.000Z',
    });
    const booked = { ...history, points_awarded_at: '2026-11-26T10:00:00.000Z' };
    const fetch = stubApi({ 'POST /api/admin/events/5/book-points': () => Response.json(booked) });
    const { notify } = renderEvents([
      history,
      adminEvent(6, 'Team Slayer', { manual: false, before_site: true }),
    ]);
    expect(within(row('Team Slayer')).getByText('Results not in yet')).toBeInTheDocument();
    expect(within(row('Team Slayer')).queryByRole('button', { name: /Book points/ })).not.toBeInTheDocument();
    const zulrah = within(row('Zulrah Week'));
    expect(zulrah.getByText('Before this site')).toBeInTheDocument();
    await userEvent.click(zulrah.getByRole('button', { name: 'Book points of Zulrah Week' }));
    await answerConfirm('Book the points of Zulrah Week?', 'Book Points');
    await vi.waitFor(() =>
      expect(notify).toHaveBeenCalledWith({ kind: 'success', text: 'The points of Zulrah Week are booked.' }),
    );
    expect(fetch).toHaveBeenCalledWith(
      '/api/admin/events/5/book-points',
      expect.objectContaining({ method: 'POST' }),
    );
  });

  it('books nothing when the admin cancels the confirmation', async () => {
    const fetch = stubApi({});
    renderEvents([
      adminEvent(5, 'Zulrah Week', { before_site: true, results_at: '2026-11-25T05:30:00.000Z' }),
    ]);
    await userEvent.click(
      within(row('Zulrah Week')).getByRole('button', { name: 'Book points of Zulrah Week' }),
    );
    await answerConfirm('Book the points of Zulrah Week?', 'Cancel');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says so when there are no events', () => {
    renderEvents([]);
    expect(screen.getByText('No events found')).toBeInTheDocument();
  });

  it("shows the server's message when the events cannot be loaded", async () => {
    stubApi({ 'GET /api/admin/events': () => apiError(503, 'DATABASE_UNAVAILABLE', 'Database is down') });
    renderEvents(null);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error Loading Events');
    expect(alert).toHaveTextContent('Database is down');
  });

  it('saves an edited manual event with every field and reloads the list', async () => {
    const renamed = { ...manual, name: 'Fishing Fortnight' };
    const fetch = stubApi({
      'PUT /api/admin/events/1': () => Response.json(renamed),
      'GET /api/admin/events': () => Response.json([renamed, synced]),
    });
    const { notify } = renderEvents();
    await userEvent.click(within(row('Fishing Week')).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Event' });
    const name = within(dialog).getByLabelText('Event Name');
    expect(name).toHaveValue('Fishing Week');
    expect(within(dialog).getByLabelText('Start (UTC)')).toHaveValue('2026-11-25T18:00');
    await userEvent.clear(name);
    await userEvent.type(name, 'Fishing Fortnight');
    fireEvent.change(within(dialog).getByLabelText('End (UTC)'), { target: { value: '2026-12-09T18:00' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await vi.waitFor(() =>
      expect(notify).toHaveBeenCalledWith({
        kind: 'success',
        text: 'Fishing Fortnight was successfully saved.',
      }),
    );
    const put = fetch.mock.calls.find(([url]) => url === '/api/admin/events/1');
    expect(JSON.parse(put?.[1]?.body as string)).toEqual({
      name: 'Fishing Fortnight',
      type: 'Weekly',
      metric: 'fishing',
      description: 'Catch the most',
      start_date: '2026-11-25T18:00:00.000Z',
      end_date: '2026-12-09T18:00:00.000Z',
      wom_id: null,
      short_event: false,
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('rowheader', { name: /^Fishing Fortnight/ })).toBeInTheDocument();
  });

  it("keeps the edit open with the server's message when the save is refused", async () => {
    stubApi({
      'PUT /api/admin/events/1': () =>
        apiError(409, 'CONFLICT', 'This event comes from a WOM competition and follows it'),
    });
    const { notify } = renderEvents();
    await userEvent.click(within(row('Fishing Week')).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Event' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failed to save event: This event comes from a WOM competition and follows it',
    );
    expect(notify).not.toHaveBeenCalled();
  });

  it('deletes a manual event once the admin confirms', async () => {
    const fetch = stubApi({
      'DELETE /api/admin/events/1': () => new Response(null, { status: 204 }),
      'GET /api/admin/events': () => Response.json([synced]),
    });
    const { notify } = renderEvents();
    await userEvent.click(within(row('Fishing Week')).getByRole('button', { name: 'Delete' }));
    await answerConfirm('Are you sure you want to delete Fishing Week?', 'Delete Event');
    await vi.waitFor(() =>
      expect(notify).toHaveBeenCalledWith({
        kind: 'success',
        text: 'Fishing Week was successfully deleted.',
      }),
    );
    expect(fetch).toHaveBeenCalledWith('/api/admin/events/1', expect.objectContaining({ method: 'DELETE' }));
    await vi.waitFor(() => expect(screen.queryByText('Fishing Week')).not.toBeInTheDocument());
  });

  it('deletes nothing when the admin cancels the confirmation', async () => {
    const fetch = stubApi({});
    renderEvents();
    await userEvent.click(within(row('Fishing Week')).getByRole('button', { name: 'Delete' }));
    await answerConfirm('Are you sure you want to delete Fishing Week?', 'Cancel');
    expect(fetch).not.toHaveBeenCalled();
  });

  it("reports a refused delete with the server's message", async () => {
    stubApi({ 'DELETE /api/admin/events/1': () => apiError(404, 'NOT_FOUND', 'Event not found') });
    const { notify } = renderEvents();
    await userEvent.click(within(row('Fishing Week')).getByRole('button', { name: 'Delete' }));
    await answerConfirm('Are you sure you want to delete Fishing Week?', 'Delete Event');
    await vi.waitFor(() =>
      expect(notify).toHaveBeenCalledWith({
        kind: 'error',
        text: 'Failed to delete Fishing Week: Event not found',
      }),
    );
  });

  it("awards an event's points in one go: members picked by hand, one reason, one request", async () => {
    const fetch = stubApi({
      'POST /api/admin/point-batches': () =>
        Response.json(
          {
            id: 1,
            event_id: 1,
            reason: 'Clan Hour',
            created_at: '2026-11-28T10:00:00.000Z',
            undone_at: null,
            total: 17,
            entries: [
              { wom_id: '21', name: 'Alpha', amount: 15 },
              { wom_id: '22', name: 'Bravo', amount: 2 },
            ],
          },
          { status: 201 },
        ),
      'GET /api/admin/point-batches': () => Response.json([]),
    });
    const { notify } = renderEvents();
    await userEvent.click(within(row('Fishing Week')).getByRole('button', { name: 'Award points' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Award points for Fishing Week' }));
    expect(
      dialog.getByText('No standings are stored for this event: pick the members by hand.'),
    ).toBeInTheDocument();
    for (const [name, amount] of [
      ['Alpha', '15'],
      ['Bravo', '2'],
    ] as const) {
      await userEvent.type(dialog.getByRole('combobox', { name: 'Add a member' }), name.slice(0, 3));
      await userEvent.click(screen.getByRole('option', { name }));
      await userEvent.type(dialog.getByLabelText(`Points for ${name}`), amount);
    }
    await userEvent.clear(dialog.getByLabelText('Reason'));
    await userEvent.type(dialog.getByLabelText('Reason'), 'Clan Hour');
    await userEvent.click(dialog.getByRole('button', { name: 'Award 17 points' }));
    await vi.waitFor(() =>
      expect(notify).toHaveBeenCalledWith({
        kind: 'success',
        text: '17 points awarded to 2 members for Fishing Week.',
      }),
    );
    const sent = fetch.mock.calls.find(([url]) => url === '/api/admin/point-batches');
    expect(JSON.parse(sent?.[1]?.body as string)).toEqual({
      event_id: 1,
      reason: 'Clan Hour',
      entries: [
        { wom_id: '21', amount: 15 },
        { wom_id: '22', amount: 2 },
      ],
    });
  });

  it('refuses an award with an amount that is no whole number, sending nothing', async () => {
    const fetch = stubApi({});
    renderEvents();
    await userEvent.click(within(row('Fishing Week')).getByRole('button', { name: 'Award points' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Award points for Fishing Week' }));
    await userEvent.type(dialog.getByRole('combobox', { name: 'Add a member' }), 'Alp');
    await userEvent.click(screen.getByRole('option', { name: 'Alpha' }));
    await userEvent.type(dialog.getByLabelText('Points for Alpha'), 'ten');
    await userEvent.click(dialog.getByRole('button', { name: /^Award \d+ points$/ }));
    expect(dialog.getByRole('alert')).toHaveTextContent(
      'Alpha: the amount must be a whole number of points, 1 or more',
    );
    expect(fetch).not.toHaveBeenCalled();
  });
});
