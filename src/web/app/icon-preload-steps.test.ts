import { afterEach, describe, expect, it, vi } from 'vitest';
import { schedule } from '../lib/idle.ts';
import { metricIcon, metricIconUrl, PRELOADED_ICONS } from '#core/metrics/metric-icons.ts';
import { iconPreloadSteps } from './icon-preload-steps.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Stands in for the browser's Image: records each preload so a test can fail it. */
function recordImages() {
  const created: Array<{ src: string; onerror: (() => void) | null }> = [];
  vi.stubGlobal(
    'Image',
    class {
      onerror: (() => void) | null = null;
      src = '';
      constructor() {
        created.push(this);
      }
    },
  );
  return created;
}

describe('iconPreloadSteps', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("preloads the 21 spec icons from the site's /icons/, 75 ms apart after a 1 s delay", () => {
    const created = recordImages();
    const steps = iconPreloadSteps();
    expect(steps).toHaveLength(21);
    expect(steps.map((step) => step.afterMs)).toEqual(steps.map((_, index) => 1000 + index * 75));
    for (const step of steps) step.run();
    expect(created.map((image) => image.src)).toEqual(
      PRELOADED_ICONS.map(({ kind, name }) => metricIconUrl(metricIcon(kind, name)!)),
    );
  });

  it('logs a failed icon as an error, a missing mapping as a warning, and carries on after each', async () => {
    vi.useFakeTimers();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const created = recordImages();
    schedule(
      iconPreloadSteps([
        { kind: 'boss', name: 'vorkath' },
        { kind: 'boss', name: 'zulrah' },
        { kind: 'boss', name: 'Bob the Cat' },
        { kind: 'skill', name: 'Attack' },
      ]),
    );

    await vi.advanceTimersByTimeAsync(1000);
    expect(created.map((image) => image.src)).toEqual(['/icons/vorkath.png']);
    created[0]!.onerror?.();
    expect(errors).toHaveBeenCalledExactlyOnceWith('Failed to preload icon /icons/vorkath.png');

    await vi.advanceTimersByTimeAsync(75);
    expect(created.map((image) => image.src).at(-1)).toBe('/icons/zulrah.png');

    await vi.advanceTimersByTimeAsync(75);
    expect(warnings).toHaveBeenCalledExactlyOnceWith('No icon mapping for boss "Bob the Cat"');
    expect(created).toHaveLength(2);

    await vi.advanceTimersByTimeAsync(75);
    expect(created.map((image) => image.src)).toEqual([
      '/icons/vorkath.png',
      '/icons/zulrah.png',
      '/icons/attack.png',
    ]);
    expect(errors).toHaveBeenCalledTimes(1);
    expect(warnings).toHaveBeenCalledTimes(1);
  });

  it('leaves out the icons the site does not hold, without a request or an error', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const created = recordImages();
    const steps = iconPreloadSteps(
      [
        { kind: 'boss', name: 'vorkath' },
        { kind: 'boss', name: 'zulrah' },
        { kind: 'skill', name: 'Attack' },
      ],
      new Set(['zulrah.png']),
    );
    for (const step of steps) step.run();
    expect(created.map((image) => image.src)).toEqual(['/icons/zulrah.png']);
    expect(steps.map((step) => step.afterMs)).toEqual([1000]);
    expect(errors).not.toHaveBeenCalled();
  });
});
