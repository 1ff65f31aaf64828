import type { Locator } from '@playwright/test';
import { expect } from './fixtures.ts';

const UNITS: Record<string, number> = { K: 1e3, M: 1e6, B: 1e9 };

/** Whether value labels ('220M', '230M', …) step evenly by a round amount from a multiple of it. */
function roundSteps(labels: readonly string[]): boolean {
  const values = labels
    .map((label) => Number(label.replace(/[KMB]$/, '')) * (UNITS[label.at(-1) ?? ''] ?? 1))
    .sort((a, b) => a - b);
  if (values.length < 2 || values.some(Number.isNaN)) return false;
  const step = values[1]! - values[0]!;
  const mantissa = step / 10 ** Math.floor(Math.log10(step));
  const near = (a: number, b: number) => Math.abs(a - b) < step / 1000;
  const whole = (value: number) => Math.abs(value - Math.round(value)) < 1e-6;
  return (
    [1, 2, 2.5, 5].some((nice) => Math.abs(mantissa - nice) < 1e-6) &&
    values.every((value, index) => near(value, values[0]! + index * step)) &&
    whole(values[0]! / step)
  );
}

/**
 * Every chart in `figure` labels more than one day and its values in equal round steps, and no label
 * sits inside a plot, where a line could cross it (what the lines are is in a legend or a heading).
 */
export async function expectReadableAxes(figure: Locator): Promise<void> {
  const value = '.recharts-cartesian-axis-tick-value';
  const charts = await figure.locator('svg.recharts-surface').all();
  expect(charts.length).toBeGreaterThan(0);
  for (const chart of charts) {
    expect(await chart.locator(`.recharts-xAxis-tick-labels ${value}`).count()).toBeGreaterThan(1);
    const labels = await chart.locator(`.recharts-yAxis-tick-labels ${value}`).allTextContents();
    expect(roundSteps(labels), labels.join(' ')).toBe(true);
  }
  await expect(figure.locator('.recharts-label')).toHaveCount(0);
}
