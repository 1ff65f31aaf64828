import { describe, expect, it } from 'vitest';
import { formatDuration, parseDinkDuration, parseSpeedrunTime } from './durations.ts';

describe('parseDinkDuration', () => {
  it('reads the ISO-8601 durations Dink sends as whole milliseconds', () => {
    expect(parseDinkDuration('PT46M34S')).toBe(2_794_000);
    expect(parseDinkDuration('PT1H2M3.6S')).toBe(3_723_600);
    expect(parseDinkDuration('PT0.6S')).toBe(600);
    expect(parseDinkDuration('PT59.4S')).toBe(59_400);
    expect(parseDinkDuration('PT2H')).toBe(7_200_000);
    expect(parseDinkDuration('PT1.0004S')).toBe(1_000);
  });

  it('takes a day at most', () => {
    expect(parseDinkDuration('PT24H')).toBe(86_400_000);
    expect(parseDinkDuration('PT24H0.001S')).toBeNull();
    expect(parseDinkDuration('PT1441M')).toBeNull();
  });

  it('refuses anything that is not such a duration', () => {
    for (const text of [
      '',
      'PT',
      'P1D',
      'PT-1S',
      '46:34',
      'PT1.S',
      'pt46m34s',
      ' PT46M34S',
      'PT46M34S ',
      'PT1S1M',
    ]) {
      expect(parseDinkDuration(text)).toBeNull();
    }
  });
});

describe('parseSpeedrunTime', () => {
  it("reads the game's speedrun times", () => {
    expect(parseSpeedrunTime('1:13.20')).toBe(73_200);
    expect(parseSpeedrunTime('1:22.20')).toBe(82_200);
    expect(parseSpeedrunTime('12:01:13.20')).toBe(43_273_200);
    expect(parseSpeedrunTime('0:45')).toBe(45_000);
    expect(parseSpeedrunTime('59:59.9')).toBe(3_599_900);
  });

  it('refuses times that are not clock times or run past a day', () => {
    for (const text of [
      '',
      '73.2',
      '1:60.00',
      '1:60:00',
      '1:3.20',
      'a:bc',
      '25:00:00',
      '1:13.2000',
      '-1:13.20',
    ]) {
      expect(parseSpeedrunTime(text)).toBeNull();
    }
  });
});

describe('formatDuration', () => {
  it('shows whole seconds as the game does', () => {
    expect(formatDuration(2_794_000)).toBe('46:34');
    expect(formatDuration(3_723_000)).toBe('1:02:03');
    expect(formatDuration(5_000)).toBe('0:05');
  });

  it('adds hundredths when the time has a fraction of a second', () => {
    expect(formatDuration(73_200)).toBe('1:13.20');
    expect(formatDuration(600)).toBe('0:00.60');
    expect(formatDuration(3_723_600)).toBe('1:02:03.60');
    expect(formatDuration(1_234)).toBe('0:01.23');
  });

  it('reads back what it shows', () => {
    for (const ms of [73_200, 82_200, 43_273_200, 2_794_000]) {
      expect(parseSpeedrunTime(formatDuration(ms))).toBe(ms);
    }
  });
});
