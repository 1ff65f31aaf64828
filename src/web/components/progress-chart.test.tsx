import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProgressChart, progressAxes } from './progress-chart.tsx';

const DAY = 24 * 60 * 60 * 1000;

describe('progressAxes', () => {
  it('labels two whole days for values all on one day, and round values up to the target', () => {
    const at = Date.parse('2026-11-21T12:00:00.000Z');
    const { x, y } = progressAxes(
      [
        { time: at, value: 224_451_874 },
        { time: at + 60_000, value: 224_501_874 },
      ],
      234_451_874,
      null,
    );
    expect(x.ticks).toEqual([Date.parse('2026-11-21T00:00:00.000Z'), Date.parse('2026-11-22T00:00:00.000Z')]);
    expect(y).toEqual({ domain: [220e6, 235e6], ticks: [220e6, 225e6, 230e6, 235e6] });
  });

  it('runs the days to the target date', () => {
    const at = Date.parse('2026-11-01T09:00:00.000Z');
    const end = Date.parse('2026-12-01T00:00:00.000Z');
    const { x } = progressAxes([{ time: at, value: 5 }], 50, end);
    expect(x.domain).toEqual([Date.parse('2026-11-01T00:00:00.000Z'), end]);
    expect(x.ticks.length).toBeGreaterThan(2);
    expect((x.ticks[1]! - x.ticks[0]!) % DAY).toBe(0);
  });
});

describe('ProgressChart', () => {
  it('names its lines in a legend below the plot, the target with its value', () => {
    render(
      <ProgressChart
        label="Fishing progress over time"
        history={[{ value: 1_000, recorded_at: '2026-11-21T12:00:00.000Z' }]}
        target={2_500}
        targetDate="2026-12-24"
      />,
    );
    const legend = within(screen.getByRole('figure', { name: 'Fishing progress over time' })).getByRole(
      'list',
      { name: 'Legend' },
    );
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Value', 'Target: 2,500', 'On schedule']);
  });
});
