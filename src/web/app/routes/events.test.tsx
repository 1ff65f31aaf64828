import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClanEvent } from '#core/events/events.schema.ts';
import { renderApp } from '#test/render.tsx';
import { preloadPageOf } from '../routes.tsx';

const NOW = new Date('2026-11-21T12:00:00.000Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let nextId = 1;

/** An event placed relative to NOW, in milliseconds. */
function event(
  name: string,
  startOffset: number,
  endOffset: number,
  extra: Partial<ClanEvent> = {},
): ClanEvent {
  return {
    id: nextId++,
    name,
    type: null,
    metric: null,
    description: null,
    start_date: new Date(NOW.getTime() + startOffset).toISOString(),
    end_date: new Date(NOW.getTime() + endOffset).toISOString(),
    wom_id: null,
    winner_username: null,
    winners: [],
    before_site: false,
    ...extra,
  };
}

function many(prefix: string, count: number, startOffset: number, endOffset: number): ClanEvent[] {
  // Each one a minute later than the one before, so the expected order is the given order.
  return Array.from({ length: count }, (_, index) =>
    event(`${prefix} ${index + 1}`, startOffset + index * 60_000, endOffset + index * 60_000),
  );
}

function renderEvents(events: ClanEvent[], path = '/events') {
  return renderApp(path, { queries: [[['events'], events]] });
}

function rowsOf(name: string): HTMLElement[] {
  return within(screen.getByRole('table', { name })).getAllByRole('row').slice(1);
}

function counter(label: string): string | null | undefined {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

const mixed = [
  event('Skill of the Week: Mining', -4 * DAY, 3 * DAY + HOUR, { metric: 'mining', wom_id: '4101' }),
  event('Boss of the Week: Vorkath', 2 * DAY, 9 * DAY, { metric: 'vorkath', wom_id: '4102' }),
  event('Clue Hunt', -10 * DAY, -3 * DAY, {
    metric: 'clue_scrolls_all',
    winner_username: 'Zezima',
    winners: ['Zezima'],
  }),
  event('Fishing Trawler', -20 * DAY, -13 * DAY, { wom_id: '4090' }),
];

describe('events page', () => {
  // The page's code, loaded once before the tests: its first lazy load can outlast a query's wait on a busy machine.
  beforeAll(() => preloadPageOf('/events'), 30_000);

  beforeEach(() => {
    // Only the clock is fixed: the page's minute timer and the router keep real timers.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('groups events into active, upcoming and completed tables with counters', async () => {
    renderEvents(mixed);
    expect(await screen.findByRole('heading', { level: 1, name: 'Events' })).toBeInTheDocument();
    expect(counter('Active')).toBe('1');
    expect(counter('Upcoming')).toBe('1');
    expect(counter('Completed')).toBe('2');

    const [active] = rowsOf('Active Events');
    expect(active).toHaveTextContent('Skill of the Week: Mining');
    expect(active).toHaveTextContent('Ends in 3 days');
    const [upcoming] = rowsOf('Upcoming Events');
    expect(upcoming).toHaveTextContent('Boss of the Week: Vorkath');
    expect(upcoming).toHaveTextContent('Starts in 2 days');
    const completed = rowsOf('Completed Events');
    expect(completed.map((row) => within(row).getAllByRole('cell')[2]?.textContent)).toEqual([
      'Zezima',
      'No winner recorded',
    ]);
  });

  it('shows the metric icon and links WOM competitions to their Wise Old Man page in a new tab', async () => {
    renderEvents(mixed);
    const link = await screen.findByRole('link', { name: /^Skill of the Week: Mining/ });
    expect(link).toHaveAttribute('href', 'https://wiseoldman.net/competitions/4101');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noreferrer');
    expect(link).toHaveAccessibleName(/^Skill of the Week: Mining ?\(opens in a new tab\)$/);
    expect(screen.queryByRole('link', { name: /^Clue Hunt/ })).not.toBeInTheDocument();
    expect(within(rowsOf('Completed Events')[0]!).getByText('Clue Scrolls (All)')).toBeInTheDocument();
    expect(rowsOf('Active Events')[0]!.querySelector('img')).toHaveAttribute('src', '/icons/mining.png');
  });

  it('offers the events as a calendar feed to subscribe to, and each event as a calendar file', async () => {
    renderEvents(mixed);
    const subscribe = await screen.findByRole('link', { name: 'Subscribe to the events calendar' });
    expect(subscribe).toHaveAttribute('href', `webcal://${window.location.host}/events.ics`);
    expect(screen.getByRole('link', { name: `${window.location.origin}/events.ics` })).toHaveAttribute(
      'href',
      '/events.ics',
    );
    const [mining] = mixed;
    expect(
      within(rowsOf('Active Events')[0]!).getByRole('link', { name: `Add to calendar: ${mining!.name}` }),
    ).toHaveAttribute('href', `/api/events/${mining!.id}.ics`);
  });

  it('shows 10 active, 6 upcoming and 5 completed events until Show All Events, and again after Show Less', async () => {
    const user = userEvent.setup();
    renderEvents([
      ...many('Active', 12, -DAY, DAY),
      ...many('Upcoming', 8, DAY, 8 * DAY),
      ...many('Completed', 7, -9 * DAY, -2 * DAY).reverse(),
    ]);
    await screen.findByRole('table', { name: 'Active Events' });
    expect(counter('Active')).toBe('12');
    expect(counter('Upcoming')).toBe('8');
    expect(counter('Completed')).toBe('7');
    expect(rowsOf('Active Events')).toHaveLength(10);
    expect(rowsOf('Upcoming Events')).toHaveLength(6);
    expect(rowsOf('Completed Events')).toHaveLength(5);
    expect(rowsOf('Active Events')[0]).toHaveTextContent('Active 1');
    // Completed: most recent end first.
    expect(rowsOf('Completed Events')[0]).toHaveTextContent('Completed 7');
    expect(screen.getByText('Showing 10 of 12')).toBeInTheDocument();

    const showAll = screen.getByRole('button', { name: 'Show All Events' });
    expect(showAll).toHaveAttribute('aria-expanded', 'false');
    await user.click(showAll);
    expect(rowsOf('Active Events')).toHaveLength(12);
    expect(rowsOf('Upcoming Events')).toHaveLength(8);
    expect(rowsOf('Completed Events')).toHaveLength(7);

    const showLess = screen.getByRole('button', { name: 'Show Less' });
    expect(showLess).toHaveAttribute('aria-expanded', 'true');
    await user.click(showLess);
    expect(rowsOf('Active Events')).toHaveLength(10);
  });

  it('offers no Show All Events when every list fits', async () => {
    renderEvents(mixed);
    await screen.findByRole('table', { name: 'Active Events' });
    expect(screen.queryByRole('button', { name: 'Show All Events' })).not.toBeInTheDocument();
  });

  it('says so in a section that has no events', async () => {
    renderEvents([mixed[2]!]);
    expect(await screen.findByText('No active events right now')).toBeInTheDocument();
    expect(screen.getByText('No upcoming events scheduled')).toBeInTheDocument();
    expect(counter('Active')).toBe('0');
  });

  it('searches event names from the search box and keeps the search in the URL', async () => {
    const user = userEvent.setup();
    const { location } = renderEvents(mixed, '/events?search=week');
    const box = await screen.findByRole('searchbox', { name: 'Search events' });
    expect(box).toHaveValue('week');
    expect(counter('Active')).toBe('1');
    expect(counter('Upcoming')).toBe('1');
    expect(counter('Completed')).toBe('0');

    await user.clear(box);
    await user.type(box, 'CLUE');
    expect(location.search).toBe('?search=CLUE');
    expect(rowsOf('Completed Events')).toHaveLength(1);
    expect(screen.queryByRole('table', { name: 'Active Events' })).not.toBeInTheDocument();
  });

  it('shows No events found when the search matches nothing', async () => {
    renderEvents(mixed, '/events?search=raids');
    expect(await screen.findByText('No events found')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows No events available when there are no events, or none with dates', async () => {
    renderEvents([]);
    expect(await screen.findByText('No events available')).toBeInTheDocument();
  });

  it('drops events lacking a date', async () => {
    renderEvents([{ ...event('Undated', 0, 0), start_date: null }]);
    expect(await screen.findByText('No events available')).toBeInTheDocument();
  });

  it('opens and closes the About Our Events box', async () => {
    const user = userEvent.setup();
    renderEvents(mixed);
    const toggle = await screen.findByRole('button', { name: 'About Our Events' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText(/15 points for 1st place/)).not.toBeVisible();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/15 points for 1st place, 10 for 2nd and 5 for 3rd/)).toBeVisible();
    expect(screen.getByText(/2 points for everyone else who makes progress/)).toBeVisible();
    expect(screen.getByText(/Short events \(1 to 2 hours\): 2 points for every participant/)).toBeVisible();
    expect(screen.getByText(/each lasting 7 days/)).toBeVisible();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText(/15 points for 1st place/)).not.toBeVisible();
  });

  it('shows the error state with Try Again when events cannot be loaded', async () => {
    renderApp('/events');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Error Loading Events' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('Failed to load events');
    expect(within(alert).getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});

describe('events page over time', () => {
  afterEach(() => vi.useRealTimers());

  it('moves an event from upcoming to active when its start passes, without a refetch', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(NOW);
    renderEvents([event('Starting soon', 30_000, 7 * DAY)]);
    expect(await screen.findByRole('table', { name: 'Upcoming Events' })).toHaveTextContent(
      'Starts in less than a minute',
    );
    // The page's intervals (its clock and the events query's refetch) are armed by effects that
    // React may run after the table is on screen; moving time before then would skip the tick.
    await waitFor(() => expect(vi.getTimerCount()).toBe(2));
    await act(async () => {
      vi.setSystemTime(NOW.getTime() + 60_000);
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.getByRole('table', { name: 'Active Events' })).toHaveTextContent('Ends in 6 days');
    expect(screen.queryByRole('table', { name: 'Upcoming Events' })).not.toBeInTheDocument();
  });
});
