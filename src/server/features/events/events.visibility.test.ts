import { describe, expect, it } from 'vitest';
import { normaliseRsn } from '#core/members/names.ts';
import { visibleWinner, type HiddenMembers, type Standing } from './events.visibility.ts';

const standing = (playerId: number, displayName: string, gained: number): Standing => ({
  playerId,
  displayName,
  progress: { gained },
});

const standings = [
  standing(1, 'Hidden Ace', 900),
  standing(2, 'Outsider', 500),
  standing(3, 'Shown', 500),
  standing(4, 'Slow Poke', 0),
];

const hiding = (ids: number[], names: string[] = []): HiddenMembers => ({
  ids: new Set(ids),
  names: new Set(names.map(normaliseRsn)),
});

describe('visibleWinner', () => {
  it('keeps a winner who is not hidden, member or not', () => {
    expect(visibleWinner('Hidden Ace', standings, hiding([]))).toBe('Hidden Ace');
    expect(visibleWinner('Outsider', standings, hiding([1]))).toBe('Outsider');
    expect(visibleWinner(null, standings, hiding([1]))).toBeNull();
  });

  it('shows the best visible participant instead of a hidden winner, the first listed on a tie', () => {
    expect(visibleWinner('Hidden Ace', standings, hiding([1]))).toBe('Outsider');
    expect(visibleWinner('Hidden Ace', standings, hiding([1, 2]))).toBe('Shown');
  });

  it('knows a hidden winner by their WOM id in the standings, whatever name they go by now', () => {
    expect(visibleWinner('hidden_ace', standings, hiding([1], ['New Name']))).toBe('Outsider');
  });

  it('knows a hidden winner by name, RSN-normalised, when the standings do not name them', () => {
    expect(visibleWinner('HIDDEN-ACE', [standing(2, 'Outsider', 10)], hiding([1], ['Hidden Ace']))).toBe(
      'Outsider',
    );
  });

  it("never shows a participant whose name is a hidden member's, even under another id", () => {
    const renamed = [standing(1, 'Hidden Ace', 900), standing(7, 'Old Alt', 800), standing(3, 'Shown', 5)];
    expect(visibleWinner('Hidden Ace', renamed, hiding([1], ['Old Alt']))).toBe('Shown');
  });

  it("hides a winner whose booked win is a hidden member's, even under a name the site no longer knows", () => {
    expect(visibleWinner('Old Name', null, hiding([1], ['Hidden Ace']), true)).toBeNull();
    expect(visibleWinner('Old Name', standings, hiding([1], ['Hidden Ace']), true)).toBe('Outsider');
  });

  it('shows no winner when no visible participant gained', () => {
    expect(visibleWinner('Hidden Ace', [standings[0]!, standings[3]!], hiding([1]))).toBeNull();
  });

  it('shows no winner for a hidden winner of an event without standings (a manual event)', () => {
    expect(visibleWinner('Hidden Ace', null, hiding([1], ['Hidden Ace']))).toBeNull();
    expect(visibleWinner('Someone Else', null, hiding([1], ['Hidden Ace']))).toBe('Someone Else');
  });
});
