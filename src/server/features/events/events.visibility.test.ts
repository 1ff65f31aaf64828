import { describe, expect, it } from 'vitest';
import { normaliseRsn } from '#core/members/names.ts';
import { visibleWinners, type HiddenMembers, type Standing } from './events.visibility.ts';

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

describe('visibleWinners', () => {
  it('keeps a winner who is not hidden, member or not', () => {
    expect(visibleWinners('Hidden Ace', standings, hiding([]))).toEqual(['Hidden Ace']);
    expect(visibleWinners(null, standings, hiding([1]))).toEqual([]);
  });

  it('names every participant tied for the top gain, in standings order', () => {
    const tied = [standing(5, 'First', 700), standing(6, 'Second', 700), standing(7, 'Third', 600)];
    expect(visibleWinners('First', tied, hiding([]))).toEqual(['First', 'Second']);
  });

  it('leaves a hidden co-winner out and keeps the visible one', () => {
    const tied = [standing(1, 'Hidden Ace', 700), standing(6, 'Second', 700), standing(7, 'Third', 600)];
    expect(visibleWinners('Hidden Ace', tied, hiding([1]))).toEqual(['Second']);
  });

  it('shows the best visible participants instead of a hidden winner, every one of a tie', () => {
    expect(visibleWinners('Hidden Ace', standings, hiding([1]))).toEqual(['Outsider', 'Shown']);
    expect(visibleWinners('Hidden Ace', standings, hiding([1, 2]))).toEqual(['Shown']);
  });

  it('knows a hidden winner by their WOM id in the standings, whatever name they go by now', () => {
    expect(visibleWinners('hidden_ace', standings, hiding([1], ['New Name']))).toEqual(['Outsider', 'Shown']);
  });

  it('knows a hidden winner by name, RSN-normalised, when the standings do not name them', () => {
    expect(visibleWinners('HIDDEN-ACE', [standing(2, 'Outsider', 10)], hiding([1], ['Hidden Ace']))).toEqual([
      'Outsider',
    ]);
  });

  it("never shows a participant whose name is a hidden member's, even under another id", () => {
    const renamed = [standing(1, 'Hidden Ace', 900), standing(7, 'Old Alt', 800), standing(3, 'Shown', 5)];
    expect(visibleWinners('Hidden Ace', renamed, hiding([1], ['Old Alt']))).toEqual(['Shown']);
  });

  it("hides a winner whose booked win is a hidden member's, even under a name the site no longer knows", () => {
    expect(visibleWinners('Old Name', null, hiding([1], ['Hidden Ace']), true)).toEqual([]);
    expect(visibleWinners('Old Name', standings, hiding([1], ['Hidden Ace']), true)).toEqual([
      'Outsider',
      'Shown',
    ]);
  });

  it('shows no winner when no visible participant gained', () => {
    expect(visibleWinners('Hidden Ace', [standings[0]!, standings[3]!], hiding([1]))).toEqual([]);
  });

  it('shows the one recorded winner of an event without standings (a manual event) unless hidden', () => {
    expect(visibleWinners('Hidden Ace', null, hiding([1], ['Hidden Ace']))).toEqual([]);
    expect(visibleWinners('Someone Else', null, hiding([1], ['Hidden Ace']))).toEqual(['Someone Else']);
  });
});
