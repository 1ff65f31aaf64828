import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
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
  };
}

function winnerCells(events: ClanEvent[]): Array<string | null | undefined> {
  render(<EventSection status="completed" shown={events} total={events.length} now={NOW} />);
  const rows = within(screen.getByRole('table', { name: 'Completed Events' }))
    .getAllByRole('row')
    .slice(1);
  return rows.map((row) => within(row).getAllByRole('cell')[2]?.textContent);
}

describe('EventSection', () => {
  it('names every winner of a completed event tied for first place', () => {
    expect(winnerCells([completedEvent(1, 'SOTW: Fishing', ['Zezima', 'Lynx Titan'])])).toEqual([
      'Zezima, Lynx Titan',
    ]);
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

  it('offers no standings for an event whose competition has none', () => {
    render(
      <EventSection status="completed" shown={[completedEvent(1, 'SOTW: Mining', [])]} total={1} now={NOW} />,
    );
    expect(screen.queryByRole('button', { name: /standings/ })).toBeNull();
  });
});
