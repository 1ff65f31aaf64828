import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClanEvent } from '#core/events/events.schema.ts';
import type { WomCompetitionItem } from '#core/wom/wom-data.schema.ts';
import { EventSection } from './event-section.tsx';

const NOW = new Date('2026-11-21T12:00:00.000Z');

function completedEvent(id: number, name: string, winners: string[]): ClanEvent {
  return {
    id,
    name,
    type: null,
    metric: null,
    description: null,
    start_date: '2026-11-07T18:00:00.000Z',
    end_date: '2026-11-14T18:00:00.000Z',
    wom_id: String(4000 + id),
    winner_username: winners[0] ?? null,
    winners,
    before_site: false,
  };
}

function winnerCells(events: ClanEvent[]): Array<string | null | undefined> {
  render(<EventSection status="completed" shown={events} total={events.length} now={NOW} />);
  const rows = within(screen.getByRole('table', { name: 'Completed Events' }))
    .getAllByRole('row')
    .slice(1);
  return rows.map((row) => within(row).getAllByRole('cell')[2]?.textContent);
}

// A visitor in Paris: Node follows TZ for every formatter made after it is set, the page's included.
const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Europe/Paris';
});
afterAll(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe('EventSection', () => {
  it('names every winner of a completed event tied for first place', () => {
    expect(winnerCells([completedEvent(1, 'SOTW: Fishing', ['Zezima', 'Lynx Titan'])])).toEqual([
      'Zezima, Lynx Titan',
    ]);
  });

  it('marks an event from before this site beside its winner', () => {
    expect(
      winnerCells([
        { ...completedEvent(1, 'BOTW: Zulrah', ['Woox']), before_site: true },
        completedEvent(2, 'SOTW: Mining', ['Zezima']),
      ]),
    ).toEqual(['WooxBefore this site', 'Zezima']);
  });

  it('names a sole winner alone, and says so when no winner is recorded', () => {
    expect(
      winnerCells([completedEvent(1, 'BOTW: Vorkath', ['Woox']), completedEvent(2, 'SOTW: Mining', [])]),
    ).toEqual(['Woox', 'No winner recorded']);
  });

  it("opens a team competition's standings: its teams by total gained, then each player's gain", async () => {
    const event = completedEvent(5, 'Team Fishing', ['Ann', 'Bo']);
    const competition: WomCompetitionItem = {
      id: 4005,
      title: 'Team Fishing',
      metric: 'fishing',
      metrics: ['fishing'],
      type: 'team',
      startsAt: '2026-11-07T18:00:00.000Z',
      endsAt: '2026-11-14T18:00:00.000Z',
      participantCount: 3,
      participants: [
        {
          playerId: 1,
          displayName: 'Ann',
          teamName: 'Minnows',
          progress: { start: 0, end: 150, gained: 150 },
        },
        { playerId: 3, displayName: 'Cy', teamName: 'Sharks', progress: { start: 0, end: 180, gained: 180 } },
        { playerId: 2, displayName: 'Bo', teamName: 'Minnows', progress: { start: 0, end: 50, gained: 50 } },
      ],
      teams: [
        { team: 'Minnows', placement: 1, gained: 200, players: 2 },
        { team: 'Sharks', placement: 2, gained: 180, players: 1 },
      ],
    };
    render(
      <EventSection
        status="completed"
        shown={[event]}
        total={1}
        now={NOW}
        competitions={new Map([['4005', competition]])}
      />,
    );
    expect(screen.queryByRole('table', { name: 'Teams' })).toBeNull();
    const winner = within(screen.getByRole('table', { name: 'Completed Events' })).getAllByRole('row')[1]!;
    expect(within(winner).getAllByRole('cell')[2]?.textContent).toBe('MinnowsTeam of 2 players');
    await userEvent.click(screen.getByRole('button', { name: 'Show team standings of Team Fishing' }));

    const teams = within(screen.getByRole('table', { name: 'Teams' }))
      .getAllByRole('row')
      .slice(1);
    expect(teams.map((row) => row.textContent)).toEqual(['1Minnows2200', '2Sharks1180']);
    const players = within(screen.getByRole('table', { name: 'Players' }))
      .getAllByRole('row')
      .slice(1);
    expect(players.map((row) => row.textContent)).toEqual(['CySharks180', 'AnnMinnows150', 'BoMinnows50']);
    expect(screen.getByRole('button', { name: 'Hide standings of Team Fishing' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it("links the standings' players and the winner to their member pages, and shows every player on request", async () => {
    const players = Array.from({ length: 13 }, (_, index) => ({
      playerId: 100 + index,
      displayName: `Player ${index + 1}`,
      teamName: null,
      progress: { start: 0, end: 1300 - index * 100, gained: 1300 - index * 100 },
    }));
    const competition: WomCompetitionItem = {
      id: 4006,
      title: 'SOTW: Fishing',
      metric: 'fishing',
      metrics: ['fishing'],
      type: 'classic',
      startsAt: '2026-11-07T18:00:00.000Z',
      endsAt: '2026-11-14T18:00:00.000Z',
      participantCount: players.length,
      participants: players,
      teams: null,
    };
    render(
      <EventSection
        status="completed"
        shown={[completedEvent(6, 'SOTW: Fishing', ['Player 1'])]}
        total={1}
        now={NOW}
        competitions={new Map([['4006', competition]])}
      />,
    );
    const events = screen.getByRole('table', { name: 'Completed Events' });
    expect(within(events).getByRole('link', { name: 'Player 1' })).toHaveAttribute('href', '/members/100');
    await userEvent.click(screen.getByRole('button', { name: 'Show standings of SOTW: Fishing' }));

    const table = screen.getByRole('table', { name: 'Players' });
    const rows = () => within(table).getAllByRole('row').slice(1, -1);
    expect(rows()).toHaveLength(10);
    expect(table).toHaveTextContent('and 3 more');
    expect(within(table).getByRole('link', { name: 'Player 10' })).toHaveAttribute('href', '/members/109');

    await userEvent.click(within(table).getByRole('button', { name: 'Show all 13 players' }));
    expect(rows()).toHaveLength(13);
    expect(table).not.toHaveTextContent('more');
    expect(within(table).getByRole('link', { name: 'Player 13' })).toHaveAttribute('href', '/members/112');

    await userEvent.click(within(table).getByRole('button', { name: 'Show the top 10' }));
    expect(rows()).toHaveLength(10);
  });

  describe("in the visitor's own time zone", () => {
    it('shows when an upcoming event starts and an active one ends, the zone named, and offers each as a calendar file', () => {
      const upcoming: ClanEvent = {
        ...completedEvent(8, 'Bingo night', []),
        start_date: '2026-12-05T17:00:00.000Z',
        end_date: '2026-12-05T19:00:00.000Z',
      };
      render(<EventSection status="upcoming" shown={[upcoming]} total={1} now={NOW} />);
      const row = within(screen.getByRole('table', { name: 'Upcoming Events' })).getAllByRole('row')[1]!;
      expect(within(row).getByText('Sat 5 Dec, 18:00 CET')).toHaveAttribute(
        'datetime',
        '2026-12-05T17:00:00.000Z',
      );
      const download = within(row).getByRole('link', { name: 'Add to calendar: Bingo night' });
      expect(download).toHaveAttribute('href', '/api/events/8.ics');
      expect(download).toHaveAttribute('download');
    });

    it('names the year of an event that ended in another year', () => {
      const old = { ...completedEvent(9, 'Winter bingo', []), end_date: '2025-12-20T21:30:00.000Z' };
      render(<EventSection status="completed" shown={[old]} total={1} now={NOW} />);
      expect(screen.getByText('Sat, 20 Dec 2025, 22:30 CET')).toBeInTheDocument();
    });
  });

  it('offers no standings for an event whose competition has none', () => {
    render(
      <EventSection status="completed" shown={[completedEvent(1, 'SOTW: Mining', [])]} total={1} now={NOW} />,
    );
    expect(screen.queryByRole('button', { name: /standings/ })).toBeNull();
  });
});
