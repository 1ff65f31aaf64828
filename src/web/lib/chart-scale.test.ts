import { describe, expect, it } from 'vitest';
import { dayScale, dayTickFormatter, formatValueTick, niceValueScale } from './chart-scale.ts';

const DAY = 24 * 60 * 60 * 1000;
const day = (date: string) => Date.parse(`${date}T00:00:00.000Z`);

describe('niceValueScale', () => {
  it('labels only round values, covering every value, with at most the ticks asked for', () => {
    expect(niceValueScale([224_451_874, 245_846_194])).toEqual({
      domain: [220_000_000, 250_000_000],
      ticks: [220_000_000, 230_000_000, 240_000_000, 250_000_000],
    });
    expect(niceValueScale([226.2, 239.4])).toEqual({ domain: [225, 240], ticks: [225, 230, 235, 240] });
    expect(niceValueScale([1_000, 1_500, 2_000])).toEqual({
      domain: [1_000, 2_000],
      ticks: [1_000, 1_250, 1_500, 1_750, 2_000],
    });
    expect(niceValueScale([0, 7], 4)).toEqual({ domain: [0, 7.5], ticks: [0, 2.5, 5, 7.5] });
  });

  it('keeps float noise out of small steps', () => {
    expect(niceValueScale([0.1, 0.7]).ticks).toEqual([0, 0.2, 0.4, 0.6, 0.8]);
  });

  it('gives a lone value room above and below, never below 0 for a value that is not', () => {
    expect(niceValueScale([0])).toEqual({ domain: [0, 1], ticks: [0, 0.25, 0.5, 0.75, 1] });
    const flat = niceValueScale([5_000_000]);
    expect(flat.domain[0]).toBeLessThan(5_000_000);
    expect(flat.domain[1]).toBeGreaterThan(5_000_000);
    expect(flat.domain[0]).toBeGreaterThanOrEqual(0);
  });

  it.each([[[3, 97]], [[0, 13_034_431]], [[12_345, 12_399]], [[-40, 260]]])(
    'stays within the ticks asked for and covers %j',
    (values) => {
      for (const most of [3, 4, 5, 6]) {
        const { domain, ticks } = niceValueScale(values, most);
        expect(ticks.length).toBeLessThanOrEqual(most);
        expect(ticks.length).toBeGreaterThanOrEqual(2);
        expect(domain[0]).toBeLessThanOrEqual(Math.min(...values));
        expect(domain[1]).toBeGreaterThanOrEqual(Math.max(...values));
        expect(ticks[0]).toBe(domain[0]);
        expect(ticks.at(-1)).toBe(domain[1]);
      }
    },
  );
});

describe('dayScale', () => {
  it('labels two days for points within one day', () => {
    const start = Date.parse('2026-11-21T12:00:00.000Z');
    expect(dayScale(start, start + 60_000)).toEqual({
      domain: [day('2026-11-21'), day('2026-11-22')],
      ticks: [day('2026-11-21'), day('2026-11-22')],
    });
  });

  it('labels whole days an even number of days apart, a week apart over a month', () => {
    const { domain, ticks } = dayScale(day('2026-10-28'), day('2026-11-27'));
    expect(domain).toEqual([day('2026-10-28'), day('2026-11-27')]);
    expect(ticks).toEqual([0, 7, 14, 21, 28].map((n) => day('2026-10-28') + n * DAY));
  });

  it('never gives fewer than two labels or more than asked for', () => {
    for (const days of [1, 2, 5, 6, 13, 40, 200, 365, 800]) {
      for (const most of [2, 3, 4, 5]) {
        const { ticks } = dayScale(day('2026-01-01'), day('2026-01-01') + days * DAY, most);
        expect(ticks.length, `${days} days, ${most} ticks`).toBeGreaterThanOrEqual(2);
        expect(ticks.length, `${days} days, ${most} ticks`).toBeLessThanOrEqual(most);
      }
    }
  });
});

describe('tick labels', () => {
  it('reads values short: 250M, 12.5K, 230', () => {
    expect([250_000_000, 12_500, 230, 0.25].map(formatValueTick)).toEqual(['250M', '12.5K', '230', '0.25']);
  });

  it('names the day and month, and the year only when the axis spans two', () => {
    const within = dayTickFormatter(dayScale(day('2026-10-28'), day('2026-11-27')));
    expect(within(day('2026-10-28'))).toBe('28 Oct');
    const across = dayTickFormatter(dayScale(day('2025-12-20'), day('2026-01-10')));
    expect(across(day('2025-12-20'))).toBe('20 Dec 2025');
  });
});
