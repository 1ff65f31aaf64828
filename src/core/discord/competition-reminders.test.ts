import { describe, expect, it } from 'vitest';
import { dueEndKey, dueReminders, liveStandingsStep, utcDay } from './competition-reminders.ts';

const START = '2026-12-01T18:00:00.000Z';
const END = '2026-12-08T18:00:00.000Z';
const competition = (overrides: { createdAt?: string; startsAt?: string; endsAt?: string } = {}) => ({
  id: 7,
  startsAt: new Date(overrides.startsAt ?? START),
  endsAt: new Date(overrides.endsAt ?? END),
  createdAt: new Date(overrides.createdAt ?? '2026-11-20T00:00:00.000Z'),
});
const keysAt = (iso: string, c = competition()) => dueReminders(c, new Date(iso)).map((due) => due.key);

describe('dueEndKey', () => {
  const endAt = (iso: string, c = competition()) => dueEndKey(c, new Date(iso));

  it('is due from the end for a day, keyed by the end', () => {
    expect(endAt('2026-12-08T17:59:59.000Z')).toBeNull();
    expect(endAt(END)).toBe(`competition_ended:7:${END}`);
    expect(endAt('2026-12-09T17:59:59.000Z')).toBe(`competition_ended:7:${END}`);
    expect(endAt('2026-12-09T18:00:00.000Z')).toBeNull();
  });

  it('is never due for an event written down after it ended, or ending before it starts', () => {
    expect(
      endAt('2026-12-08T19:00:00.000Z', competition({ createdAt: '2026-12-08T18:30:00.000Z' })),
    ).toBeNull();
    expect(endAt(START, competition({ endsAt: '2026-12-01T17:00:00.000Z' }))).toBeNull();
  });
});

describe('dueReminders', () => {
  it('reminds 6 hours and 5 minutes before the start, announces the start, and reminds 12 hours and 30 minutes before the end', () => {
    expect(keysAt('2026-12-01T11:59:59.000Z')).toEqual([]);
    expect(keysAt('2026-12-01T12:00:00.000Z')).toEqual([`competition_starting:7:${START}:6h`]);
    expect(keysAt('2026-12-01T17:55:00.000Z')).toEqual([`competition_starting:7:${START}:5m`]);
    expect(keysAt(START)).toEqual([`competition_started:7:${START}`]);
    expect(keysAt('2026-12-08T06:00:00.000Z')).toEqual([
      `competition_started:7:${START}`,
      `competition_ending:7:${END}:12h`,
    ]);
    expect(keysAt('2026-12-08T17:30:00.000Z')).toEqual([
      `competition_started:7:${START}`,
      `competition_ending:7:${END}:30m`,
    ]);
    expect(keysAt(END)).toEqual([]);
  });

  it('sends only the latest reminder still ahead after the server was down through both', () => {
    expect(keysAt('2026-12-01T17:58:00.000Z')).toEqual([`competition_starting:7:${START}:5m`]);
  });

  it('skips a reminder whose moment passed before the competition was created', () => {
    const late = competition({ createdAt: '2026-12-01T15:00:00.000Z' });
    expect(keysAt('2026-12-01T15:01:00.000Z', late)).toEqual([]);
    expect(keysAt('2026-12-01T17:56:00.000Z', late)).toEqual([`competition_starting:7:${START}:5m`]);
    const running = competition({ createdAt: '2026-12-02T00:00:00.000Z' });
    expect(keysAt('2026-12-02T00:01:00.000Z', running)).toEqual([]);
  });

  it('never reminds of the end before the competition has started', () => {
    const short = competition({ endsAt: '2026-12-01T20:00:00.000Z' });
    expect(keysAt('2026-12-01T08:00:00.000Z', short)).toEqual([]);
    expect(keysAt('2026-12-01T19:30:00.000Z', short)).toEqual([
      `competition_started:7:${START}`,
      `competition_ending:7:2026-12-01T20:00:00.000Z:30m`,
    ]);
  });

  it('reminds again when the start moves', () => {
    const moved = competition({ startsAt: '2026-12-01T19:00:00.000Z' });
    expect(keysAt('2026-12-01T13:00:00.000Z', moved)).toEqual([
      'competition_starting:7:2026-12-01T19:00:00.000Z:6h',
    ]);
  });

  it('has nothing for a competition that ends before it starts', () => {
    expect(keysAt(START, competition({ endsAt: '2026-12-01T17:00:00.000Z' }))).toEqual([]);
  });
});

describe('liveStandingsStep', () => {
  const times = { startsAt: new Date(START), endsAt: new Date(END) };
  const at = (iso: string) => new Date(iso);

  it('updates while running, at most every 5 minutes', () => {
    expect(liveStandingsStep(times, null, at('2026-12-01T17:59:00.000Z'))).toBeNull();
    expect(liveStandingsStep(times, null, at(START))).toBe('update');
    const last = at('2026-12-02T10:00:00.000Z');
    expect(liveStandingsStep(times, last, at('2026-12-02T10:04:59.000Z'))).toBeNull();
    expect(liveStandingsStep(times, last, at('2026-12-02T10:05:00.000Z'))).toBe('update');
  });

  it('finishes a started message once the competition has ended, and starts none after', () => {
    expect(liveStandingsStep(times, at('2026-12-08T17:58:00.000Z'), at(END))).toBe('final');
    expect(liveStandingsStep(times, null, at(END))).toBeNull();
  });

  it('tries a final update WOM did not answer again 5 minutes later', () => {
    const tried = at('2026-12-08T18:01:00.000Z');
    expect(liveStandingsStep(times, tried, at('2026-12-08T18:05:00.000Z'))).toBeNull();
    expect(liveStandingsStep(times, tried, at('2026-12-08T18:06:00.000Z'))).toBe('final');
  });
});

describe('utcDay', () => {
  it('is the UTC date', () => {
    expect(utcDay(new Date('2026-11-27T23:59:59.000-02:00'))).toBe('2026-11-28');
  });
});
