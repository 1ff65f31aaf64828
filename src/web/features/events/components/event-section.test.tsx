import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ClanEvent } from '#core/events/events.schema.ts';
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
});
